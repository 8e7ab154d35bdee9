import type { AppliedCoupon, Coupon, Wallet } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import type { BillableMetricInput, UsageEvent } from '../../aggregation/index';
import {
  type FeecastError,
  feecastError,
  formatInstant,
  type Instant,
  isIterableObject,
  isRecord,
  parseInstant,
} from '../../core/index';
import type { PricingUnitInfo } from '../../fees/index';
import type {
  CustomerInput,
  PlanInput,
  PreviewAppliedCoupon,
  SubscriptionInput,
  WalletInput,
} from '../../inputs/index';
import { type ComparedPlan, withOverrides } from '../compare-plans/compare-plans';
import type { PreviewInvoiceInput, PreviewTaxes } from '../preview-invoice/inputs';

/** A subscription to backtest: its customer, and the plan it is on (its "current" plan). */
export interface BacktestSubscription {
  readonly customer: CustomerInput;
  readonly subscription: SubscriptionInput;
  /**
   * The plan the subscription is on, with its `plan_overrides`: priced as the candidate
   * `"current"`, the baseline of the deltas. Without it, only the plans given are priced.
   */
  readonly plan?: PlanInput;
}

/** The input of `backtest`. */
export interface BacktestInput {
  /** The candidate plans (a plan, or `{ plan, plan_overrides }`), each with its own code. */
  readonly plans: readonly ComparedPlan[];
  readonly subscriptions: readonly BacktestSubscription[];
  readonly billableMetrics: readonly BillableMetricInput[];
  /**
   * Every subscription's usage events, read once (an iterable, a columnar batch, or, for a
   * `Promise` of the result, an `AsyncIterable` or a web `ReadableStream`). An event goes to
   * the subscription its `external_subscription_id` names; one naming none, to the only
   * subscription (with several, it is counted as unassigned).
   */
  readonly events: Iterable<UsageEvent>;
  /** The first instant of the backtest: every billing period that ends after it is priced. */
  readonly from: string;
  /** The end of the backtest (excluded): every billing period that starts before it is priced. */
  readonly to: string;
  /** The taxes of every invoice (as `previewInvoice`'s). */
  readonly taxes?: PreviewTaxes;
  /**
   * Coupons applied to the customers: each goes to the customer its applied coupon's
   * `external_customer_id` names (to the only customer when it names none), and is carried
   * from invoice to invoice of that customer on each plan.
   */
  readonly coupons?: readonly PreviewAppliedCoupon[];
  /** The customers' wallets (prepaid credits), shared out and carried as `coupons` are. */
  readonly wallets?: readonly WalletInput[];
  /** The organization's pricing units (as `previewInvoice`'s). */
  readonly pricingUnits?: readonly PricingUnitInfo[];
  /** How many customers the summary lists among the largest increases and decreases (default 10). */
  readonly top?: number;
  /**
   * Find repeated transaction ids, as `previewInvoice` does (default `true`): the ids of the
   * events are remembered, per subscription, metric, period and plan, so memory grows with
   * the events. `false`, for events whose ids are known to be distinct (deduplicated
   * upstream): nothing of an event is kept once it is counted, and memory stays flat in the
   * number of events (but for the metrics priced from each event).
   */
  readonly deduplicate?: boolean;
  /**
   * The events of each subscription come in time order (a store or a log sorted by time):
   * repeats are found as with `deduplicate`, but each period's transaction ids are forgotten
   * once the subscription's events pass its end, so memory holds the ids of the open periods
   * (and of recurring metrics, whose periods read all the history), not those of every event.
   * An event dated in a period its subscription's events have passed is a `Left`
   * (`events_out_of_order`). Default `false`; no effect with `deduplicate: false`.
   */
  readonly ordered?: boolean;
  /**
   * Told how far pricing is: once the events are read (none priced yet), then after each
   * invoice. For a progress bar; what it returns is ignored.
   */
  readonly onProgress?: (progress: BacktestProgress) => void;
}

/** How far a backtest's pricing is. */
export interface BacktestProgress {
  /** The invoices priced so far. */
  readonly priced: number;
  /** The invoices to price in all (every subscription x period x plan). */
  readonly invoices: number;
}

/** A plan a subscription is priced on: `"current"` (its own) or a candidate's code. */
export interface Candidate {
  readonly key: string;
  readonly plan: PlanInput;
  /** The overrides the subscription has on it (its own for `"current"`). */
  readonly overrides: unknown;
  /** Where the plan is in the input (`['plans', '1']`, `['subscriptions', '0', 'plan']`). */
  readonly planPath: readonly string[];
  /** Where its overrides are in the input. */
  readonly overridesPath: readonly string[];
}

/** A coupon or wallet given to one customer. */
export interface Owned<T> {
  readonly customer: string;
  readonly value: T;
  /** Its index in the input's list. */
  readonly index: number;
}

