import {
  type AddOn,
  type BillableMetric,
  CreditNote,
  type CurrencyCode,
  type Customer,
  Invoice,
  type Plan,
  PlanOverrides,
  type Subscription,
  type Tax,
  type Wallet,
  WalletTransaction,
} from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import type { BillableMetricInput, UsageEvent } from '../../aggregation/index';
import {
  type Decimal,
  type FeecastError,
  feecastError,
  formatInstant,
  isIterableObject,
  isRecord,
  ONE,
  type Plain,
  parseDecimal,
  parseInstant,
  sign,
} from '../../core/index';
import type { CompiledPlanCharges, PricingUnitInfo } from '../../fees/index';
import {
  type AddOnInput,
  type CustomerInput,
  decodeInput,
  decodeList,
  type PlanInput,
  type PreviewAppliedCoupon,
  readAddOn,
  readAppliedCoupon,
  readBillableMetrics,
  readCustomer,
  readList,
  readPlan,
  readSubscription,
  readTaxes,
  readWallet,
  type SubscriptionInput,
  type WalletInput,
} from '../../inputs/index';
import type { CouponApplication, TaxInput } from '../../invoice/index';
import { type PlanChangeKind, type PlanWorth, planChangeKind } from '../../periods/index';
import { applyPlanOverrides } from '../plan-overrides/apply-plan-overrides';

/**
 * A subscription of the invoice (its `plan_overrides` may ride on it) and the plan it is on,
 * as inputs (docs/inputs.md).
 */
export interface PreviewSubscription {
  readonly subscription: SubscriptionInput;
  readonly plan: PlanInput;
  /**
   * The subscription's usage already aggregated elsewhere (a backtest's accumulators, a
   * database), by billable metric code: the `state()` of the charges accumulator
   * `previewAggregations` describes for the metric (docs/aggregation-state.md, "Usage priced
   * from states"). The events of such a metric in `events` are added to it as a later part of
   * the stream.
   */
  readonly aggregates?: Readonly<Record<string, unknown>> | null;
  /**
   * The plan of the subscription that follows this one after a plan change (its `interval`
   * and `amount_cents` are read): when the subscription is terminated by an upgrade (the next
   * plan's yearly amount is at least this plan's), its termination bills one day less of the
   * subscription fee and of the charges' minimums, the switch day being billed on the new plan
   * (invoicing.md §8, periods.md §4.2). `previewPlanChange` sets it.
   */
  readonly nextPlan?: PlanWorth | null;
  /**
   * Bill the run that starts the subscription, at its `started_at`, instead of the next run
   * after `now`: the pay-in-advance subscription fee of its first period (prorated by days
   * from the start's local day) and its pay-in-advance fixed charges; nothing is closed, so no
   * usage is billed (`invoicing_reason: subscription_starting`).
   */
  readonly starting?: boolean | null;
}

/**
 * The taxes of the operation's input (API.md): the billing entity's default taxes, the
 * customer's (default: `customer.taxes`), and the organization's, where `tax_codes` of plan
 * overrides are looked up. Plan, charge, fixed-charge, commitment and add-on taxes ride on
 * those objects.
 */
export interface PreviewTaxes {
  readonly billing_entity?: readonly TaxInput[] | null;
  readonly customer?: readonly TaxInput[] | null;
  readonly organization?: readonly TaxInput[] | null;
}

/**
 * What progressive billing already invoiced (invoicing.md §3): the customer's invoices, among
 * which the progressive-billing invoices of each subscription's period are found (and the
 * credits already taken from them), and the credit notes issued on them. These are records
 * the service issued: pass them as it sends them.
 */
export interface PreviewProgressiveBilling {
  readonly invoices: readonly Plain<Invoice>[];
  readonly credit_notes?: readonly Plain<CreditNote>[] | null;
}

/** An add-on billed on the invoice, optionally several times (`units`, default 1). */
export type PreviewAddOn = AddOnInput;

/** `finalized` (the default): the invoice as it will be sent; `draft`: as in its grace period. */
export type PreviewStatus = 'finalized' | 'draft';

/**
 * The input of `previewInvoice` (API.md, "previewInvoice"). The customer, subscriptions,
 * plans, metrics, taxes, coupons, wallets and add-ons need only the fields that decide a
 * figure (docs/inputs.md lists the defaults of the others).
 */
