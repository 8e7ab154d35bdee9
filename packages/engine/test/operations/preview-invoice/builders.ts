/**
 * Test data builders for invoice previews and plan comparisons: wire objects decoded with the
 * models' codecs (so each builder produces what the service would send), and small helpers to
 * read results. Shared by test/operations/preview-invoice and test/operations/compare-plans.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AddOn,
  AppliedCoupon,
  BillableMetric,
  Coupon,
  CreditNote,
  Customer,
  decode,
  type Fee,
  Invoice,
  Plan,
  PlanOverrides,
  Subscription,
  Tax,
  Wallet,
} from '@feecast/models';
import type { Either } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { UsageEvent } from '../../../src/aggregation/index';
import { derivedId } from '../../../src/core/derived-id';
import type { FeecastError } from '../../../src/core/error';
import { feeObject } from '../../../src/fees/charge/index';
import type { CouponApplication } from '../../../src/invoice/coupons/index';
import type {
  InvoicePreview,
  PreviewInvoiceInput,
} from '../../../src/operations/preview-invoice/index';

/** Decodes a wire object, failing the test with the decoder's message when it does not match. */
export function wire<A>(codec: t.Decoder<unknown, A>, value: unknown): A {
  const result = decode(codec, value);
  if (result._tag === 'Left') throw new Error(result.left.message);
  return result.right;
}

/** The value of a `Right`, failing the test with the error's message on a `Left`. */
export function ok<A>(result: Either<FeecastError, A>): A {
  if (result._tag === 'Left') {
    throw new Error(
      `${result.left.code}: ${result.left.message} at ${result.left.path?.join('.')}`,
    );
  }
  return result.right;
}

/** The error of a `Left`, failing the test on a `Right`. */
export function leftOf<A>(result: Either<FeecastError, A>): FeecastError {
  if (result._tag === 'Right') throw new Error('expected a Left');
  return result.left;
}

/**
 * A whole number of hundredths (or `places`-th) as decimal text, by moving the point in the
 * digits (no float arithmetic): 1234 -> "12.34", 5 -> "0.05".
 */
export function pointed(units: number, places = 2): string {
  const digits = String(units).padStart(places + 1, '0');
  return places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/** A stable UUID named after `name` (the same name, the same id). */
export function id(name: string): string {
  return derivedId('test', name);
}

const CREATED = '2024-01-01T00:00:00Z';

/** The wire payloads of the API (`fixtures/wire` of the repository). */
const WIRE_FIXTURES = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../../fixtures/wire',
);

function fixtureRoot(file: string, root: string): Record<string, unknown> {
  const json: unknown = JSON.parse(readFileSync(resolve(WIRE_FIXTURES, file), 'utf8'));
  const value =
    typeof json === 'object' && json !== null ? (json as Record<string, unknown>)[root] : undefined;
  if (typeof value !== 'object' || value === null) throw new Error(`${file} has no ${root}`);
  return value as Record<string, unknown>;
}

export const CUSTOMER_ID = id('customer');

/** The fixture's customer (response.customer.json), in `timezone` (default UTC), with no taxes. */
export function customer(
  options: { readonly timezone?: string; readonly net_payment_term?: number | null } = {},
): Customer {
  const timezone = options.timezone ?? 'UTC';
  return wire(Customer, {
    ...fixtureRoot('response.customer.json', 'customer'),
    svc_id: CUSTOMER_ID,
    external_id: 'cust_1',
    currency: 'EUR',
    timezone,
    applicable_timezone: timezone,
    net_payment_term: options.net_payment_term === undefined ? 30 : options.net_payment_term,
    taxes: [],
  });
}

/** A tax of `rate` percent. */
export function tax(code: string, rate: number): Tax {
  return wire(Tax, {
    svc_id: id(`tax:${code}`),
    name: `Tax ${code}`,
    code,
    description: null,
    rate,
    applied_to_organization: false,
    created_at: CREATED,
  });
}

/** A billable metric. */
export function metric(
  code: string,
  aggregation_type = 'count_agg',
  field_name: string | null = null,
  extra: Record<string, unknown> = {},
): BillableMetric {
  return wire(BillableMetric, {
    svc_id: id(`metric:${code}`),
    name: `Metric ${code}`,
    code,
    description: null,
    aggregation_type,
    field_name,
    expression: null,
    recurring: false,
    rounding_function: null,
    rounding_precision: null,
    weighted_interval: null,
    filters: [],
    created_at: CREATED,
    ...extra,
  });
}

