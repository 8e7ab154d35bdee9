import { Timestamp, Uuid } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError } from '../core/index';
import type { ChargeFee } from '../fees/index';
import { applyTaxes, computeInvoiceTaxes, type TaxSources } from '../invoice/index';

/** Usage is not an invoice: this id only satisfies the invoice-tax computation's input. */
const USAGE_INVOICE_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The taxes of current usage (estimate-and-usage.md §3.6): each fee gets its taxes (the
 * charge's, else the plan's, else the customer's, else the billing entity's), then, as on an
 * invoice, `round(Σ over taxes Σ over fees amount_cents × rate / 100)`, rounded once.
 *
 * @example
 * usageTaxes(fees, { billing_entity: [vat20] }, 2532, '2025-06-01T00:00:00Z') // right(506)
 * @internal
 */
export function usageTaxes(
  fees: readonly ChargeFee[],
  sources: TaxSources,
  amountCents: number,
  createdAt: string,
): Either<FeecastError, number> {
  const [first] = fees;
  if (first === undefined) return right(0);
  const taxed = applyTaxes(fees, sources);
  if (isLeft(taxed)) return taxed;
  if (!Uuid.is(USAGE_INVOICE_ID) || !Timestamp.is(createdAt)) {
    return left(
      feecastError('invalid_input', `${createdAt} is not a UTC timestamp.`, ['now'], {
        value: createdAt,
      }),
    );
  }
  const invoice = computeInvoiceTaxes({
    svc_id: USAGE_INVOICE_ID,
    currency: first.amount_currency,
    created_at: createdAt,
    fees: taxed.right.fees,
    sub_total_excluding_taxes_amount_cents: amountCents,
  });
  return isLeft(invoice) ? invoice : right(invoice.right.taxes_amount_cents);
}
