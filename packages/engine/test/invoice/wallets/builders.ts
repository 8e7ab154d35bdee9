/**
 * Shared test data builders of the adjustments tests (wallets, commitments, progressive
 * billing, credit notes): wire objects with every required field, built from a few numbers
 * and decoded with the models' codecs, so every object a test passes is a valid wire object.
 */

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AppliedTax,
  Cents,
  CreditNote,
  decode,
  Fee,
  Invoice,
  MinimumCommitment,
  RecurringTransactionRule,
  UsageThreshold,
  Uuid,
  Wallet,
  WalletTransaction,
  WalletTransactionInput,
} from '@feecast/models';
import type { Either } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { expect } from 'vitest';
import type { FeecastError } from '../../../src/core/error';

/** Decodes a built object, failing the test with the decoder's message when it is invalid. */
function build<A>(codec: t.Decoder<unknown, A>, value: unknown): A {
  const decoded = decode(codec, value);
  if (decoded._tag === 'Left') throw new Error(decoded.left.message);
  return decoded.right;
}

/** A deterministic UUID per name: the same name gives the same id in every builder. */
export function uuid(name: string): string {
  let h = 0;
  for (const ch of name) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
  const hex = h.toString(16).padStart(8, '0');
  const tail = Array.from(name)
    .map((c) => c.charCodeAt(0).toString(16).slice(-1))
    .join('')
    .padEnd(12, '0')
    .slice(0, 12);
  return `${hex}-0000-4000-8000-${tail}`;
}

/** The right of an Either, failing the test (with the error) on a Left. */
export function rightOf<A>(result: Either<FeecastError, A>): A {
  if (result._tag === 'Left') {
    expect.fail(`expected a Right, got ${result.left.code}: ${result.left.message}`);
  }
  return result.right;
}

/** The left of an Either, failing the test on a Right. */
export function leftOf<A>(result: Either<FeecastError, A>): FeecastError {
  if (result._tag === 'Right') expect.fail('expected a Left, got a Right');
  return result.left;
}

const STAMP = '2025-01-01T00:00:00Z';
const PAYMENT = { payment_method_type: 'provider', payment_method_id: null };

/** A wallet's builder options: cents and credits, scope, rules. */
export interface WalletSpec {
  readonly name: string;
  readonly balance_cents: number;
  readonly rate_amount?: string;
  readonly currency?: string;
  readonly priority?: number;
  readonly created_at?: string;
  readonly status?: 'active' | 'terminated';
  readonly expiration_at?: string | null;
  readonly fee_types?: readonly string[];
  readonly billable_metric_codes?: readonly string[];
  readonly ongoing_usage_balance_cents?: number;
  readonly credits_ongoing_balance?: string;
  readonly paid_top_up_min_amount_cents?: number | null;
  readonly paid_top_up_max_amount_cents?: number | null;
  readonly rules?: readonly RecurringTransactionRule[];
  readonly credits_balance?: string;
}

/** A wallet; credits default to `balance ÷ 100 ÷ rate` for a 2-decimal currency given as text. */
export function wallet(spec: WalletSpec): Wallet {
  const usage = spec.ongoing_usage_balance_cents ?? 0;
  return build(Wallet, {
    svc_id: uuid(`wallet:${spec.name}`),
    svc_customer_id: uuid('customer'),
    external_customer_id: 'cust_1',
    status: spec.status ?? 'active',
    currency: spec.currency ?? 'EUR',
    name: spec.name,
    code: spec.name,
    priority: spec.priority ?? 50,
    rate_amount: spec.rate_amount ?? '1',
    credits_balance: spec.credits_balance ?? String(spec.balance_cents / 100),
    balance_cents: spec.balance_cents,
    consumed_credits: '0',
    ongoing_balance_cents: spec.balance_cents - usage,
    ongoing_usage_balance_cents: usage,
    credits_ongoing_balance:
      spec.credits_ongoing_balance ?? String((spec.balance_cents - usage) / 100),
    credits_ongoing_usage_balance: String(usage / 100),
    paid_top_up_min_amount_cents: spec.paid_top_up_min_amount_cents ?? null,
    paid_top_up_max_amount_cents: spec.paid_top_up_max_amount_cents ?? null,
    invoice_requires_successful_payment: false,
    created_at: spec.created_at ?? STAMP,
    expiration_at: spec.expiration_at ?? null,
    last_balance_sync_at: null,
    last_consumed_credit_at: null,
    terminated_at: null,
    applies_to: {
      fee_types: spec.fee_types ?? [],
      billable_metric_codes: spec.billable_metric_codes ?? [],
    },
    recurring_transaction_rules: spec.rules ?? [],
    applied_invoice_custom_sections: [],
    payment_method: PAYMENT,
  });
}