/** A charge of a plan on `metricCode` (plain object: the plan builder decodes it). */
export function charge(
  metricCode: string,
  charge_model: string,
  properties: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    svc_id: chargeId(metricCode),
    svc_billable_metric_id: id(`metric:${metricCode}`),
    billable_metric_code: metricCode,
    invoice_display_name: null,
    created_at: CREATED,
    charge_model,
    invoiceable: true,
    pay_in_advance: false,
    prorated: false,
    regroup_paid_fees: null,
    min_amount_cents: 0,
    properties,
    filters: [],
    taxes: [],
    ...extra,
  };
}

/** The id of the charge built by {@link charge} for a metric (unless it is given another). */
export function chargeId(metricCode: string): string {
  return id(`charge:${metricCode}`);
}

/** A fixed charge (plain object: the plan builder decodes it). */
export function fixedCharge(
  code: string,
  charge_model: string,
  properties: Record<string, unknown>,
  units: number | string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    svc_id: id(`fixed:${code}`),
    svc_add_on_id: id(`add_on:${code}`),
    svc_parent_id: null,
    code,
    invoice_display_name: `Fixed ${code}`,
    add_on_code: code,
    created_at: CREATED,
    charge_model,
    pay_in_advance: false,
    prorated: false,
    properties,
    units,
    taxes: [],
    ...extra,
  };
}

/** What a plan is made of. */
export interface PlanSpec {
  readonly code?: string;
  readonly amount_cents?: number;
  readonly currency?: string;
  readonly interval?: string;
  readonly pay_in_advance?: boolean;
  readonly trial_period?: number | null;
  readonly charges?: readonly Record<string, unknown>[];
  readonly fixed_charges?: readonly Record<string, unknown>[];
  readonly taxes?: readonly Tax[];
  readonly commitment?: { readonly amount_cents: number; readonly taxes?: readonly Tax[] };
  readonly extra?: Record<string, unknown>;
}

/** A plan. */
export function plan(spec: PlanSpec = {}): Plan {
  const code = spec.code ?? 'pro';
  const interval = spec.interval ?? 'monthly';
  return wire(Plan, {
    svc_id: id(`plan:${code}`),
    name: `Plan ${code}`,
    invoice_display_name: null,
    created_at: CREATED,
    code,
    interval,
    description: null,
    amount_cents: spec.amount_cents ?? 10000,
    amount_currency: spec.currency ?? 'EUR',
    trial_period: spec.trial_period ?? null,
    pay_in_advance: spec.pay_in_advance ?? false,
    bill_charges_monthly: null,
    bill_fixed_charges_monthly: null,
    charges: spec.charges ?? [],
    fixed_charges: spec.fixed_charges ?? [],
    taxes: spec.taxes ?? [],
    usage_thresholds: [],
    ...(spec.commitment === undefined
      ? {}
      : {
          minimum_commitment: {
            svc_id: id(`commitment:${code}`),
            plan_code: code,
            amount_cents: spec.commitment.amount_cents,
            invoice_display_name: 'Minimum commitment',
            interval,
            created_at: CREATED,
            updated_at: CREATED,
            taxes: spec.commitment.taxes ?? [],
          },
        }),
    ...spec.extra,
  });
}

/** Plan overrides, decoded (`PUT /subscriptions` `plan_overrides`). */
export function overrides(value: Record<string, unknown>): PlanOverrides {
  return wire(PlanOverrides, value);
}

/** What a subscription is made of. */
export interface SubscriptionSpec {
  readonly external_id?: string;
  readonly plan_code?: string;
  readonly started_at?: string;
  readonly subscription_at?: string;
  readonly billing_time?: 'calendar' | 'anniversary';
  readonly terminated_at?: string | null;
  readonly ending_at?: string | null;
  readonly plan_overrides?: PlanOverrides | Record<string, unknown>;
}

