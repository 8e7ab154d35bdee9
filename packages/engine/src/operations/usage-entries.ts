import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  add,
  type Decimal,
  extended,
  type FeecastError,
  formatDecimal,
  PRICING_UNIT_CURRENCY,
  roundCents,
  ZERO,
} from '../core/index';
import type { ChargeRows, UsageRow } from './usage-rows';

/** Whether the entries carry projected figures (projected usage) or not (current usage). */
export type UsageKind = 'current' | 'projected';

/** The sums of a set of rows. */
interface Totals {
  readonly units: Decimal;
  readonly totalAggregatedUnits: Decimal;
  readonly eventsCount: number;
  readonly amount: Decimal;
  readonly pricingUnitAmount: Decimal;
  readonly projectedUnits: Decimal;
  readonly projectedAmount: Decimal;
  readonly pricingUnitProjectedAmount: Decimal;
}

/** The sums of `rows`, added in order (no object per row); one row is its own sums. */
function totalsOf(rows: readonly UsageRow[]): Totals {
  if (rows.length === 1 && rows[0] !== undefined) return rows[0];
  let units = ZERO;
  let totalAggregatedUnits = ZERO;
  let eventsCount = 0;
  let amount = ZERO;
  let pricingUnitAmount = ZERO;
  let projectedUnits = ZERO;
  let projectedAmount = ZERO;
  let pricingUnitProjectedAmount = ZERO;
  for (const r of rows) {
    units = add(units, r.units);
    totalAggregatedUnits = add(totalAggregatedUnits, r.totalAggregatedUnits);
    // A count of events, not money.
    eventsCount += r.eventsCount;
    amount = add(amount, r.amount);
    pricingUnitAmount = add(pricingUnitAmount, r.pricingUnitAmount);
    projectedUnits = add(projectedUnits, r.projectedUnits);
    projectedAmount = add(projectedAmount, r.projectedAmount);
    pricingUnitProjectedAmount = add(pricingUnitProjectedAmount, r.pricingUnitProjectedAmount);
  }
  return {
    units,
    totalAggregatedUnits,
    eventsCount,
    amount,
    pricingUnitAmount,
    projectedUnits,
    projectedAmount,
    pricingUnitProjectedAmount,
  };
}

/** The wire figures of a usage entry (charge, filter or group). */
export type Figures = Record<string, unknown>;

/** Builds the entries of one response: the currency and kind are fixed for all of them. */
class EntryWriter {
  constructor(
    private readonly currency: string,
    private readonly kind: UsageKind,
  ) {}

  figures(
    rows: readonly UsageRow[],
    pricing: ChargeRows['pricingUnit'],
    path: readonly string[],
  ): Either<FeecastError, Figures> {
    const t = totalsOf(rows);
    const cents = (value: Decimal, key: string, currency = this.currency) =>
      roundCents(value, currency, [...path, key]);
    const amount = cents(t.amount, 'amount_cents');
    if (isLeft(amount)) return amount;
    const projectedAmount = cents(t.projectedAmount, 'projected_amount_cents');
    if (isLeft(projectedAmount)) return projectedAmount;
    let details: Figures | null = null;
    if (pricing !== undefined) {
      const pu = cents(t.pricingUnitAmount, 'pricing_unit_details', PRICING_UNIT_CURRENCY);
      if (isLeft(pu)) return pu;
      const puProjected = cents(
        t.pricingUnitProjectedAmount,
        'pricing_unit_details',
        PRICING_UNIT_CURRENCY,
      );
      if (isLeft(puProjected)) return puProjected;
      details = {
        amount_cents: pu.right,
        short_name: pricing.short_name,
        conversion_rate: pricing.conversion_rate,
        ...(this.kind === 'projected' ? { projected_amount_cents: puProjected.right } : {}),
      };
    }
    return right({
      units: formatDecimal(t.units),
      events_count: t.eventsCount,
      amount_cents: amount.right,
      pricing_unit_details: details,
      total_aggregated_units: formatDecimal(t.totalAggregatedUnits),
      ...(this.kind === 'projected'
        ? {
            projected_units: formatDecimal(t.projectedUnits),
            projected_amount_cents: projectedAmount.right,
          }
        : {}),
    });
  }

  /** One entry per filter bucket of a charge with filters, in bucket order; else none. */
  filters(
    charge: ChargeRows,
    rows: readonly UsageRow[],
    path: readonly string[],
  ): Either<FeecastError, Figures[]> {
    if ((charge.charge.filters ?? []).length === 0) return right([]);
    const out: Figures[] = [];
    for (const bucketRows of partition(rows, (row) => row.bucket.key).values()) {
      const at = [...path, 'filters', String(out.length)];
      const figures = this.figures(bucketRows, charge.pricingUnit, at);
      if (isLeft(figures)) return figures;
      const filter = bucketRows[0]?.bucket.filter;
      out.push(
        extended(figures.right, {
          invoice_display_name: filter?.invoice_display_name ?? null,
          values: filter === undefined ? null : filter.values,
        }),
      );
    }
    return right(out);
  }

