/**
 * A comparison of plans as a table: one column per plan, one row per charge (lines of one
 * code added up), then each plan's invoice from fees to total (coupons, taxes, credits), and
 * the lowest total. What `feecast compare` prints.
 */
import { type FeecastError, feecastError } from '@feecast/engine';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { invoiceChargeLines, type PlanPreview } from '../report/compare-data';
import { invoiceLedger, type Ledger, type LedgerLine } from './invoice-ledger';
import { formatMoney } from './money';
import { renderTable } from './table';

/** A row of the table: its label and one amount in cents per plan (`undefined`: none). */
type Row = readonly [string, readonly (number | undefined)[]];

/** One row per key of the plans' lines, in order of first appearance. */
function unionRows(lines: readonly (readonly LedgerLine[])[]): Row[] {
  const labels = new Map<string, string>();
  for (const plan of lines) {
    for (const line of plan) if (!labels.has(line.key)) labels.set(line.key, line.label);
  }
  return [...labels].map(([key, label]) => [
    label,
    lines.map((plan) => plan.find((line) => line.key === key)?.cents),
  ]);
}

/**
 * The plans' ledgers side by side (see `invoiceLedger`): the fees, the deductions before
 * taxes and their sub-total, the taxes, the sub-total and the deductions after taxes, the
 * total. A sub-total is shown when some plan has a deduction before it (after it, for the
 * deductions after taxes).
 */
function ledgerRows(first: Ledger, ledgers: readonly Ledger[]): Row[] {
  const fixed = (pick: (ledger: Ledger) => LedgerLine): Row => [
    pick(first).label,
    ledgers.map((ledger) => pick(ledger).cents),
  ];
  const before = unionRows(ledgers.map((ledger) => ledger.beforeTaxes));
  const after = unionRows(ledgers.map((ledger) => ledger.afterTaxes));
  return [
    fixed((ledger) => ledger.fees),
    ...before,
    ...(before.length > 0 ? [fixed((ledger) => ledger.subTotalExcludingTaxes)] : []),
    ...unionRows(ledgers.map((ledger) => ledger.taxes)),
    ...(after.length > 0 ? [fixed((ledger) => ledger.subTotalIncludingTaxes)] : []),
    ...after,
    fixed((ledger) => ledger.total),
  ];
}

/** The charge rows: each plan's fees by charge line code (see `invoiceChargeLines`). */
function chargeRows(previews: readonly PlanPreview[]): Row[] {
  const names = new Map<string, string>();
  const amounts = previews.map(({ invoice }) => {
    const byCode = new Map<string, number>();
    for (const line of invoiceChargeLines(invoice)) {
      if (!names.has(line.code)) names.set(line.code, line.name);
      byCode.set(line.code, (byCode.get(line.code) ?? 0) + line.amount_cents);
    }
    return byCode;
  });
  return [...names].map(([code, name]) => [name, amounts.map((byCode) => byCode.get(code))]);
}

/** A row's cells: its label, then each amount as money (`-` for none). */
function cells(row: Row, currency: string): Either<FeecastError, string[]> {
  const [label, amounts] = row;
  const out = [label];
  for (const cents of amounts) {
    if (cents === undefined) {
      out.push('-');
      continue;
    }
    const text = formatMoney(cents, currency);
    if (isLeft(text)) return text;
    out.push(text.right);
  }
  return right(out);
}

/**
 * The comparison as text: a table of the amount of each charge on each plan (`-` where a
 * plan has no such charge), whose rows add up to each plan's `Fees excluding taxes`; below
 * it each plan's invoice from those fees to the total (coupons, `Sub-total excluding
 * taxes`, each tax, credits, `Total including taxes`: see `invoiceLedger`), then the plan(s)
 * with the lowest total. Plans in different currencies are a `Left` (`currency_mismatch`).
 *
 * @example
 * renderCompareTable([{ plan: starter, invoice: starterInvoice }, { plan: growth, invoice: growthInvoice }])
 * // right('Charge  Starter  Growth\n...\nFees excluding taxes  551.91 EUR  455.64 EUR\nTax VAT FR 20%  ...\nTotal including taxes  662.29 EUR  546.77 EUR\n\nLowest total: Growth\n')
 */
export function renderCompareTable(previews: readonly PlanPreview[]): Either<FeecastError, string> {
  const [head] = previews;
  if (head === undefined) return right('No plans to compare.\n');
  const currency = head.invoice.currency;
  for (const [i, { plan, invoice }] of previews.entries()) {
    if (invoice.currency !== currency) {
      return left(
        feecastError(
          'currency_mismatch',
          `Plan "${plan.code}" is priced in ${invoice.currency}, the first plan in ${currency}: compare plans of one currency.`,
          ['plans', String(i), 'currency'],
        ),
      );
    }
  }
  const ledgers = previews.map(({ invoice }) => invoiceLedger(invoice));
  const [first = invoiceLedger(head.invoice)] = ledgers;
  const rows: string[][] = [];
  for (const row of chargeRows(previews)) {
    const text = cells(row, currency);
    if (isLeft(text)) return text;
    rows.push(text.right);
  }
  const footer: string[][] = [];
  for (const row of ledgerRows(first, ledgers)) {
    const text = cells(row, currency);
    if (isLeft(text)) return text;
    footer.push(text.right);
  }
  const table = renderTable({
    columns: [
      { header: 'Charge', align: 'left' },
      ...previews.map(({ plan }) => ({ header: plan.name, align: 'right' as const })),
    ],
    rows,
    footer,
  });
  let lowest = first.total.cents;
  for (const ledger of ledgers) lowest = Math.min(lowest, ledger.total.cents);
  const best = previews
    .filter((_, i) => ledgers[i]?.total.cents === lowest)
    .map(({ plan }) => plan.name);
  return right(`${table}\nLowest total: ${best.join(', ')}\n`);
}