/** A subscription of the customer (its `plan_overrides` riding on it when given). */
export function subscription(
  spec: SubscriptionSpec = {},
): Subscription & { readonly plan_overrides?: PlanOverrides } {
  const externalId = spec.external_id ?? 'sub_1';
  const started = spec.started_at ?? '2025-01-01T00:00:00Z';
  return wire(Subscription, {
    svc_id: id(`subscription:${externalId}`),
    svc_customer_id: CUSTOMER_ID,
    external_id: externalId,
    external_customer_id: 'cust_1',
    name: null,
    plan_code: spec.plan_code ?? 'pro',
    billing_time: spec.billing_time ?? 'calendar',
    status: spec.terminated_at ? 'terminated' : 'active',
    created_at: started,
    canceled_at: null,
    started_at: started,
    ending_at: spec.ending_at ?? null,
    subscription_at: spec.subscription_at ?? started,
    terminated_at: spec.terminated_at ?? null,
    trial_ended_at: null,
    current_billing_period_started_at: null,
    current_billing_period_ending_at: null,
    previous_plan_code: null,
    next_plan_code: null,
    downgrade_plan_date: null,
    on_termination_credit_note: null,
    on_termination_invoice: 'generate',
    plan_amount_cents: 10000,
    plan_amount_currency: 'EUR',
    payment_method: { payment_method_type: 'provider', payment_method_id: null },
    ...(spec.plan_overrides === undefined ? {} : { plan_overrides: spec.plan_overrides }),
  });
}

let sequence = 0;

/** A usage event (a unique transaction id unless given). */
export function event(
  code: string,
  timestamp: string,
  properties: Record<string, unknown> = {},
  extra: Partial<UsageEvent> = {},
): UsageEvent {
  sequence += 1;
  return { transaction_id: `tx_${sequence}`, code, timestamp, properties, ...extra };
}

/** `count` events of `code` at `timestamp`, each with `properties`. */
export function events(
  code: string,
  count: number,
  timestamp: string,
  properties: Record<string, unknown> = {},
): UsageEvent[] {
  return Array.from({ length: count }, () => event(code, timestamp, properties));
}

/** What a coupon is and what it is limited to. */
export interface CouponSpec {
  readonly code: string;
  readonly percent?: string;
  readonly amountCents?: number;
  readonly frequency?: 'once' | 'recurring' | 'forever';
  readonly duration?: number;
  readonly metrics?: readonly string[];
  readonly plans?: readonly string[];
  readonly createdAt?: string;
}

/** An applied coupon with its coupon (a coupon application whose coupon is the whole wire `Coupon`). */
export function coupon(spec: CouponSpec): CouponApplication & { readonly coupon: Coupon } {
  const percentage = spec.percent !== undefined;
  const frequency = spec.frequency ?? 'forever';
  const duration = frequency === 'recurring' ? (spec.duration ?? 3) : null;
  const amount = percentage ? null : (spec.amountCents ?? 0);
  return {
    applied_coupon: wire(AppliedCoupon, {
      svc_id: id(`applied_coupon:${spec.code}`),
      svc_coupon_id: id(`coupon:${spec.code}`),
      svc_customer_id: CUSTOMER_ID,
      coupon_code: spec.code,
      coupon_name: spec.code,
      external_customer_id: 'cust_1',
      status: 'active',
      frequency,
      amount_cents: amount,
      amount_cents_remaining: null,
      amount_currency: percentage ? null : 'EUR',
      percentage_rate: spec.percent ?? null,
      frequency_duration: duration,
      frequency_duration_remaining: duration,
      created_at: spec.createdAt ?? CREATED,
      expiration_at: null,
      terminated_at: null,
    }),
    coupon: wire(Coupon, {
      svc_id: id(`coupon:${spec.code}`),
      name: spec.code,
      code: spec.code,
      description: null,
      coupon_type: percentage ? 'percentage' : 'fixed_amount',
      amount_cents: amount,
      amount_currency: percentage ? null : 'EUR',
      percentage_rate: spec.percent ?? null,
      reusable: true,
      limited_plans: spec.plans !== undefined,
      limited_billable_metrics: spec.metrics !== undefined,
      plan_codes: spec.plans ?? [],
      billable_metric_codes: spec.metrics ?? [],
      frequency,
      frequency_duration: duration,
      expiration: 'no_expiration',
      expiration_at: null,
      terminated_at: null,
      created_at: CREATED,
    }),
  };
}

