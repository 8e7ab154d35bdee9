/**
 * The way from an invoice's fees to its total, as lines that add up: the fees (excluding
 * taxes), each credit taken off before taxes, each tax, each credit taken off after taxes,
 * with sub-totals, then the total. What the invoice and compare tables end with.
 */
import type { Invoice, InvoiceCredit } from '@feecast/models';

/**
 * One line of the ledger. An `amount` line adds its (signed) cents to the running sum; a
 * `subtotal` or the `total` shows the running sum so far.
 */
export interface LedgerLine {
  /** The same thing on every invoice (to line plans up): `fees`, `coupon:<code>`, `tax:<code>`... */
  readonly key: string;
  readonly label: string;
  /** Minor units; deductions are negative. */
  readonly cents: number;
  readonly kind: 'amount' | 'subtotal' | 'total';
}

/** Lines per item when they add up to the invoice's figure, else one line of the figure. */
function itemized(
  items: readonly LedgerLine[],
  figure: number,
  whole: LedgerLine,
): readonly LedgerLine[] {
  let sum = 0;
  for (const item of items) sum += item.cents;
  return items.length > 0 && sum === figure ? items : [whole];
}

/** The coupon credits of the invoice, one line each (taken off: negative). */
function couponLines(invoice: Invoice): readonly LedgerLine[] {
  const coupons = invoice.credits.filter((credit: InvoiceCredit) => credit.item.type === 'coupon');
  const lines = coupons.map(
    (credit): LedgerLine => ({
      key: `coupon:${credit.item.code}`,
      label: `Coupon ${credit.item.name}`,
      cents: -credit.amount_cents,
      kind: 'amount',
    }),
  );
  const whole: LedgerLine = {
    key: 'coupons',
    label: 'Coupons',
    cents: -invoice.coupons_amount_cents,
    kind: 'amount',
  };
  if (invoice.coupons_amount_cents === 0 && lines.length === 0) return [];
  return itemized(lines, -invoice.coupons_amount_cents, whole);
}

/** The invoice's taxes, one line per tax (a single `Taxes` line when there are none). */
function taxLines(invoice: Invoice): readonly LedgerLine[] {
  const lines = invoice.applied_taxes.map(
    (tax): LedgerLine => ({
      key: `tax:${tax.tax_code}`,
      label: `Tax ${tax.tax_name}`,
      cents: tax.amount_cents,
      kind: 'amount',
    }),
  );
  const whole: LedgerLine = {
    key: 'taxes',
    label: 'Taxes',
    cents: invoice.taxes_amount_cents,
    kind: 'amount',
  };
  return itemized(lines, invoice.taxes_amount_cents, whole);
}

/** A deduction line, left out when zero. */
function deduction(key: string, label: string, cents: number): readonly LedgerLine[] {
  return cents === 0 ? [] : [{ key, label, cents: -cents, kind: 'amount' }];
}

/**
 * An invoice's way from fees to total, in its parts: each part's lines add to the sub-total
 * that follows it.
 */
export interface Ledger {
  /** `Fees excluding taxes`: the sum of the invoice's fees. */
  readonly fees: LedgerLine;
  /** Taken off before taxes: progressive-billing credits, each coupon (negative). */
  readonly beforeTaxes: readonly LedgerLine[];
  readonly subTotalExcludingTaxes: LedgerLine;
  /** Each tax (one `Taxes` line when the applied taxes do not list them). */
  readonly taxes: readonly LedgerLine[];
  readonly subTotalIncludingTaxes: LedgerLine;
  /** Taken off after taxes: credit notes, prepaid credits (negative). */
  readonly afterTaxes: readonly LedgerLine[];
  /** `Total including taxes`. */
  readonly total: LedgerLine;
}

/**
 * The invoice's ledger: `Fees excluding taxes` (the sum of its fees), then progressive-billing
 * credits and each coupon (negative), `Sub-total excluding taxes`, each tax (one line per
 * applied tax when they add up to the invoice's taxes, else one `Taxes` line), `Sub-total
 * including taxes`, credit notes and prepaid credits (negative), and `Total including taxes`,
 * each figure the invoice's own. Deductions that are zero are left out.
 *
 * @example
 * invoiceLedger(invoice).beforeTaxes // [{ key: 'coupon:welcome10', label: 'Coupon Welcome 10', cents: -1000, kind: 'amount' }]
 */
export function invoiceLedger(invoice: Invoice): Ledger {
  const subtotal = (key: string, label: string, cents: number): LedgerLine => ({
    key,
    label,
    cents,
    kind: 'subtotal',
  });
  return {
    fees: subtotal('fees', 'Fees excluding taxes', invoice.fees_amount_cents),
    beforeTaxes: [
      ...deduction(
        'progressive_billing',
        'Progressive billing credits',
        invoice.progressive_billing_credit_amount_cents,
      ),
      ...couponLines(invoice),
    ],
    subTotalExcludingTaxes: subtotal(
      'sub_total_excluding_taxes',
      'Sub-total excluding taxes',
      invoice.sub_total_excluding_taxes_amount_cents,
    ),
    taxes: taxLines(invoice),
    subTotalIncludingTaxes: subtotal(
      'sub_total_including_taxes',
      'Sub-total including taxes',
      invoice.sub_total_including_taxes_amount_cents,
    ),
    afterTaxes: [
      ...deduction('credit_notes', 'Credit notes', invoice.credit_notes_amount_cents),
      ...deduction('prepaid_credits', 'Prepaid credits', invoice.prepaid_credit_amount_cents),
    ],
    total: {
      key: 'total',
      label: 'Total including taxes',
      cents: invoice.total_amount_cents,
      kind: 'total',
    },
  };
}

/**
 * The lines of a ledger in order, without a sub-total that would repeat the line above it
 * (no deduction before it). The amount lines add up to each sub-total and to the total.
 *
 * @example
 * ledgerLines(invoiceLedger(invoice)).map((line) => [line.label, line.cents])
 * // [['Fees excluding taxes', 55191], ['Coupon Welcome 10', -1000], ['Sub-total excluding taxes', 54191],
 * //  ['Tax VAT FR 20%', 10838], ['Sub-total including taxes', 65029], ['Prepaid credits', -2500],
 * //  ['Total including taxes', 62529]]
 */
export function ledgerLines(ledger: Ledger): LedgerLine[] {
  const lines: LedgerLine[] = [ledger.fees, ...ledger.beforeTaxes];
  if (ledger.beforeTaxes.length > 0) lines.push(ledger.subTotalExcludingTaxes);
  for (const tax of ledger.taxes) lines.push(tax);
  if (ledger.afterTaxes.length > 0) lines.push(ledger.subTotalIncludingTaxes);
  for (const line of ledger.afterTaxes) lines.push(line);
  lines.push(ledger.total);
  return lines;
}
