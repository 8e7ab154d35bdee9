import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type FeecastError,
  feecastError,
  formatInstant,
  parseInstant,
  SECOND_MS,
} from '../../core/index';
import type { MetricAggregation } from '../../fees/index';
import type { SubscriptionRun } from '../../periods/index';
import { type PreviewFacts, readPreviewInput } from '../preview-invoice/inputs';
import { aggregationsOfFacts } from '../preview-invoice/preview-aggregations';
import { compiledCharges } from '../preview-invoice/subscription-fees';
import {
  type BacktestFacts,
  type Candidate,
  type MoneyState,
  type Owned,
  previewBase,
} from './inputs';

/** One billing period of a subscription on a candidate plan: one invoice of the backtest. */
export interface SeriesPeriod {
  /** The instant its invoice is previewed at (in the period; the first is `from` or the start). */
  readonly now: string;
  /** The billing run at the period's end: what its invoice closes and opens. */
  readonly run: SubscriptionRun;
  /** The run's instant, in epoch milliseconds (the invoices of a customer are priced in this order). */
  readonly runMs: number;
  /** What its usage charges aggregate, per billable metric (empty when it closes no charges period). */
  readonly metrics: readonly MetricAggregation[];
  /** The usage-charges period it closes, `[fromMs, endMs)`, when it closes one. */
  readonly window: { readonly fromMs: number; readonly endMs: number } | undefined;
}

/** A subscription on one candidate plan, and its periods that overlap the backtest. */
export interface Series {
  /** The subscription's index among the input's subscriptions. */
  readonly entry: number;
  readonly candidate: Candidate;
  /** The customer's applicable IANA time zone. */
  readonly timezone: string;
  readonly periods: readonly SeriesPeriod[];
  /**
   * Its `previewInvoice` input, read once (customer, subscription, plan with its overrides,
   * metrics, taxes; no coupons, wallets or events; `now` at `from`): each period's preview
   * sets its own `now`, states and events on it instead of reading the input again.
   */
  readonly facts: PreviewFacts;
}

/**
 * The billing runs found of one subscription, per kind of plan periods (see `periodsKind`) and
 * per instant asked (epoch milliseconds): its candidate plans whose periods are alike find
 * each run once.
 * @internal
 */
export type FoundRuns = Map<string, Map<number, SubscriptionRun>>;

/**
 * What a subscription's billing runs read of its plan (`subscriptionRun`: the interval and
 * billing flags) and of its entry (whether it is starting): two plans of one subscription
 * that agree on these have the same runs.
 */
function periodsKind(entry: PreviewFacts['subscriptions'][number]): string {
  const { plan } = entry;
  return `${plan.interval} ${plan.pay_in_advance} ${plan.bill_charges_monthly} ${plan.bill_fixed_charges_monthly} ${entry.starting === true}`;
}

/** No coupons or wallets: what finding periods needs. */
const NO_MONEY: MoneyState = { coupons: [], wallets: [] };

/**
 * The billing periods of subscription `index` on `candidate` that overlap `[from, to)`, in
 * order: from the period containing `from` (or the subscription's start, when later), each
 * next one the period its run opens, while it starts before `to`; none after the run that
 * terminates the subscription. Each period is `previewInvoice`'s (`subscriptionRun`, in the
 * customer's zone, on the candidate's interval and the subscription's billing time); its
 * aggregations are `previewAggregations`'s, from the input read once. `known`: the runs of
 * this subscription found on its other plans (the runs this plan finds are added to it).
 * Errors name the backtest's input.
 * @internal
 */