/** What a wallet is made of. */
export interface WalletSpec {
  readonly code: string;
  readonly balance_cents: number;
  readonly priority?: number;
  readonly fee_types?: readonly string[];
  readonly billable_metric_codes?: readonly string[];
  readonly currency?: string;
}

/** An active wallet (rate 1 credit = 1.00) of the customer. */
export function wallet(spec: WalletSpec): Wallet {
  const credits = pointed(spec.balance_cents);
  return wire(Wallet, {
    svc_id: id(`wallet:${spec.code}`),
    svc_customer_id: CUSTOMER_ID,
    external_customer_id: 'cust_1',
    status: 'active',
    currency: spec.currency ?? 'EUR',
    name: spec.code,
    code: spec.code,
    priority: spec.priority ?? 50,
    rate_amount: '1',
    credits_balance: credits,
    balance_cents: spec.balance_cents,
    consumed_credits: '0',
    ongoing_balance_cents: spec.balance_cents,
    ongoing_usage_balance_cents: 0,
    credits_ongoing_balance: credits,
    credits_ongoing_usage_balance: '0',
    paid_top_up_min_amount_cents: null,
    paid_top_up_max_amount_cents: null,
    invoice_requires_successful_payment: false,
    created_at: CREATED,
    expiration_at: null,
    last_balance_sync_at: null,
    last_consumed_credit_at: null,
    terminated_at: null,
    applies_to: {
      fee_types: spec.fee_types ?? [],
      billable_metric_codes: spec.billable_metric_codes ?? [],
    },
    recurring_transaction_rules: [],
    applied_invoice_custom_sections: [],
    payment_method: { payment_method_type: 'provider', payment_method_id: null },
  });
}

/** The fixture's credit note (response.credit_note.json), available, with `balance` cents in EUR. */
export function creditNote(balance: number, name = 'cn'): CreditNote {
  return wire(CreditNote, {
    ...fixtureRoot('response.credit_note.json', 'credit_note'),
    svc_id: id(`credit_note:${name}`),
    svc_invoice_id: id(`invoice:${name}`),
    currency: 'EUR',
    credit_status: 'available',
    balance_amount_cents: balance,
    credit_amount_cents: balance,
    total_amount_cents: balance,
    created_at: CREATED,
  });
}

/** An add-on of `amount_cents` EUR, billed `units` times when given. */
export function addOn(
  code: string,
  amount_cents: number,
  extra: Record<string, unknown> = {},
): AddOn & { readonly units?: string | number } {
  return wire(AddOn, {
    svc_id: id(`add_on:${code}`),
    name: `Add-on ${code}`,
    invoice_display_name: null,
    code,
    description: null,
    amount_cents,
    amount_currency: 'EUR',
    created_at: CREATED,
    taxes: [],
    ...extra,
  });
}

/** What a progressive-billing invoice billed: charge fees of a subscription's charges period. */
export interface ProgressiveInvoiceSpec {
  readonly name: string;
  readonly subscription: Subscription;
  readonly plan: Plan;
  readonly charges_from: string;
  readonly charges_to: string;
  /** The charge billed: its billable metric code and the amount (cumulative usage). */
  readonly fee: { readonly metric: string; readonly amount_cents: number };
  readonly issuing_date: string;
  readonly created_at: string;
}

