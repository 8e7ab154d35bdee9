/**
 * An invoice (or an invoice preview) as text: its fees, then the way from fees to the total
 * (progressive-billing credits, coupons, taxes, credit notes, prepaid credits), in one column
 * that adds up. What `feecast invoice` prints.
 */
import type { FeecastError } from '@feecast/engine';
import type { Invoice } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import { feesTable } from './fees-table';
import { invoiceLedger, ledgerLines } from './invoice-ledger';
import { formatMoney } from './money';
import { terminalText } from './terminal-text';

/**
 * The invoice as text: a title (number, type, status, issuing date, customer), then one table:
 * a row per fee with its units and amount excluding taxes, and below them the invoice's
 * ledger (`invoiceLedger`) in the same Amount column: the fees, each coupon and credit
 * (negative), each tax, the sub-totals and the total including taxes. The fee rows add up to
 * the fees line, and the lines below to each sub-total and to the total. An unknown currency
 * is a `Left`.
 *
 * @example
 * renderInvoice(preview.invoice)
 * // right('Invoice DRAFT-001 (subscription, draft), issued 2026-12-01, for Acme (acme)\n\nFee ...\nFees excluding taxes  ...\nTotal including taxes  ...\n')
 */
export function renderInvoice(invoice: Invoice): Either<FeecastError, string> {
  const footer: string[][] = [];
  for (const line of ledgerLines(invoiceLedger(invoice))) {
    const text = formatMoney(line.cents, invoice.currency);
    if (isLeft(text)) return text;
    footer.push([line.label, '', '', '', text.right]);
  }
  const table = feesTable(invoice.fees, footer, false);
  if (isLeft(table)) return table;
  const customer = invoice.customer.name ?? invoice.customer.external_id;
  const issued = invoice.issuing_date === null ? '' : `, issued ${invoice.issuing_date}`;
  const title = terminalText(
    `Invoice ${invoice.number} (${invoice.invoice_type}, ${invoice.status})${issued}, for ${customer} (${invoice.customer.external_id})`,
  );
  return right(`${title}\n\n${table.right}`);
}
