import type { Charge, Plan } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { readBack } from '../charge-models/index';
import { type Decimal, type FeecastError, feecastError, readCents, ZERO } from '../core/index';
import {
  type AppliedPricingUnit,
  type BucketSetup,
  type ChargeFee,
  type ChargeFeesFilter,
  type ChargeFeesMetric,
  type CompiledPlanCharges,
  chargeMetricIndex,
  checkMetric,
  keptDecimal,
  setupCharge,
} from '../fees/index';

/** A filter bucket of a charge: a filter, or the default bucket (`filter` undefined). */
export interface UsageBucket {
  /** Identifies the bucket among the charge's (the filter's id, else its values). */
  readonly key: string;
  readonly filter: ChargeFeesFilter | undefined;
}

/** One fee of current usage, as figures: a bucket's fee, or one of its pricing groups'. */
export interface UsageRow {
  readonly bucket: UsageBucket;
  readonly grouped_by: Readonly<Record<string, string | null>>;
  readonly units: Decimal;
  readonly totalAggregatedUnits: Decimal;
  readonly eventsCount: number;
  /** `amount_cents`, in minor units. */
  readonly amount: Decimal;
  /** The pricing-unit `amount_cents` (0 without a pricing unit). */
  readonly pricingUnitAmount: Decimal;
  readonly projectedUnits: Decimal;
  /** `projected_amount_cents`, in minor units (0 when not projected). */
  readonly projectedAmount: Decimal;
  readonly pricingUnitProjectedAmount: Decimal;
}

/** A charge of the plan with the rows of its fees, in bucket then group order. */
export interface ChargeRows {
  readonly charge: Charge;
  readonly metric: ChargeFeesMetric;
  readonly pricingUnit: AppliedPricingUnit | undefined;
  readonly rows: readonly UsageRow[];
}

/** The key of the default bucket (no filter); a filter's key is its id or its values. */
const DEFAULT_BUCKET = '#default';

function bucketKey(filter: ChargeFeesFilter | undefined): string {
  if (filter === undefined) return DEFAULT_BUCKET;
  return filter.svc_id ?? JSON.stringify(filter.values);
}

function feeBucketKey(fee: ChargeFee): string {
  if (fee.svc_charge_filter_id !== null) return fee.svc_charge_filter_id;
  return fee.item.filters === null ? DEFAULT_BUCKET : JSON.stringify(fee.item.filters);
}

function feeRow(
  fee: ChargeFee,
  bucket: UsageBucket,
  elapsed: boolean,
  path: readonly string[],
): Either<FeecastError, UsageRow> {
  const amount = readCents(fee.amount_cents, [...path, 'amount_cents']);
  if (isLeft(amount)) return amount;
  const puCents = fee.pricing_unit_details?.amount_cents ?? 0;
  const puAmount = readCents(puCents, [...path, 'pricing_unit_details', 'amount_cents']);
  if (isLeft(puAmount)) return puAmount;
  const projected = readCents(fee.projected_amount_cents ?? 0, [...path, 'projected_amount_cents']);
  if (isLeft(projected)) return projected;
  const puProjected = readCents(fee.pricing_unit_details?.projected_amount_cents ?? 0, [
    ...path,
    'pricing_unit_details',
    'projected_amount_cents',
  ]);
  if (isLeft(puProjected)) return puProjected;
  // The decimals the fee's texts were written from (`fee-decimals.ts`), else the texts read.
  const units = keptDecimal(fee, 'units') ?? readBack(fee.units);
  const totalText = fee.total_aggregated_units ?? fee.units;
  const total =
    totalText === fee.units
      ? units
      : (keptDecimal(fee, 'total_aggregated_units') ?? readBack(totalText));
  return right({
    bucket,
    grouped_by: fee.item.grouped_by,
    units,
    totalAggregatedUnits: total,
    eventsCount: fee.events_count ?? 0,
    amount: amount.right,
    pricingUnitAmount: puAmount.right,
    // Once the whole period has elapsed, the projection is what the period bills.
    projectedUnits: elapsed
      ? units
      : (keptDecimal(fee, 'projected_units') ?? readBack(fee.projected_units)),
    projectedAmount: elapsed ? amount.right : projected.right,
    pricingUnitProjectedAmount: elapsed ? puAmount.right : puProjected.right,
  });
}

/**
 * The zero row of a bucket that has no fee: a grouped bucket without events shows one group
 * whose keys are all `null`, with zero figures (estimate-and-usage.md §3.4).
 */
function zeroRow(bucket: UsageBucket, setup: BucketSetup): UsageRow {
  return {
    bucket,
    grouped_by: Object.fromEntries(setup.groupKeys.map((key) => [key, null])),
    units: ZERO,
    totalAggregatedUnits: ZERO,
    eventsCount: 0,
    amount: ZERO,
    pricingUnitAmount: ZERO,
    projectedUnits: ZERO,
    projectedAmount: ZERO,
    pricingUnitProjectedAmount: ZERO,
  };
}

/** What {@link usageRows} needs besides the fees. */
export interface RowsOptions {
  readonly pricingUnits: Parameters<typeof setupCharge>[3];
  /**
   * The whole period has elapsed (`period_ratio` 1): each row's projection is its current
   * figures, so a projection at the end of the period is what the period bills.
   */
  readonly elapsed: boolean;
  /**
   * The plan's charges compiled once (`compilePlanCharges` of the same plan, metrics and
   * pricing units): each charge's metric and setup are taken from it instead of being found,
   * checked and set up again for each usage.
   */
  readonly compiled?: CompiledPlanCharges | undefined;
  /**
   * Only the charges of the plan at these indices (the rows of some metrics' charges, built
   * from their fees alone while the others are not priced yet); else every charge.
   */
  readonly only?: ReadonlySet<number> | undefined;
  /**
   * Rows built before from the same fees, by the plan's charge object (`only`'s answer): those
   * charges' rows are taken as they are, not built again.
   */
  readonly known?: ReadonlyMap<Charge, ChargeRows> | undefined;
}

