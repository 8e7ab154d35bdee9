import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { type UsageEvent, type WithAsyncEvents, withBatchedEvents } from '../../aggregation/index';
import { type FeecastError, feecastError, isRecord, orThrow } from '../../core/index';
import { type PlanInput, readBillableMetrics, type SubscriptionInput } from '../../inputs/index';
import { materialized } from '../compare-plans/compare-plans';
import { projectedUsage } from '../projected-usage';
import {
  type AssumedEvent,
  type AssumedUsage,
  type AssumedUsageSource,
  assumedEvents,
  datedEvents,
  eventsOfRates,
  projectionRates,
} from './assumed-usage';
import { afterInvoice, type Carried, carriedState } from './carried';
import type { PreviewInvoiceInput } from './inputs';
import { type InvoicePreview, previewInvoice } from './preview-invoice';

/** At most this many periods are previewed. */
export const MAX_PREVIEWED_PERIODS = 120;

/** The input of {@link previewInvoices}: `previewInvoice`'s for one subscription, and the periods. */
export interface PreviewInvoicesInput
  extends Omit<PreviewInvoiceInput, 'subscriptions' | 'addOns' | 'progressiveBilling'> {
  readonly subscription: SubscriptionInput;
  readonly plan: PlanInput;
  /** How many periods after the current one to preview (1 to `MAX_PREVIEWED_PERIODS`). */
  readonly periods: number;
  /** The usage assumed in each of them; default: the projection of the current period. */
  readonly usage?: AssumedUsage | null;
}

/** One future period's invoice. */
export interface PeriodInvoice {
  /** 1 for the period after the current one, 2 for the next... */
  readonly period: number;
  /** The instant previewed: the period's start (the previous invoice's run). */
  readonly now: string;
  /** When the invoice is issued: its billing run (`invoice.created_at`). */
  readonly issued_at: string;
  /** The assumed usage of this period: the events added, dated at its start. */
  readonly events: readonly UsageEvent[];
  readonly preview: InvoicePreview;
}

/** The result of {@link previewInvoices}. */
export interface InvoicesPreview {
  /** Where the assumed usage comes from. */
  readonly usage_source: AssumedUsageSource;
  /** The usage assumed in each period, undated (`rates` and the projection made into events). */
  readonly usage: readonly AssumedEvent[];
  /** The invoice of the current period: `previewInvoice` at `now`, on the events given. */
  readonly current: InvoicePreview;
  /** The next periods' invoices, in order. */
  readonly periods: readonly PeriodInvoice[];
}

/**
 * A dry run of the invoices of the `periods` billing periods after the current one, under an
 * assumed usage: `usage.rates` (units per period by metric code), `usage.events` (the events
 * of one period), or by default the projection of the current period (`projectedUsage`: each
 * metric's projected units). Each period's copy of that usage is dated at the period's start
 * and added to the events given, and the period's invoice is `previewInvoice` at that
 * instant on all of them: period k equals `previewInvoice` at its `now` with the events
 * given and those of periods 1 to k (a property the tests check). Coupons, wallets, their
 * transactions and credit notes go from each invoice to the next as it leaves them, starting
 * with the current period's invoice (`current`).
 *
 * A rate makes events: a sum, max or latest value, one event with the units; a count, that
 * many events; a unique count, that many distinct values. A recurring metric keeps its level
 * (the projection adds nothing to it; a rate for it is refused), and a charge with filters or
 * pricing groups needs `usage.rates` or `usage.events`. Bad input is a `Left` naming the
 * field; it never throws.
 *
 * @example
 * // 1,000 calls at 0.01 EUR by 10 November at noon (day 10 of 30): projected to 3,000 calls,
 * // 30.00 EUR, a month; with the 10.00 EUR fee, 40.00 EUR in December and in January, each
 * // invoiced on the 1st of the next month. November so far: 10.00 + 10.00 = 20.00 EUR.
 * previewInvoices({
 *   customer: { external_id: 'acme', timezone: 'UTC' },
 *   subscription: { external_id: 'sub_acme', started_at: '2026-01-01T00:00:00Z' },
 *   plan: {
 *     code: 'basic', interval: 'monthly', amount_cents: 1000, amount_currency: 'EUR',
 *     charges: [{ billable_metric_code: 'calls', charge_model: 'standard', properties: { amount: '0.01' } }],
 *   },
 *   billableMetrics: [{ code: 'calls', aggregation_type: 'sum_agg', field_name: 'calls' }],
 *   events: [{ transaction_id: 't1', code: 'calls', timestamp: '2026-11-05T10:00:00Z', properties: { calls: '1000' } }],
 *   now: '2026-11-10T12:00:00Z',
 *   periods: 2,
 * }) // ~> right({ usage_source: 'projection', current: { invoice: { fees_amount_cents: 2000 } }, periods: [
 * //   { now: '2026-12-01T00:00:00Z', issued_at: '2027-01-01T00:00:00Z', preview: { invoice: { fees_amount_cents: 4000 } } },
 * //   { now: '2027-01-01T00:00:00Z', issued_at: '2027-02-01T00:00:00Z', preview: { invoice: { fees_amount_cents: 4000 } } }] })
 */