export interface PreviewInvoiceInput {
  readonly customer: CustomerInput;
  /** The subscriptions billed on the invoice, each with its plan. */
  readonly subscriptions: readonly PreviewSubscription[];
  readonly billableMetrics: readonly BillableMetricInput[];
  /**
   * Usage events (any iterable, read once). An event goes to the subscription its
   * `external_subscription_id` names; one without it, to the only subscription.
   */
  readonly events: Iterable<UsageEvent>;
  /** The instant the preview is asked at: the invoice bills the periods that contain it. */
  readonly now: string;
  readonly taxes?: PreviewTaxes;
  /** The customer's applied coupons: each coupon, with its applied coupon when there is one to give. */
  readonly appliedCoupons?: readonly PreviewAppliedCoupon[];
  /** The customer's wallets (prepaid credits). */
  readonly wallets?: readonly WalletInput[];
  /**
   * The wallets' transactions (as the service sends them): with them, prepaid credits split
   * into granted and purchased.
   */
  readonly walletTransactions?: readonly Plain<WalletTransaction>[];
  /** Add-ons billed once on this invoice. */
  readonly addOns?: readonly PreviewAddOn[];
  /** The customer's credit notes (as the service sends them): the available ones are consumed (finalized invoices). */
  readonly creditNotes?: readonly Plain<CreditNote>[];
  readonly progressiveBilling?: PreviewProgressiveBilling;
  /** The organization's pricing units, for charges whose `applied_pricing_unit` has no id or short name. */
  readonly pricingUnits?: readonly PricingUnitInfo[];
  /** Default `finalized`. */
  readonly status?: PreviewStatus;
}

/** A subscription checked, with the plan it is billed on (overrides applied). */
export interface CheckedSubscription {
  readonly subscription: Subscription;
  readonly plan: Plan;
  /** Where it sits in the input (`['subscriptions', '0']`). */
  readonly path: readonly string[];
  /** The states its usage charges start from, by metric code (checked when priced). */
  readonly aggregates?: Readonly<Record<string, unknown>> | null;
  /** The plan change that ends it, when a next plan is given. */
  readonly change?: PlanChangeKind;
  /** The invoice bills the subscription's start. */
  readonly starting?: boolean;
  /**
   * Its plan's charges checked and compiled once (`compiledCharges`), for a caller that
   * previews it at several instants; without it they are compiled at each preview.
   */
  readonly compiled?: CompiledPlanCharges;
}

/** An add-on checked, with its units. */
export interface CheckedAddOn {
  readonly addOn: AddOn;
  readonly units: Decimal;
  readonly path: readonly string[];
}

/** The checked input of `previewInvoice`. */
export interface PreviewFacts {
  readonly customer: Customer;
  /** The customer's applicable IANA time zone. */
  readonly timezone: string;
  /** `now`, normalized (`YYYY-MM-DDTHH:MM:SSZ`). */
  readonly now: string;
  readonly status: PreviewStatus;
  /** The invoice's currency: every plan's and add-on's. */
  readonly currency: CurrencyCode;
  readonly subscriptions: readonly CheckedSubscription[];
  readonly billableMetrics: readonly BillableMetric[];
  readonly events: Iterable<UsageEvent>;
  readonly taxes: {
    readonly billing_entity: readonly Tax[];
    readonly customer: readonly Tax[];
    readonly organization: readonly Tax[];
  };
  readonly appliedCoupons: readonly CouponApplication[];
  readonly wallets: readonly Wallet[];
  readonly walletTransactions: readonly WalletTransaction[] | undefined;
  readonly addOns: readonly CheckedAddOn[];
  readonly creditNotes: readonly CreditNote[];
  readonly progressiveBilling:
    | { readonly invoices: readonly Invoice[]; readonly credit_notes: readonly CreditNote[] }
    | undefined;
  readonly pricingUnits: readonly PricingUnitInfo[];
}

type Result<A> = Either<FeecastError, A>;

function invalid(path: readonly string[], message: string): Result<never> {
  return left(feecastError('invalid_input', message, path));
}

