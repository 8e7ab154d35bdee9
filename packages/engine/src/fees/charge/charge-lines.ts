import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import type { GroupedBy } from '../../aggregation/index';
import { extended, type FeecastError } from '../../core/index';
import { type FeeLine, feeLine } from '../fee-object';
import { chargeFeeItem } from './charge-item';
import type { ChargeSetup } from './charge-setup';
import { chargeFeeIds, type FeeContext } from './fee-context';
import type { ChargeFeesMetric, ChargesPeriod } from './inputs';

/**
 * The checked lines ({@link feeLine}) of a charge's buckets: what every fee of a bucket shares
 * (item, ids, currency, dates, flags), checked the first time one of the bucket's fees is
 * built and kept for the others (an estimator keeps them across its estimates); a group's
 * fee takes its bucket's line with its own `grouped_by` (the aggregation's group values).
 *
 * @example
 * const lines = chargeLines(context, metric, setup, { period, payInAdvance: false });
 * lines.of(0, { region: 'eu' }) // right({ item: { grouped_by: { region: 'eu' }, ... }, ids, ... })
 * @internal
 */
export class ChargeLines {
  private readonly lines = new Map<number, Either<FeecastError, FeeLine>>();

  constructor(private readonly make: (bucket: number) => Either<FeecastError, FeeLine>) {}

  /** The line of bucket `bucket`'s group `groupedBy`. */
  of(bucket: number, groupedBy: GroupedBy): Either<FeecastError, FeeLine> {
    let line = this.lines.get(bucket);
    if (line === undefined) {
      line = this.make(bucket);
      this.lines.set(bucket, line);
    }
    if (isLeft(line) || Object.keys(groupedBy).length === 0) return line;
    return right(
      extended(line.right, { item: extended(line.right.item, { grouped_by: groupedBy }) }),
    );
  }
}

/** Which fees of a charge its lines are for: the period they bill, paid in advance or not. */
export interface LinesOf {
  readonly period: ChargesPeriod;
  readonly payInAdvance: boolean;
}

/**
 * The lines of a charge's fees in a call ({@link ChargeLines}): the metric's item with the
 * bucket's filter, the call's currency and owner, the charge's and filter's ids.
 *
 * @example
 * chargeLines(context, metric, setup, { period: context.period, payInAdvance: setup.payInAdvance })
 * @internal
 */
export function chargeLines(
  context: FeeContext,
  metric: ChargeFeesMetric,
  setup: ChargeSetup,
  of: LinesOf,
): ChargeLines {
  const { charge } = setup;
  return new ChargeLines((b) => {
    const filter = setup.buckets[b]?.filter;
    return feeLine({
      item: chargeFeeItem(metric, charge, filter, {}),
      currency: context.currency,
      from_date: of.period.charges_from_datetime,
      to_date: of.period.charges_to_datetime,
      pay_in_advance: of.payInAdvance,
      invoiceable: charge.invoiceable ?? true,
      ids: chargeFeeIds(context, charge.svc_id, filter?.svc_id),
    });
  });
}
