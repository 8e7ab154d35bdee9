import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type Fed,
  type Feeding,
  readEvents,
  type UsageEvent,
  type WithAsyncEvents,
  withEvents,
} from '../../aggregation/index';
import { describeValue, type FeecastError, feecastError, orThrow } from '../../core/index';
import { fixState } from '../../fees/index';
import type { PreviewAppliedCoupon, WalletInput } from '../../inputs/index';
import { readPreviewMoney } from '../preview-invoice/inputs';
import { type InvoicePreview, previewOfFacts } from '../preview-invoice/preview-invoice';
import { type EventGrid, eventCodes, eventGrid } from './event-grid';
import {
  afterInvoice,
  type BacktestFacts,
  type BacktestInput,
  CURRENT,
  type MoneyState,
  type Owned,
  readBacktestInput,
} from './inputs';
import { type BacktestRow, backtestRow } from './rows';
import {
  type FoundRuns,
  inBacktestTerms,
  type Series,
  type SeriesPeriod,
  seriesOf,
} from './series';
import { type BacktestSummary, backtestSummary } from './summary';

/** What pricing reads of a grid: its states, its kept events, its counts. @internal */
export type PricedGrid = Pick<EventGrid, 'aggregates' | 'keptEvents' | 'counts'> &
  Partial<Pick<EventGrid, 'release'>>;

/** The result of {@link backtest}. */
export interface Backtest {
  /**
   * One row per subscription x billing period x plan: the invoice's totals and fees per
   * line; per customer in the order given, per plan (`"current"` first), in time order.
   */
  readonly rows: readonly BacktestRow[];
  readonly summary: BacktestSummary;
}

/**
 * The invoices a history of usage would have had, for every subscription, every billing
 * period that overlaps `[from, to)` and every plan: the subscription's own (`"current"`,
 * when its entry gives it) and each candidate of `plans` (issue 22 §1). Each invoice is
 * `previewInvoice`'s at that period (its run, in the customer's zone, on the plan's interval
 * and the subscription's billing time and anniversary), with its coupons and wallets as the
 * customer's earlier invoices on that plan left them.
 *
 * The events are read once, whatever their number of plans and periods, each routed to the
 * accumulator of its subscription, period (for recurring metrics, also the later periods),
 * plan and metric; each invoice is priced from the states of its accumulators (the
 * `aggregates` of `previewInvoice`); plans whose charges split the events alike (prices apart)
 * share their accumulators. Memory is one state per subscription x period x plan x metric (at
 * most), the transaction ids of each subscription's events with their periods, to find
 * repeats as `previewInvoice` does (none unless `deduplicate: false` says they are distinct),
 * plus, per subscription, the events
 * of the metrics some plan prices from each event (pay in advance, percentage, prorated
 * graduated, dynamic): those are kept, and given to each of their periods' previews.
 *
 * Bad input is a `Left` naming the field of this input (`['plans', '1', 'charges', '0', ...]`,
 * `['subscriptions', '2', 'subscription', 'started_at']`); it never throws.
 *
 * @example
 * // November on Starter (the subscription's plan) and on Growth: 551.91 and 455.64 EUR.
 * const result = backtest({
 *   plans: [growth],
 *   subscriptions: [{ customer, subscription, plan }],
 *   billableMetrics, events,
 *   from: '2026-11-01T00:00:00Z',
 *   to: '2026-12-01T00:00:00Z',
 * });
 * if (result._tag === 'Right') {
 *   result.right.rows.map((row) => `${row.plan} ${row.month} ${row.revenue_cents}`)
 *   // => ['current 2026-11 55191', 'growth 2026-11 45564']
 *   result.right.summary.deltas[0]?.delta_cents // => -9627
 * }
 */
export function backtest(
  input: WithAsyncEvents<BacktestInput>,
): Promise<Either<FeecastError, Backtest>>;
export function backtest(input: BacktestInput): Either<FeecastError, Backtest>;
export function backtest(
  input: BacktestInput | WithAsyncEvents<BacktestInput>,
): Either<FeecastError, Backtest> | Promise<Either<FeecastError, Backtest>> {
  return withEvents(input, backtestSteps);
}