/** A recurring transaction rule's builder options. */
export interface RuleSpec {
  readonly trigger: 'interval' | 'threshold';
  readonly method: 'fixed' | 'target';
  readonly interval?: 'weekly' | 'monthly' | 'quarterly' | 'semiannual' | 'yearly';
  readonly threshold_credits?: string;
  readonly paid_credits?: string;
  readonly granted_credits?: string;
  readonly target_ongoing_balance?: string | null;
  readonly grants_target_top_up?: boolean | null;
  readonly started_at?: string | null;
  readonly expiration_at?: string | null;
  readonly ignore_paid_top_up_limits?: boolean;
  readonly status?: 'active' | 'terminated';
}

export function rule(spec: RuleSpec): RecurringTransactionRule {
  return build(RecurringTransactionRule, {
    svc_id: uuid(`rule:${spec.trigger}:${spec.method}`),
    trigger: spec.trigger,
    method: spec.method,
    interval: spec.interval ?? 'monthly',
    status: spec.status ?? 'active',
    threshold_credits: spec.threshold_credits ?? '0',
    paid_credits: spec.paid_credits ?? '0',
    granted_credits: spec.granted_credits ?? '0',
    target_ongoing_balance: spec.target_ongoing_balance ?? null,
    grants_target_top_up: spec.grants_target_top_up ?? null,
    started_at: spec.started_at ?? null,
    created_at: STAMP,
    expiration_at: spec.expiration_at ?? null,
    invoice_requires_successful_payment: false,
    ignore_paid_top_up_limits: spec.ignore_paid_top_up_limits ?? false,
    transaction_metadata: [],
    transaction_name: 'Top-up',
    applied_invoice_custom_sections: [],
    payment_method: PAYMENT,
  });
}

/** An inbound or outbound wallet transaction. */
export interface TransactionSpec {
  readonly name: string;
  readonly wallet: Wallet;
  readonly kind: 'granted' | 'purchased' | 'voided' | 'invoiced';
  readonly status?: 'pending' | 'settled' | 'failed';
  readonly credits: string;
  readonly remaining_amount_cents?: number | null;
  readonly priority?: number;
  readonly created_at?: string;
  readonly source?: 'manual' | 'interval' | 'threshold';
}

export function transaction(spec: TransactionSpec): WalletTransaction {
  const outbound = spec.kind === 'voided' || spec.kind === 'invoiced';
  return build(WalletTransaction, {
    svc_id: uuid(`tx:${spec.name}`),
    svc_wallet_id: spec.wallet.svc_id,
    svc_voided_invoice_id: null,
    status: spec.status ?? 'settled',
    source: spec.source ?? 'manual',
    transaction_status: spec.kind,
    transaction_type: outbound ? 'outbound' : 'inbound',
    amount: spec.credits,
    credit_amount: spec.credits,
    remaining_credit_amount:
      spec.remaining_amount_cents === undefined || spec.remaining_amount_cents === null
        ? null
        : String(spec.remaining_amount_cents / 100),
    remaining_amount_cents: spec.remaining_amount_cents ?? null,
    name: null,
    invoice_requires_successful_payment: false,
    metadata: [],
    created_at: spec.created_at ?? STAMP,
    settled_at: null,
    failed_at: null,
    payment_method: PAYMENT,
    priority: spec.priority ?? 50,
  });
}