  /** One entry per distinct `grouped_by`, when some row is grouped; else none. */
  groups(charge: ChargeRows, path: readonly string[]): Either<FeecastError, Figures[]> {
    if (!charge.rows.some(isGrouped)) return right([]);
    const out: Figures[] = [];
    for (const groupRows of partition(charge.rows, (row) => groupKey(row.grouped_by)).values()) {
      const at = [...path, 'grouped_usage', String(out.length)];
      const figures = this.figures(groupRows, charge.pricingUnit, at);
      if (isLeft(figures)) return figures;
      const filters = this.filters(charge, groupRows, at);
      if (isLeft(filters)) return filters;
      out.push(
        extended(figures.right, {
          grouped_by: groupRows[0]?.grouped_by ?? {},
          filters: filters.right,
        }),
      );
    }
    return right(out);
  }

  /** The `charges_usage` entry of a charge (estimate-and-usage.md §3.7, §4.4). */
  charge(charge: ChargeRows, path: readonly string[]): Either<FeecastError, Figures> {
    const figures = this.figures(charge.rows, charge.pricingUnit, path);
    if (isLeft(figures)) return figures;
    const filters = this.filters(charge, charge.rows, path);
    if (isLeft(filters)) return filters;
    const groups = this.groups(charge, path);
    if (isLeft(groups)) return groups;
    const { charge: c, metric } = charge;
    return right(
      extended(figures.right, {
        amount_currency: this.currency,
        charge: {
          svc_id: c.svc_id,
          ...(typeof c.code === 'string' ? { code: c.code } : {}),
          charge_model: c.charge_model,
          invoice_display_name: c.invoice_display_name ?? null,
        },
        billable_metric: {
          svc_id: metric.svc_id,
          name: metric.name,
          code: metric.code,
          aggregation_type: metric.aggregation_type,
        },
        filters: filters.right,
        grouped_usage: groups.right,
      }),
    );
  }
}

/** Whether a row has a `grouped_by` key (no array of its keys made). */
function isGrouped(row: UsageRow): boolean {
  for (const _ in row.grouped_by) return true;
  return false;
}

/** A `grouped_by` as a key that does not depend on the order of its keys. */
function groupKey(groupedBy: Readonly<Record<string, string | null>>): string {
  return JSON.stringify(Object.entries(groupedBy).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Rows split by a key, in order of first appearance. */
function partition(
  rows: readonly UsageRow[],
  keyOf: (row: UsageRow) => string,
): Map<string, UsageRow[]> {
  const parts = new Map<string, UsageRow[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const part = parts.get(key) ?? [];
    part.push(row);
    parts.set(key, part);
  }
  return parts;
}

/**
 * Charges in the order usage lists them (estimate-and-usage.md §3.7): by billable metric
 * name, case-insensitive; charges whose metrics share a name keep the plan's order.
 *
 * @example
 * byMetricName(charges).map((c) => c.metric.name); // ['API calls', 'Seats', 'Storage']
 * @internal
 */
export function byMetricName(charges: readonly ChargeRows[]): ChargeRows[] {
  return [...charges].sort((a, b) => {
    const x = a.metric.name.toLowerCase();
    const y = b.metric.name.toLowerCase();
    if (x === y) return 0;
    return x < y ? -1 : 1;
  });
}

/**
 * The `charges_usage` entries of current or projected usage (estimate-and-usage.md §3.7,
 * §4.4), sorted by metric name: per charge the sums of its rows (`units`,
 * `total_aggregated_units`, `events_count`, `amount_cents`, pricing-unit cents), its filter
 * buckets (`filters`, with `values: null` for the default bucket) and its pricing groups
 * (`grouped_usage`, each with its filters). Projected usage adds `projected_units` and
 * `projected_amount_cents` (and the pricing unit's) at every level, as sums over every filter
 * bucket and group. Amounts add up in exact decimals. With `known` (entries built before by
 * {@link chargeEntries} with the same currency and kind, by their rows), those charges'
 * entries are taken as they are.
 *
 * @example
 * usageEntries(chargeRows, 'EUR', 'current')
 * // right([{ units: '4', amount_cents: 5, filters: [], grouped_usage: [], charge: {...}, ... }])
 * @internal
 */
export function usageEntries(
  charges: readonly ChargeRows[],
  currency: string,
  kind: UsageKind,
  known?: ReadonlyMap<ChargeRows, Figures>,
): Either<FeecastError, Figures[]> {
  const writer = new EntryWriter(currency, kind);
  const entries: Figures[] = [];
  for (const charge of byMetricName(charges)) {
    const built = known?.get(charge);
    if (built !== undefined) {
      entries.push(built);
      continue;
    }
    const entry = writer.charge(charge, ['charges_usage', String(entries.length)]);
    if (isLeft(entry)) return left(entry.left);
    entries.push(entry.right);
  }
  return right(entries);
}

/**
 * The `charges_usage` entry of each of `charges` by its rows, as {@link usageEntries} writes it
 * (for a part of a usage's charges, built while the rest is not priced yet); `undefined` when
 * one cannot be written (the whole usage then answers with its own error and path).
 *
 * @example
 * chargeEntries(chargeRows, 'EUR', 'current')?.get(chargeRows[0]) // { units: '4', amount_cents: 5, ... }
 * @internal
 */
export function chargeEntries(
  charges: readonly ChargeRows[],
  currency: string,
  kind: UsageKind,
): Map<ChargeRows, Figures> | undefined {
  const writer = new EntryWriter(currency, kind);
  const entries = new Map<ChargeRows, Figures>();
  for (const charge of charges) {
    const entry = writer.charge(charge, ['charges_usage']);
    if (isLeft(entry)) return undefined;
    entries.set(charge, entry.right);
  }
  return entries;
}