/** The checked input of `backtest`. */
export interface BacktestFacts {
  readonly entries: readonly {
    readonly customer: CustomerInput;
    readonly external_customer_id: string;
    readonly external_subscription_id: string;
    readonly subscription: SubscriptionInput;
    readonly candidates: readonly Candidate[];
  }[];
  readonly billableMetrics: readonly BillableMetricInput[];
  readonly events: Iterable<UsageEvent>;
  readonly from: Instant;
  readonly to: Instant;
  readonly taxes: PreviewTaxes | undefined;
  readonly coupons: readonly Owned<PreviewAppliedCoupon>[];
  readonly wallets: readonly Owned<WalletInput>[];
  readonly pricingUnits: readonly PricingUnitInfo[] | undefined;
  readonly top: number;
  readonly deduplicate: boolean;
  readonly ordered: boolean;
  readonly onProgress: ((progress: BacktestProgress) => void) | undefined;
}

/** The current plan's key among a subscription's candidates. */
export const CURRENT = 'current';

function invalid(path: readonly string[], message: string): Either<FeecastError, never> {
  return left(feecastError('invalid_input', message, path));
}

function textField(value: unknown, key: string): string | undefined {
  if (!isRecord(value)) return undefined;
  const field = value[key];
  return typeof field === 'string' && field !== '' ? field : undefined;
}

/**
 * Checks the shape of a backtest's input: lists where lists are due, `from` before `to`,
 * candidate plans with distinct codes, each coupon and wallet given to one customer. The
 * objects themselves (plans, subscriptions, customers...) are checked by `previewInvoice`'s
 * reader, with their paths, when their periods are found.
 * @internal
 */
export function readBacktestInput(input: unknown): Either<FeecastError, BacktestFacts> {
  if (!isRecord(input)) {
    return invalid(
      [],
      'backtest expects an object { plans, subscriptions, billableMetrics, events, from, to, ... }.',
    );
  }
  const from = parseInstant(input.from, ['from']);
  if (isLeft(from)) return from;
  const to = parseInstant(input.to, ['to']);
  if (isLeft(to)) return to;
  if (to.right <= from.right) {
    return invalid(
      ['to'],
      `to (${formatInstant(to.right)}) must come after from (${formatInstant(from.right)}): the backtest covers [from, to).`,
    );
  }
  if (!Array.isArray(input.plans)) {
    return invalid(['plans'], 'plans must be an array of candidate plans (it may be empty).');
  }
  const plans: Candidate[] = [];
  for (const [i, given] of input.plans.entries()) {
    const path = ['plans', String(i)];
    const { plan, plan_overrides } = withOverrides(given as ComparedPlan);
    const code = textField(plan, 'code');
    if (code === undefined) return invalid([...path, 'code'], 'A candidate plan needs its code.');
    if (code === CURRENT) {
      return invalid(
        [...path, 'code'],
        `"${CURRENT}" names each subscription's own plan; give the candidate plan another code.`,
      );
    }
    if (plans.some((seen) => seen.key === code)) {
      return invalid(
        [...path, 'code'],
        `Two candidate plans have the code ${code}; give each its own.`,
      );
    }
    const wrapped = plan !== given;
    plans.push({
      key: code,
      plan,
      overrides: plan_overrides ?? undefined,
      planPath: wrapped ? [...path, 'plan'] : path,
      overridesPath: [...path, 'plan_overrides'],
    });
  }
  if (!Array.isArray(input.subscriptions) || input.subscriptions.length === 0) {
    return invalid(
      ['subscriptions'],
      'subscriptions must be a non-empty array of { customer, subscription, plan? }.',
    );
  }
  const entries: BacktestFacts['entries'][number][] = [];
  for (const [i, entry] of input.subscriptions.entries()) {
    const path = ['subscriptions', String(i)];
    if (!isRecord(entry) || !isRecord(entry.customer) || !isRecord(entry.subscription)) {
      return invalid(
        path,
        'Each subscription entry is an object { customer, subscription, plan? }.',
      );
    }
    const customerId = textField(entry.customer, 'external_id');
    if (customerId === undefined) {
      return invalid([...path, 'customer', 'external_id'], 'The customer needs its external_id.');
    }
    const subscriptionId = textField(entry.subscription, 'external_id');
    if (subscriptionId === undefined) {
      return invalid(
        [...path, 'subscription', 'external_id'],
        'The subscription needs its external_id.',
      );
    }
    if (entries.some((seen) => seen.external_subscription_id === subscriptionId)) {
      return invalid(
        [...path, 'subscription', 'external_id'],
        `The subscription ${subscriptionId} is listed twice; list each subscription once.`,
      );
    }
    const { plan_overrides: own, ...bare } = entry.subscription;
    const candidates: Candidate[] = [];
    if (entry.plan !== undefined && entry.plan !== null) {
      candidates.push({
        key: CURRENT,
        plan: entry.plan as PlanInput,
        overrides: own,
        planPath: [...path, 'plan'],
        overridesPath: [...path, 'subscription', 'plan_overrides'],
      });
    }
    for (const plan of plans) candidates.push(plan);
    if (candidates.length === 0) {
      return invalid(
        [...path, 'plan'],
        'Nothing to price: give the subscription its plan, or candidate plans in plans.',
      );
    }
    entries.push({
      // Checked by previewInvoice's reader when the periods are found.
      customer: entry.customer as unknown as CustomerInput,
      external_customer_id: customerId,
      external_subscription_id: subscriptionId,
      subscription: bare as unknown as SubscriptionInput,
      candidates,
    });
  }
  if (!isIterableObject<UsageEvent>(input.events)) {
    return invalid(
      ['events'],
      'events must be an iterable of usage events (an array, a generator...).',
    );
  }
  const customers = Array.from(new Set(entries.map((entry) => entry.external_customer_id)));
  const coupons = ownedList<PreviewAppliedCoupon>(input.coupons, 'coupons', customers, (coupon) =>
    textField(isRecord(coupon) ? coupon.applied_coupon : undefined, 'external_customer_id'),
  );
  if (isLeft(coupons)) return coupons;
  const wallets = ownedList<WalletInput>(input.wallets, 'wallets', customers, (wallet) =>
    textField(wallet, 'external_customer_id'),
  );
  if (isLeft(wallets)) return wallets;
  const top = input.top ?? 10;
  if (typeof top !== 'number' || !Number.isSafeInteger(top) || top < 0) {
    return invalid(['top'], 'top must be a whole number of customers, 0 or more (default 10).');
  }
  const deduplicate = input.deduplicate ?? true;
  if (typeof deduplicate !== 'boolean') {
    return invalid(['deduplicate'], 'deduplicate must be true (the default) or false.');
  }
  const ordered = input.ordered ?? false;
  if (typeof ordered !== 'boolean') {
    return invalid(['ordered'], 'ordered must be true or false (the default).');
  }
  const onProgress = input.onProgress;
  if (onProgress !== undefined && typeof onProgress !== 'function') {
    return invalid(['onProgress'], 'onProgress must be a function ({ priced, invoices }) => void.');
  }
  return right({
    onProgress: onProgress as BacktestFacts['onProgress'],
    entries,
    billableMetrics: input.billableMetrics as BillableMetricInput[],
    events: input.events,
    from: from.right,
    to: to.right,
    taxes: input.taxes as PreviewTaxes | undefined,
    coupons: coupons.right,
    wallets: wallets.right,
    pricingUnits: input.pricingUnits as PricingUnitInfo[] | undefined,
    top,
    deduplicate,
    ordered,
  });
}

