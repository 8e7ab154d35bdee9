/**
 * Test data builders for the money stages (coupons, taxes, invoice totals): wire objects
 * decoded with the models' codecs, so every builder produces what the service would send.
 */
import {
  AppliedCoupon,
  Cents,
  Coupon,
  CurrencyCode,
  decode,
  Fee,
  InvoiceCredit,
  Tax,
  type Timestamp,
  Timestamp as TimestampCodec,
  type Uuid,
  Uuid as UuidCodec,
} from '@feecast/models';
import type { Either } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { FeecastError } from '../../src/core/error';
import type { CouponApplication } from '../../src/invoice/coupons/index';
import type { AvailableCreditNoteInput, TotalsInvoiceInput } from '../../src/invoice/index';
import type { TaxPlan } from '../../src/invoice/taxes/index';

/** Decodes a wire object, failing the test with the decoder's message when it does not match. */
export function wire<A>(codec: t.Decoder<unknown, A>, value: unknown): A {
  const result = decode(codec, value);
  if (result._tag === 'Left') throw new Error(result.left.message);
  return result.right;
}

/** The value of a `Right`, failing the test with the error's message on a `Left`. */
export function ok<A>(result: Either<FeecastError, A>): A {
  if (result._tag === 'Left') throw new Error(`${result.left.code}: ${result.left.message}`);
  return result.right;
}

/** The error of a `Left`, failing the test on a `Right`. */
export function failure<A>(result: Either<FeecastError, A>): FeecastError {
  if (result._tag === 'Right') throw new Error('expected a Left');
  return result.left;
}

/** A UUID whose last group is `n` (readable in failures). */
export function uuid(n: number): Uuid {
  return wire(UuidCodec, `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`);
}

/** A timestamp `days` days after 2025-01-01T00:00:00Z. */
export function at(days: number): Timestamp {
  const date = new Date(Date.UTC(2025, 0, 1 + days)).toISOString().replace('.000Z', 'Z');
  return wire(TimestampCodec, date);
}

export const EUR = wire(CurrencyCode, 'EUR');

let next = 1000;
function id(): Uuid {
  next += 1;
  return uuid(next);
}

/** A tax of `rate` percent. */
export function tax(code: string, rate: number): Tax {
  return wire(Tax, {
    svc_id: id(),
    name: `Tax ${code}`,
    code,
    description: null,
    rate,
    applied_to_organization: false,
    created_at: at(0),
  });
}

/** The ids a fee points at: its subscription, charge, fixed charge, add-on. */
export interface FeeRefs {
  readonly subscription?: Uuid | null;
  readonly charge?: Uuid | null;
  readonly fixedCharge?: Uuid | null;
  readonly itemId?: Uuid;
}

