import type { Wallet } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  add,
  addDays,
  ceil,
  compare,
  type Decimal,
  decimalFromCount,
  divide,
  type FeecastError,
  feecastError,
  formatDate,
  formatDecimal,
  isIterableObject,
  literalScale,
  localDate,
  multiply,
  orThrow,
  readCents,
  sign,
  subtract,
  timeZone,
  ZERO,
} from '../core/index';
import type { WalletInput } from '../inputs/index';
import { readWallet } from '../inputs/index';
import { allocateOngoingUsage, type OngoingUsageLine } from '../invoice/index';
import type { UsageInput } from './inputs';
import { projectedUsage } from './projected-usage';
import { checkUsageContext } from './usage-report';

/** The input of {@link forecastWallets}: a subscription's usage (as `projectedUsage`) and the customer's wallets. */
export interface WalletForecastInput extends UsageInput {
  /** The customer's wallets (docs/inputs.md: `currency` and `credits_balance` at least). */
  readonly wallets: readonly WalletInput[];
}

/** When one wallet's credits run out at the current usage rate. */
export interface WalletForecast {
  readonly svc_id: string;
  readonly code: string | null;
  readonly name: string | null;
  readonly currency: string;
  /** The wallet's ongoing balance at `now`: its balance less the usage it covers so far (§6.6). */
  readonly ongoing_balance_cents: number;
  readonly credits_ongoing_balance: string;
  /**
   * The customer's local date (`YYYY-MM-DD`, the customer's time zone) at whose end the
   * ongoing balance reaches 0 or less; `now`'s date when it is already there; `null` when
   * it never does (no usage it covers, or an inactive wallet).
   */
  readonly runs_out_on: string | null;
}

/** One charge's usage: so far, and projected to the end of the period (minor units, exact). */
interface ChargeRate {
  readonly line: Omit<OngoingUsageLine, 'amount_cents'>;
  readonly current: Decimal;
  readonly projected: Decimal;
}

/**
 * The usage of every charge at the end of the local day `k` days after today (`k = 0`:
 * today): within the current period, from the current amount at the end of today to the
 * projected amount at the period's last day, evenly per day; after the period, the projected
 * amount of a period spread evenly over its `days`, every day.
 */
function usageAt(
  rates: readonly ChargeRate[],
  k: number,
  daysLeft: number,
  days: number,
): Either<FeecastError, OngoingUsageLine[]> {
  const lines: OngoingUsageLine[] = [];
  for (const { line, current, projected } of rates) {
    let amount = current;
    if (k > daysLeft) {
      const later = divide(
        multiply(projected, decimalFromCount(k - daysLeft)),
        decimalFromCount(days),
      );
      if (isLeft(later)) return later;
      amount = add(projected, later.right);
    } else if (k > 0) {
      const share = divide(decimalFromCount(k), decimalFromCount(daysLeft));
      if (isLeft(share)) return share;
      amount = add(current, multiply(subtract(projected, current), share.right));
    }
    lines.push({ ...line, amount_cents: formatDecimal(amount) });
  }
  return right(lines);
}

/** Whether the wallet at `index` has an ongoing balance of 0 or less. */
function depleted(wallets: readonly Wallet[], index: number): boolean {
  const wallet = wallets[index];
  return wallet !== undefined && wallet.ongoing_balance_cents <= 0;
}

/**
 * When each of the customer's wallets runs out of credits at the current usage rate: the
 * subscription's projected usage (as {@link projectedUsage} computes it: each charge's units ÷
 * the elapsed fraction of the period) is what its usage charges consume, and each wallet's
 * ongoing balance (invoicing.md §6.6: its balance less the usage allocated to it, by
 * `allocateOngoingUsage`'s rules: the wallets a charge applies to, in priority order) is
 * followed day by day in the customer's time zone. Within the current period the usage grows
 * evenly from what is used at the end of today to the projection at the period's end; after
 * it, every day consumes the projected amount of a period ÷ its days. The forecast counts the
 * usage charges before taxes; it adds no top-up (recurring or threshold) and no other fee
 * (docs/forecasts.md, docs/semantics.md). A wallet that no usage reaches has `runs_out_on:
 * null`.
 *
 * @example
 * // acme's 25.00 EUR of prepaid credits, on 10 November 2026 at noon: 4,000 calls in `eu` so
 * // far at 0.0025 = 10.00 EUR in 10 of November's 30 days, so 15.00 left now; projected 4,000 x
 * // 30/10 = 12,000 calls = 30.00 EUR, i.e. 1.00 EUR a day from now on: 10.00 + 15 x 1.00 =
 * // 25.00 at the end of the 15th day after the 10th, 25 November.
 * const calls = { transaction_id: 'calls-1', code: 'api_calls', external_subscription_id: 'sub_acme_starter', timestamp: '2026-11-05T10:00:00Z', properties: { calls: '4000', region: 'eu' } };
 * forecastWallets({
 *   customer, subscription, plan, billableMetrics, events: [calls],
 *   now: '2026-11-10T12:00:00Z', wallets: [wallet],
 * })
 * // ~> right([{ code: 'prepaid', ongoing_balance_cents: 1500, credits_ongoing_balance: '15', runs_out_on: '2026-11-25' }])
 */