/** A tax applied to a fee. */
export function appliedTax(code: string, rate: number, amountCents = 0): AppliedTax {
  return build(AppliedTax, {
    svc_id: null,
    svc_fee_id: null,
    svc_tax_id: uuid(`tax:${code}`),
    tax_name: code.toUpperCase(),
    tax_code: code,
    tax_description: null,
    tax_rate: rate,
    amount_cents: amountCents,
    amount_currency: 'EUR',
    created_at: null,
  });
}

/** A fee's builder options: what the adjustments read, everything else defaulted. */
export interface FeeSpec {
  readonly name: string;
  readonly type?: 'subscription' | 'charge' | 'fixed_charge' | 'commitment' | 'add_on' | 'credit';
  /** The billable metric code of a charge fee (its `item.code`). */
  readonly code?: string;
  readonly amount_cents: number;
  /** Default: `amount_cents`, in minor units (written to the wire in currency units). */
  readonly precise_amount_cents?: string;
  readonly precise_coupons_amount_cents?: string;
  readonly taxes_amount_cents?: number;
  /** In minor units (written to the wire in currency units); default `taxes_amount_cents`. */
  readonly taxes_precise_amount_cents?: string;
  readonly taxes_rate?: number;
  readonly applied_taxes?: readonly AppliedTax[];
  readonly currency?: string;
  readonly charge?: string | null;
  readonly filter?: string | null;
  readonly grouped_by?: Readonly<Record<string, string>>;
  readonly subscription?: string;
  readonly from_date?: string;
  readonly to_date?: string;
  readonly plan_amount_cents?: number;
}

/** Minor units (a decimal string) to currency units, for a 2-decimal currency. */
function units(cents: string): string {
  const negative = cents.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? cents.slice(1) : cents).split('.');
  const padded = whole.padStart(3, '0');
  const text = `${padded.slice(0, -2).replace(/^0+(?=\d)/, '')}.${padded.slice(-2)}${fraction}`;
  return negative ? `-${text}` : text;
}

export function fee(spec: FeeSpec): Fee {
  const type = spec.type ?? 'charge';
  const taxes = spec.taxes_amount_cents ?? 0;
  const precise = units(spec.precise_amount_cents ?? String(spec.amount_cents));
  return build(Fee, {
    svc_id: uuid(`fee:${spec.name}`),
    svc_charge_id:
      type === 'charge' ? uuid(`charge:${spec.charge ?? spec.code ?? spec.name}`) : null,
    svc_charge_filter_id:
      spec.filter === undefined || spec.filter === null ? null : uuid(`filter:${spec.filter}`),
    svc_fixed_charge_id: null,
    svc_invoice_id: null,
    svc_true_up_fee_id: null,
    svc_true_up_parent_fee_id: null,
    svc_subscription_id: uuid(`subscription:${spec.subscription ?? 'main'}`),
    svc_customer_id: uuid('customer'),
    external_customer_id: 'cust_1',
    external_subscription_id: spec.subscription ?? 'main',
    amount_cents: spec.amount_cents,
    precise_amount: precise,
    precise_total_amount: precise,
    amount_currency: spec.currency ?? 'EUR',
    taxes_amount_cents: taxes,
    taxes_precise_amount: units(spec.taxes_precise_amount_cents ?? String(taxes)),
    taxes_rate: spec.taxes_rate ?? 0,
    units: '1',
    precise_unit_amount: precise,
    total_aggregated_units: null,
    total_amount_cents: spec.amount_cents + taxes,
    total_amount_currency: spec.currency ?? 'EUR',
    events_count: 0,
    pay_in_advance: false,
    invoiceable: true,
    payment_status: 'pending',
    created_at: STAMP,
    succeeded_at: null,
    failed_at: null,
    refunded_at: null,
    description: null,
    precise_coupons_amount_cents: spec.precise_coupons_amount_cents ?? '0',
    self_billed: false,
    amount_details:
      spec.plan_amount_cents === undefined ? {} : { plan_amount_cents: spec.plan_amount_cents },
    item: {
      type,
      code: spec.code ?? spec.name,
      name: spec.code ?? spec.name,
      svc_item_id: uuid(`item:${spec.code ?? spec.name}`),
      item_type: type === 'charge' ? 'BillableMetric' : 'Subscription',
      invoice_display_name: spec.name,
      description: null,
      filter_invoice_display_name: null,
      filters: null,
      grouped_by: spec.grouped_by ?? {},
    },
    pricing_unit_details: null,
    applied_taxes: spec.applied_taxes ?? [],
    ...(spec.from_date === undefined ? {} : { from_date: spec.from_date }),
    ...(spec.to_date === undefined ? {} : { to_date: spec.to_date }),
  });
}