/**
 * {@link backtest} that throws an `Error` carrying the error's code and message instead of
 * returning a `Left`: for notebooks and scripts.
 *
 * @example
 * backtestUnsafe({
 *   plans: [growth],
 *   subscriptions: [{ customer, subscription, plan }],
 *   billableMetrics, events,
 *   from: '2026-11-01T00:00:00Z',
 *   to: '2026-12-01T00:00:00Z',
 * }).summary.deltas[0]?.delta_cents // => -9627
 */
export function backtestUnsafe(input: BacktestInput): Backtest {
  return orThrow(backtest(input));
}

/** {@link backtest} as steps that read the events once (see `withEvents`). */
function* backtestSteps(input: Fed<BacktestInput>): Feeding<Either<FeecastError, Backtest>> {
  const read = readBacktestInput({ ...input, events: [] });
  if (isLeft(read)) return read;
  const facts = read.right;
  const series = allSeries(facts);
  if (isLeft(series)) return series;
  const grid = eventGrid(
    series.right,
    (one) => subscriptionOfSeries(facts, one),
    facts.deduplicate,
    facts.ordered,
  );
  if (isLeft(grid)) return grid;
  yield* readEvents(input.events, grid.right.visit);
  const late = grid.right.late();
  if (late !== undefined) {
    return left(
      feecastError(
        'events_out_of_order',
        `Event ${late.index} (transaction_id ${describeValue(late.transaction_id)}, subscription ${describeValue(late.external_subscription_id)}, timestamp ${describeValue(late.timestamp)}) comes after events of a later billing period of its subscription; with ordered: true each subscription's events must come in time order (across period ends). Sort them, or leave out ordered.`,
        ['events', String(late.index), 'timestamp'],
      ),
    );
  }
  return priceSeries(facts, series.right, grid.right);
}

/**
 * Every subscription's series, one per candidate plan, in the order of the entries; a
 * subscription's runs are found once for its plans whose periods are alike. @internal
 */
export function allSeries(facts: BacktestFacts): Either<FeecastError, Series[]> {
  const series: Series[] = [];
  for (const [i, entry] of facts.entries.entries()) {
    const known: FoundRuns = new Map();
    for (const candidate of entry.candidates) {
      const found = seriesOf(facts, i, candidate, known);
      if (isLeft(found)) return found;
      series.push(found.right);
    }
  }
  return right(series);
}

/** The external id of a series' subscription. @internal */
export function subscriptionOfSeries(facts: BacktestFacts, one: Series): string {
  return facts.entries[one.entry]?.external_subscription_id ?? '';
}

/**
 * Prices every period of every series from the states `grid` holds (fed by the events, or
 * computed elsewhere: `backtestOfStates`), and sums them up.
 * @internal
 */
export function priceSeries(
  facts: BacktestFacts,
  series: readonly Series[],
  grid: PricedGrid,
): Either<FeecastError, Backtest> {
  const subscriptionOf = (one: Series) => subscriptionOfSeries(facts, one);
  const rows: BacktestRow[] = [];
  const plans: string[] = [];
  for (const one of series) {
    if (!plans.includes(one.candidate.key)) plans.push(one.candidate.key);
  }
  // CURRENT first, then the candidates in the order given.
  plans.sort((a, b) => (a === CURRENT ? -1 : b === CURRENT ? 1 : 0));
  let invoices = 0;
  for (const one of series) invoices += one.periods.length;
  const progress = { priced: 0, invoices };
  const report = () => facts.onProgress?.({ ...progress });
  report();
  const byCustomer = seriesByCustomer(facts, series);
  for (const [customer, own] of byCustomer) {
    for (const plan of plans) {
      const priced = priceCustomer(facts, series, own, grid, customer, plan, subscriptionOf, () => {
        progress.priced++;
        report();
      });
      if (isLeft(priced)) return priced;
      for (const row of priced.right) rows.push(row);
    }
    // The customer's invoices are all priced: its states can go.
    for (const s of own) grid.release?.(s);
  }
  const summary = backtestSummary(rows, plans, facts.top, grid.counts);
  if (isLeft(summary)) return summary;
  return right({ rows, summary: summary.right });
}

/** The indexes of each customer's series, the customers in the order of their first subscription. */
function seriesByCustomer(facts: BacktestFacts, series: readonly Series[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const entry of facts.entries) {
    if (!out.has(entry.external_customer_id)) out.set(entry.external_customer_id, []);
  }
  for (const [s, one] of series.entries()) {
    const customer = facts.entries[one.entry]?.external_customer_id;
    if (customer !== undefined) out.get(customer)?.push(s);
  }
  return out;
}