/**
 * Checks the input of `previewInvoice`: each wire object decoded with its codec (a `Left`
 * names the first problem's path, e.g. `['subscriptions', '0', 'plan', 'charges', '1',
 * 'properties', 'amount']`), plan overrides applied, one currency for every plan and add-on,
 * subscriptions of the customer listed once.
 *
 * @example
 * readPreviewInput({ customer, subscriptions: [{ subscription, plan }], billableMetrics, events, now })
 * // right({ currency: 'EUR', timezone: 'Europe/Paris', subscriptions: [...], ... })
 * @internal
 */
export function readPreviewInput(input: unknown): Result<PreviewFacts> {
  if (!isRecord(input)) {
    return invalid(
      [],
      'previewInvoice expects an object { customer, subscriptions, billableMetrics, events, now, ... }.',
    );
  }
  const customer = readCustomer(input.customer, ['customer']);
  if (isLeft(customer)) return customer;
  const now = parseInstant(input.now, ['now']);
  if (isLeft(now)) return now;
  const status = input.status ?? 'finalized';
  if (status !== 'finalized' && status !== 'draft') {
    return invalid(['status'], 'status must be "finalized" (the default) or "draft".');
  }
  const taxes = readPreviewTaxes(input.taxes, customer.right);
  if (isLeft(taxes)) return taxes;
  const addOns = readAddOns(input.addOns);
  if (isLeft(addOns)) return addOns;
  const billableMetrics = readBillableMetrics(input.billableMetrics, ['billableMetrics']);
  if (isLeft(billableMetrics)) return billableMetrics;
  const subscriptions = readSubscriptions(
    input.subscriptions,
    customer.right,
    billableMetrics.right,
    [
      taxes.right.organization,
      taxes.right.billing_entity,
      taxes.right.customer,
      ...addOns.right.map((entry) => entry.addOn.taxes),
    ],
  );
  if (isLeft(subscriptions)) return subscriptions;
  const currency = commonCurrency(subscriptions.right, addOns.right);
  if (isLeft(currency)) return currency;
  const events = input.events;
  if (!isIterableObject<UsageEvent>(events)) {
    return invalid(
      ['events'],
      'events must be an iterable of usage events (an array, a generator...).',
    );
  }
  const money = readPreviewMoney(input, customer.right);
  if (isLeft(money)) return money;
  const walletTransactions =
    input.walletTransactions === undefined || input.walletTransactions === null
      ? right(undefined)
      : decodeList(WalletTransaction, input.walletTransactions, ['walletTransactions']);
  if (isLeft(walletTransactions)) return walletTransactions;
  const creditNotes = decodeList(CreditNote, input.creditNotes, ['creditNotes']);
  if (isLeft(creditNotes)) return creditNotes;
  const progressiveBilling = readProgressiveBilling(input.progressiveBilling);
  if (isLeft(progressiveBilling)) return progressiveBilling;
  const pricingUnits = readPricingUnits(input.pricingUnits);
  if (isLeft(pricingUnits)) return pricingUnits;
  return right({
    customer: customer.right,
    timezone: customer.right.applicable_timezone,
    now: formatInstant(now.right),
    status,
    currency: currency.right,
    subscriptions: subscriptions.right,
    billableMetrics: billableMetrics.right,
    events,
    taxes: taxes.right,
    appliedCoupons: money.right.appliedCoupons,
    wallets: money.right.wallets,
    walletTransactions: walletTransactions.right,
    addOns: addOns.right,
    creditNotes: creditNotes.right,
    progressiveBilling: progressiveBilling.right,
    pricingUnits: pricingUnits.right,
  });
}

/**
 * The `appliedCoupons` and `wallets` of a `previewInvoice` input, checked for `customer` as
 * {@link readPreviewInput} checks them (errors name `['appliedCoupons', ...]`, `['wallets', ...]`):
 * for a caller that previews facts already read with other coupons and wallets (a backtest's
 * invoices, each with what the previous one left).
 * @internal
 */