/** Whole minor units as a decimal string in currency units (1234 -> "12.34"), by moving the point. */
function centsText(cents: number, exponent: number): string {
  const sign = cents < 0 ? '-' : '';
  const digits = String(Math.abs(cents)).padStart(exponent + 1, '0');
  return exponent === 0
    ? `${sign}${digits}`
    : `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** A fee of `amount_cents` (precise amount equal to it), untaxed, with no coupon share. */
export function fee(
  type: 'subscription' | 'charge' | 'fixed_charge' | 'commitment' | 'add_on' | 'credit',
  amountCents: number,
  options: FeeRefs & {
    readonly code?: string;
    readonly preciseCoupons?: string;
    readonly preciseAmount?: string;
    readonly currency?: string;
    readonly extra?: Record<string, unknown>;
  } = {},
): Fee {
  const currency = options.currency ?? 'EUR';
  const exponent = currency === 'JPY' ? 0 : 2;
  const precise = options.preciseAmount ?? centsText(amountCents, exponent);
  return wire(Fee, {
    svc_id: id(),
    svc_charge_id: options.charge ?? null,
    svc_charge_filter_id: null,
    svc_fixed_charge_id: options.fixedCharge ?? null,
    svc_invoice_id: null,
    svc_true_up_fee_id: null,
    svc_true_up_parent_fee_id: null,
    svc_subscription_id: options.subscription ?? null,
    svc_customer_id: null,
    external_customer_id: null,
    external_subscription_id: null,
    amount_cents: amountCents,
    precise_amount: precise,
    precise_total_amount: precise,
    amount_currency: currency,
    taxes_amount_cents: 0,
    taxes_precise_amount: '0.0',
    taxes_rate: 0,
    units: '1.0',
    precise_unit_amount: precise,
    total_aggregated_units: null,
    total_amount_cents: amountCents,
    total_amount_currency: currency,
    events_count: null,
    pay_in_advance: false,
    invoiceable: true,
    payment_status: 'pending',
    created_at: null,
    succeeded_at: null,
    failed_at: null,
    refunded_at: null,
    description: null,
    precise_coupons_amount_cents: options.preciseCoupons ?? '0.0',
    self_billed: false,
    amount_details: null,
    item: {
      type,
      code: options.code ?? type,
      name: options.code ?? type,
      svc_item_id: options.itemId ?? id(),
      item_type:
        type === 'charge' ? 'BillableMetric' : type === 'add_on' ? 'AddOn' : 'Subscription',
      invoice_display_name: options.code ?? type,
      description: null,
      filter_invoice_display_name: null,
      filters: null,
      grouped_by: {},
    },
    pricing_unit_details: null,
    applied_taxes: [],
    ...options.extra,
  });
}

/** What a coupon is and what it is limited to. */
export interface CouponSpec {
  readonly percent?: string;
  readonly amountCents?: number;
  readonly currency?: string;
  readonly frequency?: 'once' | 'recurring' | 'forever';
  readonly duration?: number;
  readonly durationRemaining?: number | null;
  readonly remainingCents?: number | null;
  readonly metrics?: readonly string[];
  readonly plans?: readonly string[];
  readonly createdDay?: number;
  readonly status?: 'active' | 'terminated';
  readonly code?: string;
}

/** An applied coupon with its coupon. */
export function coupon(spec: CouponSpec): CouponApplication {
  const percentage = spec.percent !== undefined;
  const frequency = spec.frequency ?? 'forever';
  const couponId = id();
  const code = spec.code ?? `coupon_${next}`;
  const duration = frequency === 'recurring' ? (spec.duration ?? 3) : null;
  return {
    applied_coupon: wire(AppliedCoupon, {
      svc_id: id(),
      svc_coupon_id: couponId,
      svc_customer_id: uuid(1),
      coupon_code: code,
      coupon_name: code,
      external_customer_id: 'customer',
      status: spec.status ?? 'active',
      frequency,
      amount_cents: percentage ? null : (spec.amountCents ?? 0),
      amount_cents_remaining: spec.remainingCents === undefined ? null : spec.remainingCents,
      amount_currency: percentage ? null : (spec.currency ?? 'EUR'),
      percentage_rate: spec.percent ?? null,
      frequency_duration: duration,
      frequency_duration_remaining:
        spec.durationRemaining === undefined ? duration : spec.durationRemaining,
      created_at: at(spec.createdDay ?? 0),
      expiration_at: null,
      terminated_at: null,
    }),
    coupon: wire(Coupon, {
      svc_id: couponId,
      name: code,
      code,
      description: null,
      coupon_type: percentage ? 'percentage' : 'fixed_amount',
      amount_cents: percentage ? null : (spec.amountCents ?? 0),
      amount_currency: percentage ? null : (spec.currency ?? 'EUR'),
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
      created_at: at(0),
    }),
  };
}

/** A finalized credit note with `balance` cents available (the fields a later invoice reads). */
export function creditNote(
  balance: number,
  options: {
    readonly createdDay?: number;
    readonly currency?: string;
    readonly invoice?: Uuid;
  } = {},
): AvailableCreditNoteInput {
  const noteId = id();
  return {
    svc_id: noteId,
    svc_invoice_id: options.invoice ?? uuid(2),
    number: `CN-${next}`,
    invoice_number: 'INV-0001',
    currency: wire(CurrencyCode, options.currency ?? 'EUR'),
    balance_amount_cents: wire(Cents, balance),
    credit_status: 'available',
    created_at: at(options.createdDay ?? 0),
  };
}

/** The id of every invoice built here. */
export const INVOICE_ID = uuid(3);

/** An invoice (the fields totals read) of `fees`, with no credits yet. */
export function invoice(
  fees: readonly Fee[],
  options: Partial<Omit<TotalsInvoiceInput, 'fees'>> = {},
): Omit<TotalsInvoiceInput, 'fees'> & { readonly fees: readonly Fee[] } {
  return {
    svc_id: INVOICE_ID,
    currency: EUR,
    invoice_type: 'subscription',
    status: 'finalized',
    created_at: at(31),
    credits: [],
    progressive_billing_credit_amount_cents: 0,
    credit_notes_amount_cents: 0,
    prepaid_credit_amount_cents: 0,
    ...options,
    fees,
  };
}

/** A plan (the fields taxes and plan-limited coupons read). */
export function plan(code: string, parts: Omit<TaxPlan, 'code'> = {}): TaxPlan {
  return { code, ...parts };
}

/** A subscription of the invoice with its plan. */
export function subscription<P>(svcId: Uuid, planOf: P) {
  return { subscription: { svc_id: svcId }, plan: planOf };
}

/** An `invoice.credits[]` entry (e.g. a coupon credit the invoice already has). */
export function credit(
  type: 'coupon' | 'credit_note' | 'invoice',
  amountCents: number,
  itemId: Uuid,
): InvoiceCredit {
  return wire(InvoiceCredit, {
    svc_id: id(),
    amount_cents: amountCents,
    amount_currency: 'EUR',
    before_taxes: type !== 'credit_note',
    item: { svc_item_id: itemId, type, code: type, name: type },
    invoice: { svc_id: INVOICE_ID, payment_status: 'pending' },
  });
}