export function previewInvoices(
  input: WithAsyncEvents<PreviewInvoicesInput>,
): Promise<Either<FeecastError, InvoicesPreview>>;
export function previewInvoices(input: PreviewInvoicesInput): Either<FeecastError, InvoicesPreview>;
export function previewInvoices(
  input: PreviewInvoicesInput | WithAsyncEvents<PreviewInvoicesInput>,
): Either<FeecastError, InvoicesPreview> | Promise<Either<FeecastError, InvoicesPreview>> {
  return withBatchedEvents(input, previewInvoicesNow);
}

/**
 * {@link previewInvoices}, throwing an `Error` (its `cause` is the `FeecastError`) instead of
 * returning a `Left`.
 *
 * @example
 * // 500 calls at 0.01 EUR a month assumed, with the 10.00 EUR fee: 15.00 EUR.
 * previewInvoicesUnsafe({
 *   customer: { external_id: 'acme', timezone: 'UTC' },
 *   subscription: { external_id: 'sub_acme', started_at: '2026-01-01T00:00:00Z' },
 *   plan: {
 *     code: 'basic', interval: 'monthly', amount_cents: 1000, amount_currency: 'EUR',
 *     charges: [{ billable_metric_code: 'calls', charge_model: 'standard', properties: { amount: '0.01' } }],
 *   },
 *   billableMetrics: [{ code: 'calls', aggregation_type: 'sum_agg', field_name: 'calls' }],
 *   events: [],
 *   now: '2026-11-10T12:00:00Z',
 *   periods: 1,
 *   usage: { rates: { calls: '500' } },
 * }).periods[0]?.preview.invoice.fees_amount_cents // => 1500
 */
export function previewInvoicesUnsafe(input: PreviewInvoicesInput): InvoicesPreview {
  return orThrow(previewInvoices(input));
}

function invalid(path: readonly string[], message: string): Either<FeecastError, never> {
  return left(feecastError('invalid_input', message, path));
}

/** The events given, then `added`: an iterable read as often as asked. */
function withAdded(
  events: Iterable<UsageEvent>,
  added: readonly UsageEvent[],
): Iterable<UsageEvent> {
  if (added.length === 0) return events;
  return {
    *[Symbol.iterator]() {
      yield* events;
      yield* added;
    },
  };
}

