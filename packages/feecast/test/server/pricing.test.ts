// The engine behind the server (issue 9): POST /events/estimate_fees, GET current_usage and

// projected_usage answered by @feecast/engine on the state, with the reference's HTTP
// errors (estimate-and-usage §1, §2.2, §3.2). Figures are worked by hand from the example
// plan `startup` (see the comments).
import { describe, expect, it } from 'vitest';
import { exampleState } from '../../src/server/state/example-state';
import type { ServerState } from '../../src/server/state/state';
import {
  CPU_TODAY,
  expectError,
  expectSuccess,
  expectValidationErrors,
  NOW,
  serverPerTest,
  withEvents,
} from './builders';

const start = serverPerTest();
const SUBSCRIPTION = 'sub_1234567890';
const ESTIMATE = '/api/v1/events/estimate_fees';
const QUERY = `?external_subscription_id=${SUBSCRIPTION}`;

function estimateOf(code: string, properties: Record<string, unknown>) {
  return { event: { code, external_subscription_id: SUBSCRIPTION, properties } };
}

describe('POST /events/estimate_fees with the engine', () => {
  it('§2.9 standard: a new seat in Europe costs the Europe filter amount, 10.00 → 1000 cents, VAT 20 % → 200', async () => {
    // Charge `seats` (pay in advance, standard, unique count of seat_id), filter Europe at
    // "10": one new distinct seat adds 1 unit, 1 × 10.00 = 10.00 USD; charge tax 20 % → 2.00.
    const t = await start({ state: exampleState(NOW) });
    const answer = await t.call(
      'POST',
      ESTIMATE,
      estimateOf('seats', { seat_id: 'bob', region: 'Europe' }),
    );
    const [fee, ...others] = expectSuccess(answer, 'estimateFees').fees;
    expect(others).toEqual([]);
    expect([
      fee?.amount_cents,
      fee?.taxes_amount_cents,
      fee?.total_amount_cents,
      fee?.amount_currency,
      fee?.item.filter_invoice_display_name,
    ]).toEqual([1000, 200, 1200, 'USD', 'Europe']);
  });

  it('§2.9 standard: the USA filter at "5" gives 500 cents', async () => {
    const t = await start({ state: exampleState(NOW) });
    const answer = await t.call(
      'POST',
      ESTIMATE,
      estimateOf('seats', { seat_id: 'x', region: 'USA' }),
    );
    expect(expectSuccess(answer, 'estimateFees').fees.map((f) => f.amount_cents)).toEqual([500]);
  });

  it('§2.8 unique count: a seat already stored in the period adds nothing, so its estimate is 0', async () => {
    const t = await start({ state: exampleState(NOW) });
    const stored = await t.call('POST', '/api/v1/events', {
      event: {
        transaction_id: 'tx_carol',
        code: 'seats',
        external_subscription_id: SUBSCRIPTION,
        properties: { seat_id: 'carol', region: 'Europe' },
      },
    });
    expect(stored.status).toBe(200);
    const answer = await t.call(
      'POST',
      ESTIMATE,
      estimateOf('seats', { seat_id: 'carol', region: 'Europe' }),
    );
    expect(expectSuccess(answer, 'estimateFees').fees.map((f) => f.amount_cents)).toEqual([0]);
  });

  it('§2.2 step 6: a non-numeric value of a sum metric → 422 {"properties": ["value_is_not_valid_number"]}', async () => {
    const t = await start({ state: exampleState(NOW) });
    expectValidationErrors(
      await t.call('POST', ESTIMATE, estimateOf('payments', { amount: 'abc' })),
      {
        properties: ['value_is_not_valid_number'],
      },
    );
  });

  it('§2.2 step 8: no pay-in-advance charge on the metric (cpu is billed in arrears) → 422 {"code": ["does_not_match_an_instant_charge"]}', async () => {
    const t = await start({ state: exampleState(NOW) });
    expectValidationErrors(
      await t.call('POST', ESTIMATE, estimateOf('cpu', { cpu_seconds: '3' })),
      { code: ['does_not_match_an_instant_charge'] },
    );
  });

  it('§2.2 step 7: an expression that cannot be evaluated → 422 expression_evaluation_failed with the message', async () => {
    const state = exampleState(NOW);
    const t = await start({
      state: {
        ...state,
        billable_metrics: state.billable_metrics.map((m) =>
          m.code === 'payments'
            ? { ...m, expression: 'event.properties.left + event.properties.right' }
            : m,
        ),
      },
    });
    const answer = await t.call('POST', ESTIMATE, estimateOf('payments', { left: '1' }));
    expectError(answer, 422, 'validation_errors');
    const details = (answer.body as { error_details: Record<string, string[]> }).error_details;
    expect(Object.keys(details)).toEqual(['properties']);
    expect(details.properties?.[0]).toMatch(/^expression_evaluation_failed: .*right/);
  });

  it('other invalid input → 422 naming the field and saying what to fix (a standard charge without its amount)', async () => {
    // The third charge of each plan loses its properties (a standard charge needs `amount`).
    const broken = structuredClone(exampleState(NOW)) as ServerState & {
      plans: { charges: { properties: unknown }[] }[];
    };
    for (const plan of broken.plans) {
      const charge = plan.charges[2];
      if (charge !== undefined) charge.properties = {};
    }
    const t = await start({ state: broken });
    const answer = await t.call(
      'POST',
      ESTIMATE,
      estimateOf('seats', { seat_id: 'bob', region: 'Europe' }),
    );
    expectError(answer, 422, 'validation_errors');
    const details = (answer.body as { error_details: Record<string, string[]> }).error_details;
    expect(details['plan.charges.2.properties.amount']?.[0]).toMatch(
      /^invalid_charge_properties: amount is required/,
    );
  });
});