/** An invoice's builder options: its fees and totals. */
export interface InvoiceSpec {
  readonly name?: string;
  readonly fees: readonly Fee[];
  readonly currency?: string;
  readonly status?: 'draft' | 'finalized' | 'voided' | 'failed';
  readonly invoice_type?: 'subscription' | 'credit' | 'progressive_billing' | 'one_off' | 'add_on';
  readonly payment_status?: 'pending' | 'succeeded' | 'failed';
  readonly version_number?: number;
  readonly fees_amount_cents?: number;
  readonly coupons_amount_cents?: number;
  readonly progressive_billing_credit_amount_cents?: number;
  readonly credit_notes_amount_cents?: number;
  readonly taxes_amount_cents?: number;
  readonly sub_total_excluding_taxes_amount_cents?: number;
  readonly sub_total_including_taxes_amount_cents?: number;
  readonly total_amount_cents?: number;
  readonly total_paid_amount_cents?: number;
  readonly prepaid_credit_amount_cents?: number;
  readonly created_at?: string;
  readonly issuing_date?: string;
  readonly credits?: readonly unknown[];
  readonly billing_periods?: readonly unknown[];
  readonly timezone?: string;
}

/** An invoice; totals default to the fees' sums (no coupons, no credit notes). */
export function invoice(spec: InvoiceSpec): Invoice {
  const feesAmount = spec.fees_amount_cents ?? spec.fees.reduce((s, f) => s + f.amount_cents, 0);
  const taxes = spec.taxes_amount_cents ?? spec.fees.reduce((s, f) => s + f.taxes_amount_cents, 0);
  const coupons = spec.coupons_amount_cents ?? 0;
  const progressive = spec.progressive_billing_credit_amount_cents ?? 0;
  const subExcl = spec.sub_total_excluding_taxes_amount_cents ?? feesAmount - coupons - progressive;
  const subIncl = spec.sub_total_including_taxes_amount_cents ?? subExcl + taxes;
  const creditNotes = spec.credit_notes_amount_cents ?? 0;
  const name = spec.name ?? 'main';
  return build(Invoice, {
    svc_id: uuid(`invoice:${name}`),
    billing_entity_code: 'acme',
    sequential_id: 1,
    number: `INV-${name}`,
    issuing_date: spec.issuing_date ?? '2025-02-01',
    payment_due_date: null,
    payment_dispute_lost_at: null,
    payment_overdue: false,
    net_payment_term: 0,
    invoice_type: spec.invoice_type ?? 'subscription',
    status: spec.status ?? 'finalized',
    payment_status: spec.payment_status ?? 'pending',
    currency: spec.currency ?? 'EUR',
    fees_amount_cents: feesAmount,
    coupons_amount_cents: coupons,
    credit_notes_amount_cents: creditNotes,
    sub_total_excluding_taxes_amount_cents: subExcl,
    taxes_amount_cents: taxes,
    sub_total_including_taxes_amount_cents: subIncl,
    prepaid_credit_amount_cents: spec.prepaid_credit_amount_cents ?? 0,
    prepaid_granted_credit_amount_cents: null,
    prepaid_purchased_credit_amount_cents: null,
    progressive_billing_credit_amount_cents: progressive,
    total_amount_cents: spec.total_amount_cents ?? subIncl - creditNotes,
    version_number: spec.version_number ?? 4,
    self_billed: false,
    file_url: null,
    created_at: spec.created_at ?? '2025-02-01T00:00:00Z',
    updated_at: spec.created_at ?? '2025-02-01T00:00:00Z',
    customer: customer(spec.timezone ?? 'UTC'),
    billing_periods: spec.billing_periods ?? [],
    metadata: [],
    applied_taxes: [],
    applied_invoice_custom_sections: [],
    credits: spec.credits ?? [],
    fees: spec.fees,
    subscriptions: [],
    error_details: [],
    ...(spec.total_paid_amount_cents === undefined
      ? {}
      : { total_paid_amount_cents: spec.total_paid_amount_cents }),
  });
}