/** A finalized progressive-billing invoice of the period (one charge fee: no coupons, no taxes). */
export function progressiveInvoice(spec: ProgressiveInvoiceSpec): Invoice {
  const invoiceId = id(`invoice:${spec.name}`);
  const fees: Fee[] = [spec.fee].map((entry, i) => {
    const units = pointed(entry.amount_cents);
    return ok(
      feeObject({
        item: {
          type: 'charge',
          code: entry.metric,
          name: `Metric ${entry.metric}`,
          svc_item_id: id(`metric:${entry.metric}`),
          item_type: 'BillableMetric',
        },
        currency: 'EUR',
        amounts: {
          amount_cents: entry.amount_cents,
          precise_amount_cents: String(entry.amount_cents),
          unit_amount_cents: entry.amount_cents,
          precise_unit_amount: units,
          precise_amount: units,
        },
        units: '1',
        ids: {
          svc_id: id(`fee:${spec.name}:${i}`),
          svc_invoice_id: invoiceId,
          svc_charge_id: chargeId(entry.metric),
          svc_subscription_id: spec.subscription.svc_id,
          external_subscription_id: spec.subscription.external_id,
        },
        from_date: spec.charges_from,
        to_date: spec.charges_to,
      }),
    );
  });
  const total = spec.fee.amount_cents;
  return wire(Invoice, {
    svc_id: invoiceId,
    billing_entity_code: 'acme',
    sequential_id: 1,
    number: `PB-${spec.name}`,
    issuing_date: spec.issuing_date,
    payment_due_date: spec.issuing_date,
    payment_dispute_lost_at: null,
    payment_overdue: false,
    net_payment_term: 0,
    invoice_type: 'progressive_billing',
    status: 'finalized',
    payment_status: 'succeeded',
    currency: 'EUR',
    fees_amount_cents: total,
    coupons_amount_cents: 0,
    credit_notes_amount_cents: 0,
    sub_total_excluding_taxes_amount_cents: total,
    taxes_amount_cents: 0,
    sub_total_including_taxes_amount_cents: total,
    prepaid_credit_amount_cents: 0,
    prepaid_granted_credit_amount_cents: null,
    prepaid_purchased_credit_amount_cents: null,
    progressive_billing_credit_amount_cents: 0,
    total_amount_cents: total,
    version_number: 4,
    self_billed: false,
    file_url: null,
    created_at: spec.created_at,
    updated_at: spec.created_at,
    customer: customer(),
    billing_periods: [
      {
        svc_subscription_id: spec.subscription.svc_id,
        svc_plan_id: spec.plan.svc_id,
        external_subscription_id: spec.subscription.external_id,
        subscription_from_datetime: spec.charges_from,
        subscription_to_datetime: spec.charges_to,
        charges_from_datetime: spec.charges_from,
        charges_to_datetime: spec.charges_to,
        invoicing_reason: 'progressive_billing',
      },
    ],
    metadata: [],
    applied_taxes: [],
    applied_invoice_custom_sections: [],
    credits: [],
    fees,
    subscriptions: [spec.subscription],
    error_details: [],
  });
}

/** The fees of a preview's invoice of one type (and billable metric code for charges). */
export function feesOf(preview: InvoicePreview, type: string, code?: string): Fee[] {
  return preview.invoice.fees.filter(
    (fee) => fee.item.type === type && (code === undefined || fee.item.code === code),
  );
}

/** The only fee of a type (and code), failing the test when there is not exactly one. */
export function feeOf(preview: InvoicePreview, type: string, code?: string): Fee {
  const found = feesOf(preview, type, code);
  const [only] = found;
  if (found.length !== 1 || only === undefined) {
    throw new Error(`expected one ${type} fee ${code ?? ''}, found ${found.length}`);
  }
  return only;
}

/** The amount fields of an invoice, for one `toEqual`. */
export function totals(invoice: Invoice) {
  return {
    fees_amount_cents: invoice.fees_amount_cents,
    progressive_billing_credit_amount_cents: invoice.progressive_billing_credit_amount_cents,
    coupons_amount_cents: invoice.coupons_amount_cents,
    sub_total_excluding_taxes_amount_cents: invoice.sub_total_excluding_taxes_amount_cents,
    taxes_amount_cents: invoice.taxes_amount_cents,
    sub_total_including_taxes_amount_cents: invoice.sub_total_including_taxes_amount_cents,
    credit_notes_amount_cents: invoice.credit_notes_amount_cents,
    prepaid_credit_amount_cents: invoice.prepaid_credit_amount_cents,
    total_amount_cents: invoice.total_amount_cents,
  };
}

/** A minimal preview input of one subscription (override any field). */
export function input(
  parts: Partial<PreviewInvoiceInput> & { readonly plan?: Plan } = {},
): PreviewInvoiceInput {
  const { plan: planOf, ...rest } = parts;
  return {
    customer: customer(),
    subscriptions: [{ subscription: subscription(), plan: planOf ?? plan() }],
    billableMetrics: [],
    events: [],
    now: '2025-03-15T12:00:00Z',
    ...rest,
  };
}