describe('GET current_usage and projected_usage with the engine', () => {
  it('§3.8 current usage: 12 cpu seconds today cost 15.80 (graduated 0–10 at 0.5 + 10 flat, then 0.4)', async () => {
    // cpu: graduated [0–10: 0.5/unit + 10 flat, 11–∞: 0.4/unit]; 12 units → 10 × 0.5 + 10 +
    // 2 × 0.4 = 15.80 → 1580 cents. api_calls: graduated percentage whose first range has a
    // flat 10 → 1000 cents with no usage; every other charge has no usage → 0. Amount 2580;
    // plan tax 20 % on 25.80 → 5.16; total 3096.
    const t = await start({ state: withEvents(exampleState(NOW), [CPU_TODAY]) });
    const usage = expectSuccess(
      await t.call('GET', `/api/v1/customers/hooli_1234/current_usage${QUERY}`),
      'getCurrentUsage',
    ).customer_usage;
    const cpu = usage.charges_usage.find((c) => c.billable_metric.code === 'cpu');
    expect([cpu?.units, cpu?.events_count, cpu?.amount_cents]).toEqual(['12', 1, 1580]);
    expect([
      usage.from_datetime,
      usage.to_datetime,
      usage.amount_cents,
      usage.taxes_amount_cents,
      usage.total_amount_cents,
    ]).toEqual(['2025-03-15T07:00:00Z', '2025-04-15T06:59:59Z', 2580, 516, 3096]);
  });

  it('§3.1 apply_taxes=false: taxes are 0 and the total is the amount', async () => {
    const t = await start({ state: withEvents(exampleState(NOW), [CPU_TODAY]) });
    const usage = expectSuccess(
      await t.call('GET', `/api/v1/customers/hooli_1234/current_usage${QUERY}&apply_taxes=false`),
      'getCurrentUsage',
    ).customer_usage;
    expect([usage.amount_cents, usage.taxes_amount_cents, usage.total_amount_cents]).toEqual([
      2580, 0, 2580,
    ]);
  });

  it('§4.2–4.3 projected usage: ratio 1/31, 12 units → 372 projected units → 159.80', async () => {
    // Day 1 of 31 has started: ratio = 1/31; projected units = round(12 / (1/31), 2) = 372;
    // graduated cost of 372: 10 × 0.5 + 10 + 362 × 0.4 = 159.80 → 15980 cents.
    const t = await start({ state: withEvents(exampleState(NOW), [CPU_TODAY]) });
    const usage = expectSuccess(
      await t.call('GET', `/api/v1/customers/hooli_1234/projected_usage${QUERY}`),
      'getProjectedUsage',
    ).customer_projected_usage;
    const cpu = usage.charges_usage.find((c) => c.billable_metric.code === 'cpu') as
      | { projected_units?: string; projected_amount_cents?: number; amount_cents: number }
      | undefined;
    expect(cpu?.amount_cents).toBe(1580);
    expect(cpu?.projected_units).toMatch(/^372(\.0+)?$/);
    expect(cpu?.projected_amount_cents).toBe(15980);
    expect(usage.amount_cents).toBe(2580);
  });

  it('§1 a charge whose billable metric is missing → 404 billable_metric_not_found', async () => {
    const state = exampleState(NOW);
    const t = await start({
      state: {
        ...state,
        billable_metrics: state.billable_metrics.filter((m) => m.code !== 'storage'),
      },
    });
    for (const what of ['current_usage', 'projected_usage']) {
      expectError(
        await t.call('GET', `/api/v1/customers/hooli_1234/${what}${QUERY}`),
        404,
        'billable_metric_not_found',
      );
    }
  });

  it('§3.2 after the subscription ends (ending_at 2026-01-15), usage is 405 no_active_subscription (the reference terminates it)', async () => {
    const t = await start({
      state: exampleState(NOW),
      clock: () => new Date('2026-03-01T12:00:00Z'),
    });
    for (const what of ['current_usage', 'projected_usage']) {
      expectError(
        await t.call('GET', `/api/v1/customers/hooli_1234/${what}${QUERY}`),
        405,
        'no_active_subscription',
      );
    }
  });
});
