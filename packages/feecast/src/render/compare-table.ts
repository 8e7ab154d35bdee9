/**
 * A comparison of plans as a table: one column per plan, one row per charge (lines of one
 * code added up), the invoice totals, and the lowest. What `feecast compare` prints.
 */
import {
  add,
  compare,
  type Decimal,
  type FeecastError,
  feecastError,
  fromCents,
  ZERO,
} from '@feecast/engine';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import type { CompareReportData } from '../report/data';
import { formatDecimalMoney } from './money';
import { renderTable } from './table';

/**
 * The comparison as text: a table of the amount of each charge on each plan (`-` where a
 * plan has no such charge) with the invoice totals as its footer, then the plan(s) with the
 * lowest total. Plans in different currencies are a `Left` (`currency_mismatch`).
 *
 * @example
 * renderCompareTable(data)
 * // right('Charge     Starter     Growth\n---------  ----------  ----------\nAPI calls  10.00 EUR   8.00 EUR\n...\nTotal      149.00 EUR  129.00 EUR\n\nLowest total: Growth\n')
 */
export function renderCompareTable(data: CompareReportData): Either<FeecastError, string> {
  const currency = data.plans[0]?.currency;
  if (currency === undefined) return right('No plans to compare.\n');
  const names = new Map<string, string>();
  const amounts: Map<string, Decimal>[] = [];
  const totals: Decimal[] = [];
  for (const [i, plan] of data.plans.entries()) {
    if (plan.currency !== currency) {
      return left(
        feecastError(
          'currency_mismatch',
          `Plan "${plan.code}" is priced in ${plan.currency}, the first plan in ${currency}: compare plans of one currency.`,
          ['plans', String(i), 'currency'],
        ),
      );
    }
    const total = fromCents(plan.total_amount_cents, currency, [
      'plans',
      String(i),
      'total_amount_cents',
    ]);
    if (total._tag === 'Left') return total;
    totals.push(total.right);
    const byCode = new Map<string, Decimal>();
    for (const [j, line] of plan.charges.entries()) {
      const amount = fromCents(line.amount_cents, currency, [
        'plans',
        String(i),
        'charges',
        String(j),
        'amount_cents',
      ]);
      if (amount._tag === 'Left') return amount;
      if (!names.has(line.code)) names.set(line.code, line.name);
      byCode.set(line.code, add(byCode.get(line.code) ?? ZERO, amount.right));
    }
    amounts.push(byCode);
  }
  const text = (amount: Decimal | undefined): string => {
    if (amount === undefined) return '-';
    const formatted = formatDecimalMoney(amount, currency);
    return formatted._tag === 'Right' ? formatted.right : '?';
  };
  const rows = [...names].map(([code, name]) => [
    name,
    ...amounts.map((byCode) => text(byCode.get(code))),
  ]);
  const table = renderTable({
    columns: [
      { header: 'Charge', align: 'left' },
      ...data.plans.map((plan) => ({ header: plan.name, align: 'right' as const })),
    ],
    rows,
    footer: [['Total', ...totals.map(text)]],
  });
  const lowest = totals.reduce(
    (low, total) => (compare(total, low) < 0 ? total : low),
    totals[0] ?? ZERO,
  );
  const best = data.plans
    .filter((_, i) => compare(totals[i] ?? ZERO, lowest) === 0)
    .map((plan) => plan.name);
  return right(`${table}\nLowest total: ${best.join(', ')}\n`);
}