/** A charge's metric and setup, as {@link usageRows} reads them. */
interface ChargeSetupOf {
  readonly metric: ChargeFeesMetric;
  readonly buckets: readonly BucketSetup[];
  readonly pricingUnit: AppliedPricingUnit | undefined;
}

/** The metric and setup of each charge of a compiled plan, by the charge's index in the plan. */
const compiledSetups = new WeakMap<CompiledPlanCharges, ReadonlyMap<number, ChargeSetupOf>>();

function setupsOf(compiled: CompiledPlanCharges): ReadonlyMap<number, ChargeSetupOf> {
  const known = compiledSetups.get(compiled);
  if (known !== undefined) return known;
  const byIndex = new Map<number, ChargeSetupOf>();
  for (const entry of compiled.metrics) {
    for (const [s, setup] of entry.setups.entries()) {
      const at = entry.order[s];
      if (at !== undefined) {
        byIndex.set(at, {
          metric: entry.metric,
          buckets: setup.buckets,
          pricingUnit: setup.pricingUnit,
        });
      }
    }
  }
  compiledSetups.set(compiled, byIndex);
  return byIndex;
}

/** A charge's metric and setup: found, checked and set up (the errors of a plan not compiled). */
function chargeSetup(
  charge: Charge,
  metrics: readonly ChargeFeesMetric[],
  path: readonly string[],
  pricingUnits: RowsOptions['pricingUnits'],
): Either<FeecastError, ChargeSetupOf> {
  const found = chargeMetricIndex(charge, metrics, path);
  if (isLeft(found)) return found;
  const { index: m, metric } = found.right;
  const compiled = checkMetric(metric, ['billableMetrics', String(m)]);
  if (isLeft(compiled)) return compiled;
  const setup = setupCharge(charge, compiled.right, path, pricingUnits);
  if (isLeft(setup)) return setup;
  return right({ metric, buckets: setup.right.buckets, pricingUnit: setup.right.pricingUnit });
}

/**
 * The current-usage fees of a plan (`planChargeFees` with `purpose: 'usage'`, in the plan's
 * charge order) as rows per charge (estimate-and-usage.md §3.4): every filter bucket and the
 * default bucket of every charge, each with its pricing groups; a bucket with no fee (a
 * grouped bucket without events) gets one zero row whose group keys are `null`.
 *
 * @example
 * usageRows(plan, billableMetrics, fees, { pricingUnits: undefined, elapsed: false })
 * // right([{ charge, metric, rows: [{ bucket: { key: '#default' }, grouped_by: {}, units: 4, ... }] }])
 * @internal
 */
export function usageRows(
  plan: Plan,
  metrics: readonly ChargeFeesMetric[],
  fees: readonly ChargeFee[],
  options: RowsOptions,
): Either<FeecastError, ChargeRows[]> {
  const byCharge = new Map<string, { fee: ChargeFee; at: number }[]>();
  for (const [at, fee] of fees.entries()) {
    const id = fee.svc_charge_id ?? '';
    const list = byCharge.get(id) ?? [];
    list.push({ fee, at });
    byCharge.set(id, list);
  }
  const seen = new Set<string>();
  const charges: ChargeRows[] = [];
  const setups = options.compiled === undefined ? undefined : setupsOf(options.compiled);
  for (const [i, charge] of plan.charges.entries()) {
    if (options.only !== undefined && !options.only.has(i)) continue;
    const path = ['plan', 'charges', String(i)];
    if (seen.has(charge.svc_id)) {
      return left(
        feecastError(
          'invalid_input',
          `Two charges of the plan have the svc_id ${charge.svc_id}; give each charge its own id.`,
          [...path, 'svc_id'],
        ),
      );
    }
    seen.add(charge.svc_id);
    const built = options.known?.get(charge);
    if (built !== undefined) {
      charges.push(built);
      continue;
    }
    const known = setups?.get(i);
    const setup =
      known === undefined ? chargeSetup(charge, metrics, path, options.pricingUnits) : right(known);
    if (isLeft(setup)) return setup;
    const { metric } = setup.right;
    // The charge's fees come bucket by bucket (one fee, or one per group): read them in turn.
    const own = byCharge.get(charge.svc_id) ?? [];
    let next = 0;
    const rows: UsageRow[] = [];
    for (const bucketSetup of setup.right.buckets) {
      const bucket = { key: bucketKey(bucketSetup.filter), filter: bucketSetup.filter };
      const first = rows.length;
      for (let entry = own[next]; entry !== undefined; entry = own[next]) {
        const grouped = bucketSetup.groupKeys.length > 0;
        if (feeBucketKey(entry.fee) !== bucket.key || (!grouped && rows.length > first)) break;
        const row = feeRow(entry.fee, bucket, options.elapsed, ['fees', String(entry.at)]);
        if (isLeft(row)) return row;
        rows.push(row.right);
        next++;
      }
      if (rows.length === first) rows.push(zeroRow(bucket, bucketSetup));
    }
    charges.push({ charge, metric, pricingUnit: setup.right.pricingUnit, rows });
  }
  return right(charges);
}
