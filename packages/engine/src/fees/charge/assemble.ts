import { type Fee, isUuid, type Uuid } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { type Decimal, type FeecastError, feecastError } from '../../core/index';
import { carriedFee, type PricedFee, priceBucket } from './bucket-fee';
import type { ChargeFee } from './charge-fee';
import { chargeLines } from './charge-lines';
import type { ChargeSetup } from './charge-setup';
import { chargeTrueUp } from './charge-true-up';
import type { FeeContext } from './fee-context';
import type { GroupFigures } from './fees-pass';
import type { ChargeFeesMetric, ChargesPeriod } from './inputs';

/** The ids of a fee that {@link withIds} sets. */
type OwnIds = {
  -readonly [K in 'svc_id' | 'svc_true_up_fee_id' | 'svc_true_up_parent_fee_id']: Uuid | null;
};

/**
 * Gives each fee its id and links a true-up fee and its parent both ways, in place: the fees
 * are this call's, just built (`buildFee` writes the three ids, `null`, so the objects keep
 * their shape), and in no other hands yet; a copy of each (some 50 fields) was most of this
 * step's time.
 */
function withIds(
  fees: ChargeFee[],
  parentAt: number | undefined,
  feeId: ((fee: Fee) => string) | undefined,
): Either<FeecastError, ChargeFee[]> {
  if (feeId === undefined) return right(fees);
  const ids: Uuid[] = [];
  for (const fee of fees) {
    const id = feeId(fee);
    if (!isUuid(id)) {
      return left(
        feecastError('invalid_input', `feeId must return a UUID, got ${JSON.stringify(id)}.`, [
          'feeId',
        ]),
      );
    }
    ids.push(id);
  }
  const trueUpAt = parentAt === undefined ? undefined : fees.length - 1;
  for (const [i, fee] of fees.entries()) {
    const own = fee as OwnIds;
    own.svc_id = ids[i] ?? null;
    if (i === parentAt && trueUpAt !== undefined) own.svc_true_up_fee_id = ids[trueUpAt] ?? null;
    if (i === trueUpAt && parentAt !== undefined) {
      own.svc_true_up_parent_fee_id = ids[parentAt] ?? null;
    }
  }
  return right(fees);
}

/**
 * The fees of one charge from its buckets' figures (charge-models.md §2, §4, §15): one fee per
 * filter bucket and per pricing group, in the charge's filter order, then the default bucket,
 * then the `min_amount_cents` true-up fee if one is due. On an invoice, fees with no units, no
 * amount and no events are dropped, except a true-up's parent (§2.8); current usage keeps
 * them all, so every bucket shows. With the period's `ratio` (read once per call), each fee
 * has its projection.
 *
 * @example
 * assembleChargeFees(context, metric, false, setup, figures.charges[0], undefined, undefined)
 * // right([awsFee, gcpFee, defaultFee])
 * @internal
 */
export function assembleChargeFees(
  context: FeeContext,
  metric: ChargeFeesMetric,
  recurring: boolean,
  setup: ChargeSetup,
  buckets: readonly (readonly GroupFigures[])[],
  feeId: ((fee: Fee) => string) | undefined,
  ratio: Decimal | undefined,
): Either<FeecastError, ChargeFee[]> {
  const priced: PricedFee[] = [];
  const lines = chargeLines(context, metric, setup, {
    period: context.period,
    payInAdvance: setup.payInAdvance,
  });
  for (const [b, bucket] of setup.buckets.entries()) {
    for (const group of buckets[b] ?? []) {
      const fee = priceBucket(context, lines, recurring, setup, bucket, group, ratio);
      if (isLeft(fee)) return fee;
      priced.push(fee.right);
    }
  }
  const trueUp = chargeTrueUp(context, setup, priced);
  if (isLeft(trueUp)) return trueUp;
  const parent = trueUp.right?.parent;
  const kept =
    context.purpose === 'invoice' ? priced.filter((p) => !p.zero || p === parent) : priced;
  const fees = kept.map((p) => p.fee);
  if (trueUp.right === undefined) return withIds(fees, undefined, feeId);
  const parentAt = parent === undefined ? -1 : kept.indexOf(parent);
  return withIds([...fees, trueUp.right.fee], parentAt, feeId);
}

/**
 * The fees a recurring metric's pay-in-advance charge bills, on the invoice that closes the
 * period, for the units each bucket and group carries into the next period `next`
 * ({@link carriedFee}), in the charge's filter order then the default bucket; none for a
 * charge in arrears, a metric that is not recurring, or a bucket that carries nothing.
 *
 * @example
 * assembleCarriedFees(context, december, metric, true, setup, figures.charges[0], undefined)
 * // right([{ units: '3', from_date: '2025-12-01T00:00:00Z', pay_in_advance: false, ... }])
 * @internal
 */
export function assembleCarriedFees(
  context: FeeContext,
  next: ChargesPeriod,
  metric: ChargeFeesMetric,
  recurring: boolean,
  setup: ChargeSetup,
  buckets: readonly (readonly GroupFigures[])[],
  feeId: ((fee: Fee) => string) | undefined,
): Either<FeecastError, ChargeFee[]> {
  if (!recurring || !setup.payInAdvance) return right([]);
  const fees: ChargeFee[] = [];
  // Billed on the invoice when the charge is invoiceable, else paid in advance on its own.
  const lines = chargeLines(context, metric, setup, {
    period: next,
    payInAdvance: !(setup.charge.invoiceable ?? true),
  });
  for (const [b, bucket] of setup.buckets.entries()) {
    for (const group of buckets[b] ?? []) {
      const fee = carriedFee(context, lines, setup, bucket, group);
      if (isLeft(fee)) return fee;
      if (fee.right !== undefined) fees.push(fee.right);
    }
  }
  return withIds(fees, undefined, feeId);
}
