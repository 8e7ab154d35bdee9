/**
 * Finalizing a draft invoice with the engine's settlement (invoicing.md §1): a draft carries
 * no coupons, credit-note credits or prepaid credits, so finalization starts from its fees (and
 * the progressive-billing credit they were created with), settles it (`settleInvoice`: the
 * customer's coupons, the taxes, the customer's available credit notes, then the customer's
 * wallets, as `previewInvoice` does) and issues the invoice. A tax that cannot be computed
 * leaves the invoice `failed` with a `tax_error` in `error_details`, as the reference does.
 */
import type { CouponApplication, FeecastError, OperationTaxes } from '@feecast/engine';
import { type SettledInvoice, settleInvoice } from '@feecast/engine/internal';
import type {
  AppliedCoupon,
  CreditNote,
  DecimalString,
  Fee,
  Invoice,
  Plan,
  Subscription,
  Timestamp,
  Uuid,
  Wallet,
  WalletTransaction,
} from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import type { ApiErrorResponse } from '../http/api-error';
import { asIsoDate } from '../state/brands';
import { addDays, localDate } from '../state/calendar';
import { apiErrorOf } from './engine-error';

/** The input of `Operations.finalizeInvoice`: a draft invoice and what its totals depend on. */
export interface FinalizeInvoiceInput {
  /** The draft. */
  readonly invoice: Invoice;
  readonly now: Timestamp;
  /** The invoice's subscriptions, each with the plan it bills (overrides applied). */
  readonly subscriptions: readonly { readonly subscription: Subscription; readonly plan: Plan }[];
  /** The customer's active applied coupons, each with its coupon. */
  readonly appliedCoupons: readonly CouponApplication<AppliedCoupon>[];
  /** The billing entity's and the customer's taxes. */
  readonly taxes: OperationTaxes;
  /** The customer's wallets. */
  readonly wallets: readonly Wallet[];
  /** The transactions of those wallets (to split prepaid credits into granted and purchased). */
  readonly walletTransactions: readonly WalletTransaction[];
  /** The customer's credit notes: the available ones in the invoice's currency are consumed (§5). */
  readonly creditNotes: readonly CreditNote[];
  /** A new identifier (for an `error_details` entry). */
  readonly newId: () => Uuid;
}

/**
 * What finalizing changed: the invoice, the wallets and wallet transactions as `applyWallets`
 * describes them, and the applied coupons and credit notes given, in the same order, as they
 * stand after the invoice.
 */
export type FinalizedInvoice = Pick<
  SettledInvoice,
  | 'invoice'
  | 'wallets'
  | 'wallet_transactions'
  | 'updated_transactions'
  | 'applied_coupons'
  | 'credit_notes'
>;

const ZERO_CENTS = '0.0' as DecimalString;

/** A wire fee: without the engine's working share of credit-note credits (not a `Fee` field). */
function wireFee(fee: Fee & { readonly precise_credit_notes_amount_cents?: string }): Fee {
  const { precise_credit_notes_amount_cents: _share, ...rest } = fee;
  return rest;
}

/**
 * The fee as a draft holds it before its credits: no taxes yet and no credit-note share; its
 * coupon share removed unless `keepShares` (then the share is the progressive-billing credit's,
 * which the fee was created with, §3.3).
 */
function uncredited(fee: Fee, keepShares: boolean): Fee {
  return {
    ...wireFee(fee),
    ...(keepShares ? {} : { precise_coupons_amount_cents: ZERO_CENTS }),
    applied_taxes: [],
  };
}

/**
 * The draft as finalization starts from it (invoicing.md §1: drafts carry no coupons, credit
 * notes or prepaid credits, which apply now): untaxed fees, no credit-note or prepaid credits,
 * so that every stage runs once, here. The progressive-billing credit belongs to the fees
 * (step 3, taken when they were created) and stays with its per-fee shares. A fee's
 * `precise_coupons_amount_cents` holds both kinds of shares (§0), so coupon credits found on a
 * draft are removed with the shares only when the draft has no progressive-billing credit;
 * otherwise they stay, counted as applied (those coupons are not applied twice).
 */
function startingPoint(invoice: Invoice): Invoice {
  const progressive = invoice.progressive_billing_credit_amount_cents > 0;
  return {
    ...invoice,
    fees: invoice.fees.map((fee) => uncredited(fee, progressive)),
    credits: invoice.credits.filter(
      (credit) =>
        credit.item.type !== 'credit_note' && (progressive || credit.item.type !== 'coupon'),
    ),
    credit_notes_amount_cents: 0 as Invoice['credit_notes_amount_cents'],
    prepaid_credit_amount_cents: 0 as Invoice['prepaid_credit_amount_cents'],
    prepaid_granted_credit_amount_cents: null,
    prepaid_purchased_credit_amount_cents: null,
  };
}

/**
 * The issuing fields of a finalized invoice: issued today in the customer's zone, nothing
 * paid yet (a draft cannot be paid), so all of the total is due.
 */