export function forecastWallets(
  input: WalletForecastInput,
): Either<FeecastError, WalletForecast[]> {
  const checked = checkUsageContext(input);
  if (isLeft(checked)) return checked;
  if (!isIterableObject(input.wallets)) {
    return left(feecastError('invalid_input', 'wallets must be a list of wallets.', ['wallets']));
  }
  const { read, context } = checked.right;
  const zone = timeZone(context.timezone ?? 'UTC', ['customer', 'applicable_timezone']);
  if (isLeft(zone)) return zone;
  const wallets: Wallet[] = [];
  for (const [i, given] of Array.from(input.wallets).entries()) {
    const wallet = readWallet(given, ['wallets', String(i)], i, read.customer);
    if (isLeft(wallet)) return wallet;
    wallets.push(wallet.right);
  }
  const usage = projectedUsage(input);
  if (isLeft(usage)) return usage;
  const body = usage.right.customer_projected_usage;
  const rates: ChargeRate[] = [];
  for (const [i, charge] of body.charges_usage.entries()) {
    const path = ['charges_usage', String(i)];
    const current = readCents(charge.amount_cents, [...path, 'amount_cents']);
    if (isLeft(current)) return current;
    const projected = readCents(charge.projected_amount_cents, [...path, 'projected_amount_cents']);
    if (isLeft(projected)) return projected;
    rates.push({
      line: {
        fee_type: 'charge',
        billable_metric_code: charge.billable_metric.code,
        currency: body.currency,
      },
      current: current.right,
      projected: projected.right,
    });
  }
  const { days, elapsed_days } = context.period;
  const daysLeft = Math.max(0, days - elapsed_days);
  const allocate = (k: number) => {
    const lines = usageAt(rates, k, daysLeft, days);
    return isLeft(lines) ? lines : allocateOngoingUsage({ wallets, usage: lines.right });
  };
  const now = allocate(0);
  if (isLeft(now)) return now;
  // A day by which every charge that consumes anything has used the credits of all wallets:
  // a wallet it reaches is depleted by then, or never is.
  let total = ZERO;
  for (const wallet of wallets)
    total = add(total, decimalFromCount(Math.max(0, wallet.balance_cents)));
  let slowest: Decimal | undefined;
  for (const { projected } of rates) {
    if (sign(projected) > 0 && (slowest === undefined || compare(projected, slowest) < 0)) {
      slowest = projected;
    }
  }
  let horizon = daysLeft;
  if (slowest !== undefined) {
    const periods = divide(total, slowest);
    if (isLeft(periods)) return periods;
    const whole = Number(formatDecimal(ceil(periods.right, literalScale(0))));
    if (!Number.isSafeInteger((whole + 1) * days)) {
      return left(
        feecastError(
          'invalid_input',
          'The wallets hold more credits than the usage could spend in a safe number of days.',
          ['wallets'],
        ),
      );
    }
    horizon += (whole + 1) * days;
  }
  const last = allocate(horizon);
  if (isLeft(last)) return last;
  const today = localDate(zone.right, context.now);
  const forecasts: WalletForecast[] = [];
  for (const [i, wallet] of now.right.entries()) {
    let runsOut: number | null = null;
    if (wallet.status === 'active') {
      if (depleted(now.right, i)) runsOut = 0;
      else if (depleted(last.right, i)) {
        // The first day whose usage depletes the wallet: allocation grows with the usage.
        let low = 0;
        let high = horizon;
        while (high - low > 1) {
          const middle = Math.floor((low + high) / 2);
          const at = allocate(middle);
          if (isLeft(at)) return at;
          if (depleted(at.right, i)) high = middle;
          else low = middle;
        }
        runsOut = high;
      }
    }
    forecasts.push({
      svc_id: wallet.svc_id,
      code: wallet.code,
      name: wallet.name,
      currency: wallet.currency,
      ongoing_balance_cents: wallet.ongoing_balance_cents,
      credits_ongoing_balance: wallet.credits_ongoing_balance,
      runs_out_on: runsOut === null ? null : formatDate(addDays(today, runsOut)),
    });
  }
  return right(forecasts);
}

/**
 * {@link forecastWallets}, throwing an `Error` (its `cause` is the `FeecastError`) instead of
 * returning a `Left`.
 *
 * @example
 * // No usage at all: the credits are never used up.
 * forecastWalletsUnsafe({
 *   customer, subscription, plan, billableMetrics, events: [],
 *   now: '2026-11-10T12:00:00Z', wallets: [wallet],
 * })[0]?.runs_out_on // => null
 */
export function forecastWalletsUnsafe(input: WalletForecastInput): WalletForecast[] {
  return orThrow(forecastWallets(input));
}