/**
 * `previewInvoice` of one period of a series, with the states of its accumulators and its
 * kept events: the series' input, read once with its plan's charges compiled, previewed at the
 * period's `now` (`previewOfFacts`, with the run the series found there), with the coupons and wallets the customer's previous
 * invoice on the plan left (read here: they change from one invoice to the next).
 */
function previewPeriod(
  one: Series,
  { now, run }: SeriesPeriod,
  money: MoneyState,
  states: Readonly<Record<string, unknown>>,
  events: readonly UsageEvent[],
): Either<FeecastError, InvoicePreview> | undefined {
  const [own] = one.facts.subscriptions;
  if (own === undefined) return undefined;
  const facts = { ...one.facts, now, subscriptions: [{ ...own, aggregates: states }], events };
  // The period's run is the one its series found at `now`: not computed again.
  const runs = [run];
  if (money.coupons.length === 0 && money.wallets.length === 0) return previewOfFacts(facts, runs);
  const carried = readPreviewMoney(
    { appliedCoupons: money.coupons, wallets: money.wallets },
    one.facts.customer,
  );
  if (isLeft(carried)) return carried;
  return previewOfFacts({ ...facts, ...carried.right }, runs);
}

/** The coupons and wallets given to a customer. */
function ownedBy<T>(list: readonly Owned<T>[], customer: string): Owned<T>[] {
  return list.filter((item) => item.customer === customer);
}

/**
 * A customer's invoices on one plan, in the order of their runs (then of the subscriptions),
 * each priced from its accumulators' states and kept events, with the coupons and wallets as
 * the customer's previous invoice on the plan left them.
 */
function priceCustomer(
  facts: BacktestFacts,
  series: readonly Series[],
  own: readonly number[],
  grid: PricedGrid,
  customer: string,
  plan: string,
  subscriptionOf: (one: Series) => string,
  priced: () => void,
): Either<FeecastError, BacktestRow[]> {
  const jobs: { seriesIndex: number; period: number; runMs: number }[] = [];
  for (const s of own) {
    const one = series[s];
    if (one === undefined || one.candidate.key !== plan) continue;
    for (const [p, period] of one.periods.entries()) {
      jobs.push({ seriesIndex: s, period: p, runMs: period.runMs });
    }
  }
  jobs.sort((a, b) => a.runMs - b.runMs || a.seriesIndex - b.seriesIndex);
  const coupons = ownedBy<PreviewAppliedCoupon>(facts.coupons, customer);
  const wallets = ownedBy<WalletInput>(facts.wallets, customer);
  let money: MoneyState = {
    coupons: coupons.map((item) => item.value),
    wallets: wallets.map((item) => item.value),
  };
  const rows: BacktestRow[] = [];
  for (const job of jobs) {
    const one = series[job.seriesIndex];
    const period = one?.periods[job.period];
    const entry = one === undefined ? undefined : facts.entries[one.entry];
    if (one === undefined || period === undefined || entry === undefined) continue;
    const subscription = subscriptionOf(one);
    const aggregated = grid.aggregates(job.seriesIndex, job.period);
    // The states are read to the end and priced as they are: each plan reads the same figures.
    for (const code in aggregated.states) fixState(aggregated.states[code]);
    const events =
      period.window === undefined
        ? []
        : grid.keptEvents(subscription, eventCodes(period), period.window.endMs);
    const preview = previewPeriod(one, period, money, aggregated.states, events);
    if (preview === undefined) continue;
    if (isLeft(preview)) {
      return left(inBacktestTerms(preview.left, one.entry, one.candidate, { coupons, wallets }));
    }
    const row = backtestRow(
      {
        external_customer_id: customer,
        external_subscription_id: subscription,
        plan,
        timezone: one.timezone,
      },
      period,
      preview.right.invoice,
      preview.right.pay_in_advance_fees,
      aggregated.rejected + preview.right.rejected.length,
    );
    if (isLeft(row)) return row;
    rows.push(row.right);
    priced();
    money = afterInvoice(money, preview.right.applied_coupons, preview.right.wallets);
  }
  return right(rows);
}