function issued(invoice: Invoice, now: Timestamp): Invoice {
  const issuing = localDate(now, invoice.customer.applicable_timezone);
  return {
    ...invoice,
    fees: invoice.fees.map(wireFee),
    ...(invoice.total_due_amount_cents === undefined
      ? {}
      : { total_due_amount_cents: invoice.total_amount_cents }),
    ...(invoice.total_paid_amount_cents === undefined
      ? {}
      : { total_paid_amount_cents: 0 as Invoice['total_amount_cents'] }),
    issuing_date: asIsoDate(issuing),
    payment_due_date: asIsoDate(addDays(issuing, invoice.net_payment_term)),
    file_url: null,
    updated_at: now,
  };
}

/** Path segments of the totals' tax inputs and outputs. */
const TAX_SEGMENTS: ReadonlySet<string> = new Set([
  'tax_sources',
  'taxes',
  'applied_taxes',
  'taxes_amount_cents',
  'taxes_rate',
]);

/** Whether the totals failed on a tax (a rate that cannot be read, an unknown tax code...). */
function isTaxError(error: FeecastError): boolean {
  return (
    error.code === 'unknown_tax_code' ||
    (error.path ?? []).some((segment) => TAX_SEGMENTS.has(segment))
  );
}

/** The draft, `failed`, with the tax error recorded (its figures and the credits untouched). */
function failedOnTaxes(input: FinalizeInvoiceInput, error: FeecastError): FinalizedInvoice {
  const invoice: Invoice = {
    ...issued(input.invoice, input.now),
    status: 'failed',
    error_details: [
      ...input.invoice.error_details,
      {
        svc_id: input.newId(),
        error_code: 'tax_error',
        details: { tax_error: error.code, tax_error_message: error.message },
      },
    ],
  };
  return {
    invoice,
    applied_coupons: input.appliedCoupons.map((application) => application.applied_coupon),
    credit_notes: input.creditNotes,
    wallets: input.wallets,
    wallet_transactions: [],
    updated_transactions: [],
  };
}

/**
 * Finalizes a draft invoice (`PUT /invoices/{id}/finalize`) with the engine's settlement
 * (`settleInvoice`, invoicing.md §1 steps 3-8): the draft's progressive-billing credit, the
 * customer's applied coupons, the taxes (fee taxes from the charge, plan, customer or billing
 * entity; §2.1), the customer's available credit notes (§5), then the customer's prepaid
 * credits (§6.5). The fees are the draft's as stored (no refresh from events; see
 * docs/semantics.md). The invoice is `finalized`, issued today in the customer's time zone,
 * due `net_payment_term` days later, `file_url` null (no PDF is built). Coupons, credit notes
 * and wallets come back as the invoice leaves them. When a tax cannot be computed the invoice
 * is `failed` with a `tax_error` entry in `error_details` and nothing else changes; any other
 * engine error is a 422.
 *
 * @example
 * import { randomUUID } from 'node:crypto';
 * import { previewInvoiceUnsafe } from '@feecast/engine';
 * import type { Timestamp, Uuid } from '@feecast/models';
 *
 * // November's draft, finalized with the coupon `welcome10` and 20 % VAT: fees 551.91,
 * // coupon 10.00, VAT 108.38 (20 % of 541.91): 650.29 EUR.
 * const now = '2026-11-30T23:59:59Z';
 * const { invoice } = previewInvoiceUnsafe({
 *   customer, subscriptions: [{ subscription, plan }], billableMetrics, events, now, status: 'draft',
 * });
 * engineFinalization({
 *   invoice, now: now as Timestamp,
 *   subscriptions: [{ subscription, plan }],
 *   appliedCoupons: [{ applied_coupon: appliedCoupon, coupon }],
 *   taxes: { billing_entity: [vat20] },
 *   wallets: [], walletTransactions: [], creditNotes: [],
 *   newId: () => randomUUID() as Uuid,
 * })
 * // ~> right({ invoice: { status: 'finalized', fees_amount_cents: 55191, coupons_amount_cents: 1000,
 * //   taxes_amount_cents: 10838, total_amount_cents: 65029 } })
 */
export function engineFinalization(
  input: FinalizeInvoiceInput,
): Either<ApiErrorResponse, FinalizedInvoice> {
  const settled = settleInvoice(
    { ...startingPoint(input.invoice), status: 'finalized' as const },
    {
      appliedCoupons: input.appliedCoupons,
      taxSources: {
        ...input.taxes,
        subscriptions: input.subscriptions.map(({ subscription, plan }) => ({
          subscription: { svc_id: subscription.svc_id },
          plan,
        })),
      },
      creditNotes: input.creditNotes,
      wallets: input.wallets,
      walletTransactions: input.walletTransactions,
      at: input.now,
      finalizing: true,
    },
  );
  if (isLeft(settled)) {
    return isTaxError(settled.left)
      ? right(failedOnTaxes(input, settled.left))
      : left(apiErrorOf(settled.left));
  }
  return right({
    invoice: issued(settled.right.invoice, input.now),
    applied_coupons: settled.right.applied_coupons,
    credit_notes: settled.right.credit_notes,
    wallets: settled.right.wallets,
    wallet_transactions: settled.right.wallet_transactions,
    updated_transactions: settled.right.updated_transactions,
  });
}
