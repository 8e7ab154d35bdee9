import type { UsageThreshold } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  add,
  compare,
  type Decimal,
  divide,
  type FeecastError,
  feecastError,
  floor,
  multiply,
  readCents,
  type Scale,
  sign,
  subtract,
  ZERO,
} from '../../core/index';

/** A customer's lifetime usage, in minor units (the reference's `lifetime_usage`). */
export interface LifetimeUsageAmounts {
  /** Usage before the customer was billed by this system (imported history). */
  readonly historical_usage_amount_cents: number;
  /** Usage already invoiced, progressive-billing invoices of the current period excluded. */
  readonly invoiced_usage_amount_cents: number;
  /** Usage of the current period so far. */
  readonly current_usage_amount_cents: number;
}

/** The input of {@link passedUsageThresholds}. */
export interface PassedUsageThresholdsInput {
  /** The plan's (or subscription's) usage thresholds: fixed ones and at most one recurring. */
  readonly thresholds: readonly UsageThreshold[];
  readonly lifetime_usage: LifetimeUsageAmounts;
  /** What progressive billing already invoiced in the current period (`fees_amount` of its last invoice); default 0. */
  readonly progressive_billed_amount_cents?: number;
}

/**
 * The usage thresholds a usage level passes (invoicing.md §3.1), in the order a progressive
 * billing invoice lists them. With `P` already billed progressively this period,
 * `actual = current − P` (nothing passes when negative), `invoiced = historical + invoiced +
 * P`, `total = invoiced + actual` and `L` the largest fixed threshold:
 *
 * - while `invoiced < L`: every fixed threshold with `invoiced < amount ≤ total`, ascending,
 *   then the recurring one if `total − L ≥ its amount`;
 * - beyond `L`: the recurring one when `actual + (invoiced mod amount) ≥ amount`.
 *
 * Amounts must be positive and at most one threshold recurring (`invalid_usage_thresholds`).
 *
 * @example
 * // thresholds 10, 20, 31, 40 (cents), invoiced 11, current 10:
 * passedUsageThresholds({ thresholds, lifetime_usage: { historical_usage_amount_cents: 0,
 *   invoiced_usage_amount_cents: 11, current_usage_amount_cents: 10 } })
 * // right([the threshold of 20])
 */
export function passedUsageThresholds(
  input: PassedUsageThresholdsInput,
): Either<FeecastError, UsageThreshold[]> {
  const fixed: { threshold: UsageThreshold; amount: Decimal; index: number }[] = [];
  let recurring: { threshold: UsageThreshold; amount: Decimal } | null = null;
  for (const [index, threshold] of input.thresholds.entries()) {
    const path = ['thresholds', String(index), 'amount_cents'];
    const amount = readCents(threshold.amount_cents, path);
    if (isLeft(amount)) return amount;
    if (sign(amount.right) <= 0) {
      return left(
        feecastError(
          'invalid_usage_thresholds',
          `${path.join('.')} is ${threshold.amount_cents}; a usage threshold must be a positive amount of minor units.`,
          path,
        ),
      );
    }
    if (threshold.recurring) {
      if (recurring !== null) {
        return left(
          feecastError(
            'invalid_usage_thresholds',
            `thresholds.${index} is a second recurring threshold; a plan has at most one recurring usage threshold.`,
            ['thresholds', String(index), 'recurring'],
          ),
        );
      }
      recurring = { threshold, amount: amount.right };
    } else {
      fixed.push({ threshold, amount: amount.right, index });
    }
  }
  fixed.sort((a, b) => compare(a.amount, b.amount) || a.index - b.index);

  const read = (value: number, key: string) => readCents(value, ['lifetime_usage', key]);
  const historical = read(
    input.lifetime_usage.historical_usage_amount_cents,
    'historical_usage_amount_cents',
  );
  if (isLeft(historical)) return historical;
  const invoicedUsage = read(
    input.lifetime_usage.invoiced_usage_amount_cents,
    'invoiced_usage_amount_cents',
  );
  if (isLeft(invoicedUsage)) return invoicedUsage;
  const current = read(
    input.lifetime_usage.current_usage_amount_cents,
    'current_usage_amount_cents',
  );
  if (isLeft(current)) return current;
  const billed = readCents(input.progressive_billed_amount_cents ?? 0, [
    'progressive_billed_amount_cents',
  ]);
  if (isLeft(billed)) return billed;

  const actual = subtract(current.right, billed.right);
  if (sign(actual) < 0) return right([]);
  const invoiced = add(add(historical.right, invoicedUsage.right), billed.right);
  const total = add(invoiced, actual);
  const largest = fixed.at(-1)?.amount ?? ZERO;
  if (compare(invoiced, largest) < 0) {
    const passed = fixed
      .filter((f) => compare(invoiced, f.amount) < 0 && compare(f.amount, total) <= 0)
      .map((f) => f.threshold);
    if (recurring !== null && compare(subtract(total, largest), recurring.amount) >= 0) {
      passed.push(recurring.threshold);
    }
    return right(passed);
  }
  if (recurring === null) return right([]);
  const quotient = divide(invoiced, recurring.amount);
  if (isLeft(quotient)) return quotient;
  const remainder = subtract(
    invoiced,
    multiply(floor(quotient.right, 0 as Scale), recurring.amount),
  );
  return right(compare(add(actual, remainder), recurring.amount) >= 0 ? [recurring.threshold] : []);
}