export function readPreviewMoney(
  input: { readonly appliedCoupons?: unknown; readonly wallets?: unknown },
  customer: Customer,
): Result<Pick<PreviewFacts, 'appliedCoupons' | 'wallets'>> {
  const appliedCoupons = readList(input.appliedCoupons, ['appliedCoupons'], (entry, path) =>
    readAppliedCoupon(entry, path, customer),
  );
  if (isLeft(appliedCoupons)) return appliedCoupons;
  const wallets = readList(input.wallets, ['wallets'], (wallet, path, i) =>
    readWallet(wallet, path, i, customer),
  );
  if (isLeft(wallets)) return wallets;
  return right({ appliedCoupons: appliedCoupons.right, wallets: wallets.right });
}

function readPricingUnits(value: unknown): Result<PricingUnitInfo[]> {
  if (value === undefined || value === null) return right([]);
  if (!Array.isArray(value)) {
    return invalid(
      ['pricingUnits'],
      'pricingUnits must be an array of { svc_id, code, short_name }.',
    );
  }
  const out: PricingUnitInfo[] = [];
  for (const [i, unit] of value.entries()) {
    if (
      !isRecord(unit) ||
      typeof unit.svc_id !== 'string' ||
      typeof unit.code !== 'string' ||
      typeof unit.short_name !== 'string'
    ) {
      return invalid(
        ['pricingUnits', String(i)],
        'A pricing unit is an object { svc_id, code, short_name } of strings.',
      );
    }
    out.push({ svc_id: unit.svc_id, code: unit.code, short_name: unit.short_name });
  }
  return right(out);
}

function readPreviewTaxes(value: unknown, customer: Customer): Result<PreviewFacts['taxes']> {
  if (value !== undefined && value !== null && !isRecord(value)) {
    return invalid(
      ['taxes'],
      'taxes must be an object { billing_entity?, customer?, organization? }.',
    );
  }
  const taxes = value ?? {};
  const billingEntity = readTaxes(taxes.billing_entity, ['taxes', 'billing_entity']);
  if (isLeft(billingEntity)) return billingEntity;
  const ofCustomer =
    taxes.customer === undefined || taxes.customer === null
      ? right(customer.taxes ?? [])
      : readTaxes(taxes.customer, ['taxes', 'customer']);
  if (isLeft(ofCustomer)) return ofCustomer;
  const organization = readTaxes(taxes.organization, ['taxes', 'organization']);
  if (isLeft(organization)) return organization;
  return right({
    billing_entity: billingEntity.right,
    customer: ofCustomer.right,
    organization: organization.right,
  });
}

function readAddOns(value: unknown): Result<CheckedAddOn[]> {
  const addOns = readList(value, ['addOns'], readAddOn);
  if (isLeft(addOns)) return addOns;
  const out: CheckedAddOn[] = [];
  for (const [i, addOn] of addOns.right.entries()) {
    const path = ['addOns', String(i)];
    const given = (addOn as PreviewAddOn).units;
    let units = ONE;
    if (given !== undefined) {
      const parsed = parseDecimal(given, [...path, 'units']);
      if (isLeft(parsed)) return parsed;
      if (sign(parsed.right) < 0) {
        return invalid(
          [...path, 'units'],
          'An add-on is billed 0 or more times: units cannot be negative.',
        );
      }
      units = parsed.right;
    }
    out.push({ addOn, units, path });
  }
  return right(out);
}

