import type { Invoice } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import {
  add,
  compare,
  type Decimal,
  decimalFromCount,
  type FeecastError,
  type Money,
  max,
  min,
  multiply,
  ratioOr,
  readCents,
  sign,
  subtract,
  sum,
  ZERO,
} from '../../core/index';
import { type FeeAmounts, readFeeList } from '../../fees/index';
import type { WalletFeeKey } from './applies-to';

/** The fees of one (fee type, billable metric) pair and what wallets may still pay of them. */
export interface FeeBucket extends WalletFeeKey {
  /** Σ caps of its fees (minor units, exact), after reconciliation. */
  readonly cap: Decimal;
}

/**
 * Each fee's share of the invoice's credit-note credits (invoicing.md §5): the credits are
 * spread over the fees in proportion to their after-tax amounts
 * (`amount − precise_coupons + taxes_amount_cents`), out of the total they were taken from
 * (`sub_total_including_taxes`), each share capped at the fee's after-tax amount. Spreading
 * note after note in the reference gives the same shares, since each note spreads the
 * remaining after-tax amounts in the same proportions.
 */
function creditNoteShares(
  fees: readonly FeeAmounts[],
  credited: Decimal,
  denominator: Decimal,
): Decimal[] {
  return fees.map((fee) => {
    if (sign(credited) <= 0 || sign(denominator) <= 0) return ZERO;
    const afterTax = max(ZERO, add(fee.net, fee.taxes));
    return min(afterTax, multiply(credited, ratioOr(afterTax, denominator, ZERO)));
  });
}

/**
 * The fee buckets wallets are applied to (invoicing.md §6.5): for each fee with a non-zero
 * net, `cap = net + precise taxes − credit-note share` (skipped when ≤ 0), summed per
 * (fee type, billable metric) and sorted by cap, largest first (ties by type, then metric).
 * When the caps fall short of the invoice total by a positive amount of at most one minor
 * unit per bucket (tax rounding), the difference goes to the largest bucket.
 *
 * @example
 * walletFeeBuckets(invoice, money, d('5150'))
 * // right([{ fee_type: 'subscription', cap: 3600 }, { fee_type: 'charge', billable_metric_code: 'bm', cap: 1550 }])
 * @internal
 */
export function walletFeeBuckets(
  invoice: Invoice,
  money: Money,
  total: Decimal,
): Either<FeecastError, FeeBucket[]> {
  const fees = readFeeList(invoice.fees, money, ['invoice', 'fees']);
  if (isLeft(fees)) return fees;
  const credited = readCents(invoice.credit_notes_amount_cents, [
    'invoice',
    'credit_notes_amount_cents',
  ]);
  if (isLeft(credited)) return credited;
  const before = readCents(invoice.sub_total_including_taxes_amount_cents, [
    'invoice',
    'sub_total_including_taxes_amount_cents',
  ]);
  if (isLeft(before)) return before;
  const shares = creditNoteShares(fees.right, credited.right, before.right);

  const byKey = new Map<string, { key: WalletFeeKey; cap: Decimal }>();
  for (const [i, fee] of fees.right.entries()) {
    if (sign(fee.net) === 0) continue;
    const cap = subtract(add(fee.net, fee.precise_taxes), shares[i] ?? ZERO);
    if (sign(cap) <= 0) continue;
    const id = `${fee.fee_type}\u0000${fee.billable_metric_code ?? ''}`;
    const entry = byKey.get(id);
    if (entry === undefined) {
      byKey.set(id, {
        key: { fee_type: fee.fee_type, billable_metric_code: fee.billable_metric_code },
        cap,
      });
    } else {
      entry.cap = add(entry.cap, cap);
    }
  }
  const buckets = [...byKey.values()]
    .map(({ key, cap }) => ({ ...key, cap }))
    .sort(
      (a, b) =>
        compare(b.cap, a.cap) ||
        compareText(a.fee_type, b.fee_type) ||
        compareText(a.billable_metric_code ?? '', b.billable_metric_code ?? ''),
    );
  const first = buckets[0];
  if (first === undefined) return right(buckets);
  const difference = subtract(total, sum(buckets.map((b) => b.cap)));
  if (sign(difference) > 0 && compare(difference, decimalFromCount(buckets.length)) <= 0) {
    buckets[0] = { ...first, cap: add(first.cap, difference) };
  }
  return right(buckets);
}

function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