export function seriesOf(
  facts: BacktestFacts,
  index: number,
  candidate: Candidate,
  known: FoundRuns = new Map(),
): Either<FeecastError, Series> {
  const entry = facts.entries[index];
  if (entry === undefined) {
    return left(feecastError('invalid_input', 'No such subscription.', ['subscriptions']));
  }
  const inTerms = (error: FeecastError) => inBacktestTerms(error, index, candidate);
  const read = readPreviewInput({
    ...previewBase(facts, entry, candidate, formatInstant(facts.from), NO_MONEY),
    events: [],
  });
  if (isLeft(read)) return left(inTerms(read.left));
  // Every period of the series is found and priced from its charges compiled here, once.
  const compiled = compiledCharges(read.right);
  const [first] = compiled.subscriptions;
  const subscription = first?.subscription;
  const started = parseInstant(subscription?.started_at, [
    'subscriptions',
    String(index),
    'subscription',
    'started_at',
  ]);
  if (isLeft(started)) return started;
  // The runs of the plans whose periods are alike (the input is of this one subscription).
  const kind = first === undefined ? '' : periodsKind(first);
  const runs = known.get(kind) ?? new Map<number, SubscriptionRun>();
  known.set(kind, runs);
  const periods: SeriesPeriod[] = [];
  let now = Math.max(facts.from, started.right);
  while (now < facts.to) {
    const run = runs.get(now);
    const found = aggregationsOfFacts(
      { ...compiled, now: formatInstant(now) },
      run === undefined ? undefined : [run],
    );
    if (isLeft(found)) return left(inTerms(found.left));
    const [own] = found.right;
    if (own === undefined) break;
    runs.set(now, own.run);
    const runMs = parseInstant(own.run.run, ['run']);
    if (isLeft(runMs)) return runMs;
    // A subscription terminated before the backtest has no period in it.
    if (own.run.terminating && runMs.right <= facts.from) break;
    const charges = own.run.charges;
    let window: SeriesPeriod['window'];
    if (charges !== undefined) {
      const fromMs = parseInstant(charges.from_datetime, ['from_datetime']);
      const toMs = parseInstant(charges.to_datetime, ['to_datetime']);
      if (isLeft(fromMs)) return fromMs;
      if (isLeft(toMs)) return toMs;
      // The period's last second is in it.
      window = { fromMs: fromMs.right, endMs: toMs.right + SECOND_MS };
    }
    periods.push({
      now: formatInstant(now),
      run: own.run,
      runMs: runMs.right,
      metrics: own.metrics,
      window,
    });
    if (own.run.terminating || runMs.right <= now) break;
    now = runMs.right;
  }
  return right({
    entry: index,
    candidate,
    timezone: compiled.timezone,
    periods,
    facts: compiled,
  });
}

/**
 * An error of a subscription's preview, with the path of the backtest's input it comes from:
 * the subscription's entry, the candidate plan and its overrides, the coupons and wallets.
 * @internal
 */
export function inBacktestTerms(
  error: FeecastError,
  index: number,
  candidate: Candidate,
  money: {
    readonly coupons: readonly Owned<unknown>[];
    readonly wallets: readonly Owned<unknown>[];
  } = {
    coupons: [],
    wallets: [],
  },
): FeecastError {
  const path = error.path ?? [];
  const [head, second, third, fourth] = path;
  const at = (prefix: readonly string[], rest: readonly string[]) => ({
    ...error,
    path: [...prefix, ...rest],
  });
  const entryPath = ['subscriptions', String(index)];
  if (head === 'subscriptions' && second === '0') {
    if (third === 'plan') return at(candidate.planPath, path.slice(3));
    if (third === 'subscription' && fourth === 'plan_overrides') {
      return at(candidate.overridesPath, path.slice(4));
    }
    return at(entryPath, path.slice(2));
  }
  if (head === 'customer') return at([...entryPath, 'customer'], path.slice(1));
  if (head === 'now') return at(['from'], []);
  if (head === 'appliedCoupons' || head === 'wallets') {
    const key = head === 'appliedCoupons' ? 'coupons' : 'wallets';
    const list = head === 'appliedCoupons' ? money.coupons : money.wallets;
    const given = list[Number(second)];
    return given === undefined
      ? at([key], path.slice(2))
      : at([key, String(given.index)], path.slice(2));
  }
  return error;
}