/** Coupons or wallets, each with the customer it goes to. */
function ownedList<T>(
  value: unknown,
  key: 'coupons' | 'wallets',
  customers: readonly string[],
  ownerOf: (item: unknown) => string | undefined,
): Either<FeecastError, Owned<T>[]> {
  if (value === undefined || value === null) return right([]);
  if (!Array.isArray(value)) return invalid([key], `${key} must be an array.`);
  const out: Owned<T>[] = [];
  const [only] = customers;
  for (const [i, item] of value.entries()) {
    const named = ownerOf(item);
    const customer = named ?? (customers.length === 1 ? only : undefined);
    if (customer === undefined) {
      return invalid(
        [key, String(i)],
        `The backtest has ${customers.length} customers: name the customer of each of ${key} (external_customer_id).`,
      );
    }
    if (!customers.includes(customer)) {
      return invalid(
        [key, String(i)],
        `${key}.${i} belongs to customer ${customer}, who has no subscription in the backtest.`,
      );
    }
    out.push({ customer, value: item as T, index: i });
  }
  return right(out);
}

/** A customer's coupons and wallets as they stand before an invoice. */
export interface MoneyState {
  readonly coupons: readonly PreviewAppliedCoupon[];
  readonly wallets: readonly WalletInput[];
}

/** The coupons and wallets after an invoice: the preview's, joined back with their coupons. */
export function afterInvoice(
  before: MoneyState,
  applied: readonly AppliedCoupon[],
  wallets: readonly Wallet[],
): MoneyState {
  return {
    coupons: before.coupons.map((entry, i) => ({
      coupon: entry.coupon as Coupon,
      applied_coupon: applied[i] ?? entry.applied_coupon,
    })) as readonly PreviewAppliedCoupon[],
    wallets,
  };
}

/**
 * The `previewInvoice` input of one subscription priced on one candidate plan at `now`
 * (without its events): the candidate's overrides ride on the subscription.
 */
export function previewBase(
  facts: BacktestFacts,
  entry: BacktestFacts['entries'][number],
  candidate: Candidate,
  now: string,
  money: MoneyState,
): Omit<PreviewInvoiceInput, 'events'> {
  const subscription =
    candidate.overrides === undefined || candidate.overrides === null
      ? entry.subscription
      : ({ ...entry.subscription, plan_overrides: candidate.overrides } as SubscriptionInput);
  return {
    customer: entry.customer,
    subscriptions: [{ subscription, plan: candidate.plan }],
    billableMetrics: facts.billableMetrics,
    now,
    ...(facts.taxes === undefined ? {} : { taxes: facts.taxes }),
    appliedCoupons: money.coupons,
    wallets: money.wallets,
    ...(facts.pricingUnits === undefined ? {} : { pricingUnits: facts.pricingUnits }),
  };
}
