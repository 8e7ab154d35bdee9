/**
 * The figures of the engine's browser test (test/engine-browser.test.ts): an estimate, a
 * current usage and an invoice preview of one small plan, computed by whichever engine is
 * given: the page bundled for chromium and the Node test run this same module.
 */
import type * as Engine from '@feecast/engine';

type EngineApi = Pick<typeof Engine, 'createEstimator' | 'currentUsage' | 'previewInvoice'>;

/** What the slim price preview imports (docs/guides/preview-a-price.md), and no more. */
type PreviewApi = Pick<
  typeof Engine,
  'createPreviewEstimator' | 'standardModel' | 'sumAggregation'
>;

/** The figures, as the page prints them (JSON) and the test compares them. */
export interface Figures {
  readonly estimate: readonly [number, number, number] | string;
  readonly usage: readonly [number, number] | string;
  readonly invoice: readonly [number, number, number] | string;
}

const customer = { external_id: 'cust_1' };
const subscription = { external_id: 'sub_1', started_at: '2025-01-01T00:00:00Z' };
const plan = {
  code: 'startup',
  interval: 'monthly',
  amount_cents: 4900,
  amount_currency: 'EUR',
  charges: [
    { billable_metric_code: 'api_calls', charge_model: 'standard', properties: { amount: '0.01' } },
  ],
} as const;
/** The same plan with its charge paid in advance: what an estimate prices. */
const inAdvance = { ...plan, charges: [{ ...plan.charges[0], pay_in_advance: true }] };
const billableMetrics = [
  { code: 'api_calls', aggregation_type: 'sum_agg', field_name: 'calls' },
] as const;
const taxes = { billing_entity: [{ code: 'vat_20', rate: 20 }] };
const events = [
  {
    transaction_id: 't1',
    code: 'api_calls',
    timestamp: '2025-03-02T10:00:00Z',
    properties: { calls: '120' },
  },
  {
    transaction_id: 't2',
    code: 'api_calls',
    timestamp: '2025-03-03T10:00:00Z',
    properties: { calls: '30.5' },
  },
];
const now = '2025-03-15T00:00:00Z';

/** The estimate of 1,000 calls by a prepared estimator, or the error message of a step. */
function estimateOf(
  estimator: ReturnType<typeof Engine.createPreviewEstimator>,
): Figures['estimate'] {
  if (estimator._tag === 'Left') return estimator.left.message;
  const fees = estimator.right.estimateFees({
    event: { code: 'api_calls', properties: { calls: '1000' } },
    now,
  });
  if (fees._tag === 'Left') return fees.left.message;
  const fee = fees.right.fees[0];
  return fee === undefined
    ? 'no fee'
    : [fee.amount_cents, fee.taxes_amount_cents, fee.total_amount_cents];
}

/** The estimator's context: the plan with its charge paid in advance. */
const context = { customer, subscription, plan: inAdvance, billableMetrics, taxes };

/** The estimate of the scenario by the slim price preview (`createPreviewEstimator`). */
export function previewFigure(engine: PreviewApi): Figures['estimate'] {
  return estimateOf(
    engine.createPreviewEstimator(context, [engine.standardModel, engine.sumAggregation]),
  );
}

/** The three figures of the scenario, or the error message of a step that failed. */
export function figures(engine: EngineApi): Figures {
  const estimate = estimateOf(engine.createEstimator(context));
  const current = engine.currentUsage({
    customer,
    subscription,
    plan,
    billableMetrics,
    taxes,
    events,
    now,
  });
  const usage: Figures['usage'] =
    current._tag === 'Left'
      ? current.left.message
      : [
          current.right.customer_usage.amount_cents,
          current.right.customer_usage.total_amount_cents,
        ];
  const preview = engine.previewInvoice({
    customer,
    subscriptions: [{ subscription, plan }],
    billableMetrics,
    taxes,
    events,
    now,
  });
  const invoice: Figures['invoice'] =
    preview._tag === 'Left'
      ? preview.left.message
      : [
          preview.right.invoice.fees_amount_cents,
          preview.right.invoice.taxes_amount_cents,
          preview.right.invoice.total_amount_cents,
        ];
  return { estimate, usage, invoice };
}