function readSubscriptions(
  value: unknown,
  customer: Customer,
  metrics: readonly BillableMetric[],
  taxLists: readonly (readonly Tax[] | null | undefined)[],
): Result<CheckedSubscription[]> {
  if (!Array.isArray(value) || value.length === 0) {
    return invalid(
      ['subscriptions'],
      'subscriptions must be a non-empty array of { subscription, plan }: the subscriptions the invoice bills.',
    );
  }
  const out: CheckedSubscription[] = [];
  for (const [i, entry] of value.entries()) {
    const path = ['subscriptions', String(i)];
    if (!isRecord(entry)) {
      return invalid(path, 'Each subscription entry is an object { subscription, plan }.');
    }
    const plan = readPlan(entry.plan, [...path, 'plan'], metrics);
    if (isLeft(plan)) return plan;
    const decoded = readSubscription(entry.subscription, [...path, 'subscription'], {
      customer,
      plan: plan.right,
    });
    if (isLeft(decoded)) return decoded;
    const { plan_overrides: rawOverrides, ...subscription } = decoded.right as Subscription & {
      readonly plan_overrides?: unknown;
    };
    const overrides =
      rawOverrides === undefined || rawOverrides === null
        ? right(undefined)
        : decodeInput(PlanOverrides, rawOverrides, [...path, 'subscription', 'plan_overrides']);
    if (isLeft(overrides)) return overrides;
    const billed = applyPlanOverrides(plan.right, overrides.right, {
      taxes: taxLists,
      path: [...path, 'subscription', 'plan_overrides'],
      planPath: [...path, 'plan'],
    });
    if (isLeft(billed)) return billed;
    if (subscription.svc_customer_id !== customer.svc_id) {
      return invalid(
        [...path, 'subscription', 'svc_customer_id'],
        `The subscription ${subscription.external_id} belongs to customer ${subscription.svc_customer_id}, not to the invoice's customer ${customer.svc_id}.`,
      );
    }
    let change: PlanChangeKind | undefined;
    if (entry.nextPlan !== undefined && entry.nextPlan !== null) {
      if (!isRecord(entry.nextPlan)) {
        return invalid(
          [...path, 'nextPlan'],
          'nextPlan must be the next plan (its interval and amount_cents), or null.',
        );
      }
      const kind = planChangeKind(billed.right, entry.nextPlan, {
        plan: [...path, 'plan'],
        next: [...path, 'nextPlan'],
      });
      if (isLeft(kind)) return kind;
      change = kind.right;
    }
    const starting = entry.starting ?? false;
    if (typeof starting !== 'boolean') {
      return invalid([...path, 'starting'], 'starting must be true, false or null.');
    }
    if (out.some((seen) => seen.subscription.svc_id === subscription.svc_id)) {
      return invalid(
        [...path, 'subscription', 'svc_id'],
        `The subscription ${subscription.external_id} is listed twice; list each subscription once.`,
      );
    }
    out.push({
      // The invoice shows the subscription on the plan it is billed on.
      subscription: {
        ...subscription,
        plan_code: billed.right.code,
        plan_amount_cents: billed.right.amount_cents ?? subscription.plan_amount_cents,
        plan_amount_currency: billed.right.amount_currency,
      },
      plan: billed.right,
      path,
      // Checked where the usage is priced (planChargeFees names the faulty state).
      ...(entry.aggregates === undefined
        ? {}
        : { aggregates: entry.aggregates as Readonly<Record<string, unknown>> | null }),
      ...(change === undefined ? {} : { change }),
      ...(starting ? { starting } : {}),
    });
  }
  return right(out);
}

function commonCurrency(
  subscriptions: readonly CheckedSubscription[],
  addOns: readonly CheckedAddOn[],
): Result<CurrencyCode> {
  const [first] = subscriptions;
  if (first === undefined) return invalid(['subscriptions'], 'subscriptions must not be empty.');
  const currency = first.plan.amount_currency;
  const mismatch = (path: readonly string[], other: string) =>
    left(
      feecastError(
        'currency_mismatch',
        `${path.join('.')} is ${other} but the invoice is in ${currency} (the first plan's currency); an invoice has one currency.`,
        path,
      ),
    );
  for (const entry of subscriptions) {
    if (entry.plan.amount_currency !== currency) {
      return mismatch([...entry.path, 'plan', 'amount_currency'], entry.plan.amount_currency);
    }
  }
  for (const entry of addOns) {
    if (entry.addOn.amount_currency !== currency) {
      return mismatch([...entry.path, 'amount_currency'], entry.addOn.amount_currency);
    }
  }
  return right(currency);
}

function readProgressiveBilling(value: unknown): Result<PreviewFacts['progressiveBilling']> {
  if (value === undefined || value === null) return right(undefined);
  if (!isRecord(value)) {
    return invalid(
      ['progressiveBilling'],
      'progressiveBilling must be an object { invoices, credit_notes? }: the invoices progressive billing issued.',
    );
  }
  const invoices = decodeList(Invoice, value.invoices, ['progressiveBilling', 'invoices']);
  if (isLeft(invoices)) return invoices;
  const notes = decodeList(CreditNote, value.credit_notes, ['progressiveBilling', 'credit_notes']);
  if (isLeft(notes)) return notes;
  return right({ invoices: invoices.right, credit_notes: notes.right });
}