/** {@link previewInvoices} of events given as an iterable or a batch. */
function previewInvoicesNow(input: PreviewInvoicesInput): Either<FeecastError, InvoicesPreview> {
  if (!isRecord(input)) {
    return invalid(
      [],
      'previewInvoices expects an object { customer, subscription, plan, billableMetrics, events, now, periods, usage?, ... }.',
    );
  }
  const count = input.periods;
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_PREVIEWED_PERIODS) {
    return invalid(
      ['periods'],
      `periods must be a whole number from 1 to ${MAX_PREVIEWED_PERIODS}: how many periods after the current one to preview.`,
    );
  }
  const { subscription, plan, periods: _periods, usage: _usage, ...shared } = input;
  const events = materialized(input.events);
  const entry = { subscription, plan };
  const current = previewInvoice({ ...shared, events, subscriptions: [entry] });
  if (isLeft(current)) return left(inPeriodsTerms(current.left));
  const assumed = assumedUsage(input, events);
  if (isLeft(assumed)) return assumed;
  // The preview read the subscription: its external id is the one the assumed events name.
  const external = current.right.invoice.subscriptions[0]?.external_id ?? '';

  let carried: Carried = afterInvoice(carriedState(shared), current.right);
  let now = current.right.invoice.created_at;
  const added: UsageEvent[] = [];
  const out: PeriodInvoice[] = [];
  for (let period = 1; period <= count; period++) {
    const own = datedEvents(assumed.right.events, period, now, external);
    for (const event of own) added.push(event);
    const preview = previewInvoice({
      ...shared,
      ...carried,
      events: withAdded(events, added),
      subscriptions: [entry],
      now,
    });
    if (isLeft(preview)) return left(inPeriodsTerms(preview.left));
    out.push({
      period,
      now,
      issued_at: preview.right.invoice.created_at,
      events: own,
      preview: preview.right,
    });
    carried = afterInvoice(carried, preview.right);
    now = preview.right.invoice.created_at;
  }
  return right({
    usage_source: assumed.right.source,
    usage: assumed.right.events,
    current: current.right,
    periods: out,
  });
}

/** The assumed usage of one period, undated, and where it comes from. */
function assumedUsage(
  input: PreviewInvoicesInput,
  events: Iterable<UsageEvent>,
): Either<FeecastError, { source: AssumedUsageSource; events: AssumedEvent[] }> {
  const usage = input.usage ?? {};
  if (!isRecord(usage))
    return invalid(['usage'], 'usage must be { rates } or { events }, or null.');
  const metrics = readBillableMetrics(input.billableMetrics, ['billableMetrics']);
  if (isLeft(metrics)) return metrics;
  const given = (value: unknown) => value !== undefined && value !== null;
  if (given(usage.rates) && given(usage.events)) {
    return invalid(['usage'], 'Give usage.rates or usage.events, not both.');
  }
  if (given(usage.events)) {
    const read = assumedEvents(usage.events, ['usage', 'events']);
    return isLeft(read) ? read : right({ source: 'events', events: read.right });
  }
  if (given(usage.rates)) {
    if (!isRecord(usage.rates)) {
      return invalid(
        ['usage', 'rates'],
        'usage.rates must be an object: units per period by metric code.',
      );
    }
    const made = eventsOfRates(usage.rates, metrics.right, ['usage', 'rates']);
    return isLeft(made) ? made : right({ source: 'rates', events: made.right });
  }
  const { usage: _u, periods: _p, ...context } = input;
  const projected = projectedUsage({
    customer: context.customer,
    subscription: context.subscription,
    plan: context.plan,
    billableMetrics: context.billableMetrics,
    events,
    now: context.now,
    ...(context.pricingUnits === undefined ? {} : { pricingUnits: context.pricingUnits }),
  });
  if (isLeft(projected)) return left(inPeriodsTerms(projected.left));
  const rates = projectionRates(projected.right, metrics.right);
  if (isLeft(rates)) return rates;
  const made = eventsOfRates(rates.right, metrics.right, ['usage']);
  return isLeft(made) ? made : right({ source: 'projection', events: made.right });
}

/** A preview's error in this operation's terms: `subscriptions[0]`'s paths renamed. */
function inPeriodsTerms(error: FeecastError): FeecastError {
  const [head, index, field, ...rest] = error.path ?? [];
  if (head !== 'subscriptions' || index !== '0') return error;
  return { ...error, path: [...(field === undefined ? [] : [field]), ...rest] };
}
