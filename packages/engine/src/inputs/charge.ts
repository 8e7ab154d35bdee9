import type { ChargeFilter, ChargeProperties, FilterValues, StandardCharge } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import {
  defaultId,
  type FeecastError,
  isRecord,
  type OtherWireKeys,
  type Plain,
  textOf,
  UNKNOWN_CREATION,
} from '../core/index';
import { type ChargeFeesMetric, chargeMetricIndex } from '../fees/index';
import type { TaxInput } from '../invoice/index';
import { fillInput, givenKeys, readList } from './complete';
import { fillGivenTaxes } from './tax';

/** A charge filter as an input: the `values` its events match and its own `properties`. */
export interface ChargeFilterInput extends OtherWireKeys<ChargeFilter, 'values' | 'properties'> {
  readonly values: Plain<FilterValues>;
  readonly properties: Plain<ChargeProperties>;
}

/**
 * A charge of a plan as an input (a decoded wire `Charge` is one). What decides a figure: its
 * billable metric (`billable_metric_code` or `svc_billable_metric_id`), `charge_model`,
 * `properties`, `filters`, `pay_in_advance`, `prorated`, `min_amount_cents`, `taxes` and
 * `applied_pricing_unit`; the rest defaults as docs/inputs.md says.
 */
export interface ChargeInput
  extends OtherWireKeys<
    StandardCharge,
    | 'charge_model'
    | 'properties'
    | 'filters'
    | 'taxes'
    | 'billable_metric_code'
    | 'svc_billable_metric_id'
  > {
  /** `standard`, `graduated`, `graduated_percentage`, `package`, `percentage`, `volume`, `dynamic` or `custom`. */
  readonly charge_model: string;
  readonly properties: Plain<ChargeProperties>;
  /** The billable metric's code (or give its id, `svc_billable_metric_id`). */
  readonly billable_metric_code?: string | null;
  readonly svc_billable_metric_id?: string | null;
  readonly filters?: readonly ChargeFilterInput[] | null;
  readonly taxes?: readonly TaxInput[] | null;
}

/** Where a charge sits: its plan's code, its index, and the metrics it may be priced on. */
export interface ChargeSite {
  readonly planCode: string | undefined;
  readonly metrics: readonly ChargeFeesMetric[];
}

/** A filter with its default; it is decoded with its charge (its properties follow the charge's model). */
function readFilter(value: unknown): Either<FeecastError, unknown> {
  return right(isRecord(value) ? { invoice_display_name: null, ...givenKeys(value) } : value);
}

/**
 * A charge input with the defaults of docs/inputs.md ("Charge"):
 * the metric's code and id from whichever the charge gives (both given must name the same
 * metric), `svc_id` derived from the plan's code and the charge's index, invoiceable, in
 * arrears, not prorated, no minimum, no filters. It is checked with its plan (`readPlan`).
 *
 * @example
 * fillCharge({ billable_metric_code: 'calls', charge_model: 'standard', properties: { amount: '0.01' } },
 *   ['plan', 'charges', '0'], 0, { planCode: 'startup', metrics: [calls] })
 * // right({ svc_id: '...', svc_billable_metric_id: calls.svc_id, billable_metric_code: 'calls', invoiceable: true, ... })
 * @internal
 */
export function fillCharge(
  value: unknown,
  path: readonly string[],
  index: number,
  site: ChargeSite,
): Either<FeecastError, Record<string, unknown>> {
  return fillInput(
    value,
    path,
    'a charge { billable_metric_code, charge_model, properties, ... }',
    (given) => {
      const code = textOf(given.billable_metric_code) ?? null;
      const id = textOf(given.svc_billable_metric_id) ?? null;
      const found = chargeMetricIndex(
        { svc_id: '', charge_model: '', billable_metric_code: code, svc_billable_metric_id: id },
        site.metrics,
        path,
      );
      if (isLeft(found)) return found;
      const filters =
        given.filters === undefined || given.filters === null
          ? right([])
          : readList(given.filters, [...path, 'filters'], readFilter);
      if (isLeft(filters)) return filters;
      const taxes = fillGivenTaxes(given, path);
      if (isLeft(taxes)) return taxes;
      const { metric } = found.right;
      return right({
        defaults: {
          svc_id: defaultId(given, 'charge', site.planCode, String(index)),
          invoice_display_name: null,
          created_at: UNKNOWN_CREATION,
          invoiceable: true,
          pay_in_advance: false,
          prorated: false,
          regroup_paid_fees: null,
          min_amount_cents: 0,
        },
        read: {
          billable_metric_code: metric.code,
          svc_billable_metric_id: metric.svc_id,
          filters: filters.right,
          ...taxes.right,
        },
      });
    },
  );
}