function customer(timezone: string): unknown {
  return {
    svc_id: uuid('customer'),
    sequential_id: 1,
    slug: 'CUS-001',
    external_id: 'cust_1',
    billing_entity_code: 'acme',
    applicable_timezone: timezone,
    timezone: null,
    created_at: STAMP,
    updated_at: STAMP,
    address_line1: null,
    address_line2: null,
    city: null,
    state: null,
    country: null,
    zipcode: null,
    currency: 'EUR',
    email: null,
    phone: null,
    name: null,
    firstname: null,
    lastname: null,
    legal_name: null,
    legal_number: null,
    logo_url: null,
    url: null,
    tax_identification_number: null,
    account_type: 'customer',
    net_payment_term: null,
    finalize_zero_amount_invoice: 'inherit',
    skip_invoice_custom_sections: false,
    billing_configuration: {
      invoice_grace_period: 0,
      subscription_invoice_issuing_date_anchor: null,
      subscription_invoice_issuing_date_adjustment: null,
      payment_provider: null,
      payment_provider_code: null,
      document_locale: 'en',
    },
    shipping_address: {
      address_line1: null,
      address_line2: null,
      city: null,
      country: null,
      state: null,
      zipcode: null,
    },
    metadata: [],
  };
}

/** A billing period entry of an invoice (`billing_periods[]`). */
export function billingPeriod(subscription: string, from: string, to: string): unknown {
  return {
    svc_subscription_id: uuid(`subscription:${subscription}`),
    svc_plan_id: uuid('plan'),
    external_subscription_id: subscription,
    subscription_from_datetime: from,
    subscription_to_datetime: to,
    charges_from_datetime: from,
    charges_to_datetime: to,
    invoicing_reason: 'progressive_billing',
  };
}

/** An invoice credit of type `invoice` (a progressive-billing credit taken from `pb`). */
export function progressiveCredit(pb: Invoice, on: string, amount_cents: number): unknown {
  return {
    svc_id: uuid(`credit:${on}`),
    amount_cents,
    amount_currency: pb.currency,
    before_taxes: true,
    item: { svc_item_id: pb.svc_id, type: 'invoice', code: pb.number, name: pb.number },
    invoice: { svc_id: uuid(`invoice:${on}`), payment_status: 'pending' },
  };
}

/** A credit note's builder options (as the adjustments read earlier notes). */
export interface CreditNoteSpec {
  readonly name: string;
  readonly invoice: Invoice;
  readonly items: readonly { readonly fee: Fee; readonly amount_cents: number }[];
  readonly credit_amount_cents?: number;
  readonly refund_amount_cents?: number;
  readonly offset_amount_cents?: number;
  readonly taxes_amount_cents?: number;
  readonly precise_taxes_amount_cents?: string;
  readonly credit_status?: 'available' | 'consumed' | 'voided' | null;
}

