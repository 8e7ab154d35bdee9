/**
 * An invoice (or an invoice preview) as text: its fees, then the way from fees to the total
 * (progressive-billing credits, coupons, taxes, credit notes, prepaid credits). What
 * `feecast preview` prints.
 */
import { type FeecastError, fromCents, negate } from '@feecast/engine';
import type { Invoice } from '@feecast/models';
import { type Either, right } from 'fp-ts/lib/Either.js';
import { renderFeesTable } from './fees-table';
import { formatDecimalMoney } from './money';
import { renderSummary } from './table';
import { terminalText } from './terminal-text';

/** A line of the totals: label, cents, and whether it is taken off (shown negative). */
type Line = readonly [string, number, 'add' | 'deduct'];

function lines(invoice: Invoice): Line[] {
  const deductions: Line[] = [
    ['Progressive billing credits', invoice.progressive_billing_credit_amount_cents, 'deduct'],
    ['Coupons', invoice.coupons_amount_cents, 'deduct'],
  ];
  const after: Line[] = [
    ['Credit notes', invoice.credit_notes_amount_cents, 'deduct'],
    ['Prepaid credits', invoice.prepaid_credit_amount_cents, 'deduct'],
  ];
  const nonZero = (line: Line) => line[1] !== 0;
  return [
    ['Fees', invoice.fees_amount_cents, 'add'],
    ...deductions.filter(nonZero),
    ['Sub-total excluding taxes', invoice.sub_total_excluding_taxes_amount_cents, 'add'],
    ['Taxes', invoice.taxes_amount_cents, 'add'],
    ['Sub-total including taxes', invoice.sub_total_including_taxes_amount_cents, 'add'],
    ...after.filter(nonZero),
    ['Total', invoice.total_amount_cents, 'add'],
  ];
}

/**
 * The invoice as text: a title (number, type, status, issuing date, customer), the fees
 * table, and the totals from fees to total; credits and coupons are shown negative and left
 * out when zero. An unknown currency is a `Left`.
 *
 * @example
 * renderInvoice(preview.invoice)
 * // right('Invoice DRAFT-001 (subscription, draft), issued 2026-12-01, for Acme (acme)\n\nFee ...\n\nFees  ...\nTotal  ...\n')
 */
export function renderInvoice(invoice: Invoice): Either<FeecastError, string> {
  const fees = renderFeesTable(invoice.fees);
  if (fees._tag === 'Left') return fees;
  const summary: [string, string][] = [];
  for (const [label, cents, kind] of lines(invoice)) {
    const amount = fromCents(cents, invoice.currency);
    if (amount._tag === 'Left') return amount;
    const text = formatDecimalMoney(
      kind === 'deduct' ? negate(amount.right) : amount.right,
      invoice.currency,
    );
    if (text._tag === 'Left') return text;
    summary.push([label, text.right]);
  }
  const customer = invoice.customer.name ?? invoice.customer.external_id;
  const issued = invoice.issuing_date === null ? '' : `, issued ${invoice.issuing_date}`;
  const title = terminalText(
    `Invoice ${invoice.number} (${invoice.invoice_type}, ${invoice.status})${issued}, for ${customer} (${invoice.customer.external_id})`,
  );
  return right(`${title}\n\n${fees.right}\n${renderSummary(summary)}`);
}