export function creditNote(spec: CreditNoteSpec): CreditNote {
  const credit = spec.credit_amount_cents ?? 0;
  const refund = spec.refund_amount_cents ?? 0;
  const offset = spec.offset_amount_cents ?? 0;
  const taxes = spec.taxes_amount_cents ?? 0;
  const total = credit + refund + offset;
  return build(CreditNote, {
    svc_id: uuid(`credit_note:${spec.name}`),
    svc_invoice_id: spec.invoice.svc_id,
    billing_entity_code: 'acme',
    number: `${spec.invoice.number}-CN-${spec.name}`,
    invoice_number: spec.invoice.number,
    sequential_id: 1,
    issuing_date: '2025-02-02',
    credit_status:
      spec.credit_status === undefined ? (credit > 0 ? 'available' : null) : spec.credit_status,
    refund_status: refund > 0 ? 'pending' : null,
    reason: 'other',
    description: null,
    currency: spec.invoice.currency,
    total_amount_cents: total,
    taxes_amount_cents: taxes,
    taxes_rate: 0,
    sub_total_excluding_taxes_amount_cents: total - taxes,
    balance_amount_cents: credit,
    credit_amount_cents: credit,
    refund_amount_cents: refund,
    offset_amount_cents: offset,
    coupons_adjustment_amount_cents: 0,
    created_at: STAMP,
    updated_at: STAMP,
    file_url: null,
    self_billed: false,
    items: spec.items.map((item, i) => ({
      svc_id: uuid(`credit_note_item:${spec.name}:${i}`),
      amount_cents: item.amount_cents,
      amount_currency: spec.invoice.currency,
      fee: item.fee,
    })),
    applied_taxes: [],
    customer: spec.invoice.customer,
    error_details: [],
    ...(spec.precise_taxes_amount_cents === undefined
      ? {}
      : { precise_taxes_amount_cents: spec.precise_taxes_amount_cents }),
  });
}

/** A plan's minimum commitment. */
export function commitment(amount_cents: number): MinimumCommitment {
  return build(MinimumCommitment, {
    svc_id: uuid('commitment'),
    plan_code: 'startup',
    amount_cents,
    invoice_display_name: 'Minimum commitment',
    interval: 'monthly',
    created_at: STAMP,
    updated_at: STAMP,
    taxes: [],
  });
}

/** A usage threshold. */
export function threshold(amount_cents: number, recurring = false): UsageThreshold {
  return build(UsageThreshold, {
    svc_id: uuid(`threshold:${amount_cents}:${recurring}`),
    threshold_display_name: null,
    amount_cents,
    recurring,
    created_at: STAMP,
    updated_at: STAMP,
  });
}

/** The wire fields of a subscription that a commitment true-up fee copies. */
export function subscriptionRef(name = 'main') {
  return {
    svc_id: build(Uuid, uuid(`subscription:${name}`)),
    external_id: name,
    svc_customer_id: build(Uuid, uuid('customer')),
    external_customer_id: 'cust_1',
  };
}

/** An integer as wire cents. */
export function cents(n: number): Cents {
  return build(Cents, n);
}

/** A `POST /wallet_transactions` request (the object under `wallet_transaction`). */
export function walletTransactionRequest(
  target: Wallet,
  fields: Readonly<Record<string, unknown>>,
): WalletTransactionInput {
  return build(WalletTransactionInput, { wallet_id: target.svc_id, ...fields });
}

/**
 * A value typed as `A` without decoding it: what a caller that skips decoding may pass (the
 * engine must answer with a `Left`, never throw).
 */
export function unchecked<A>(value: unknown): A {
  return value as A;
}

/** The wire payloads of the API (`fixtures/wire` of the repository). */
const WIRE_FIXTURES = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../../fixtures/wire',
);

/** A wire fixture's root object, decoded with `codec` (e.g. `fixture('response.invoice.json', 'invoice', Invoice)`). */
export function fixture<A>(file: string, root: string, codec: t.Decoder<unknown, A>): A {
  const json: unknown = JSON.parse(readFileSync(resolve(WIRE_FIXTURES, file), 'utf8'));
  const value =
    typeof json === 'object' && json !== null ? (json as Record<string, unknown>)[root] : undefined;
  return build(codec, value);
}
