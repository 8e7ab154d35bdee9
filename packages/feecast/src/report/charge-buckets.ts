/**
 * What a plan's charge billed, bucket by bucket: the filter buckets and pricing groups of its
 * fees on an invoice, each with the prices it was billed at (the filter's properties for a
 * filter's events, the charge's own for the rest), its units and its events. The comparison
 * page draws a charge's price curve from them, so that the curve passes through the bill.
 */
import type { ChargeModelInput } from '@feecast/engine';
import type { Charge, Fee } from '@feecast/models';
import { filterLabel, groupLabel } from '../render/labels';

/** One bucket of a charge's usage on a plan: a filter bucket, a pricing group, or both. */
export interface CurveBucket {
  /** How the bucket is named on the page (`API calls (EU)`, `cluster=eu-west`; `''` alone). */
  readonly label: string;
  /** The model and the properties the bucket is priced with. */
  readonly pricing: ChargeModelInput;
  /** The units billed in the bucket (a decimal string). */
  readonly units: string;
  /** The events billed in the bucket (per-transaction fees count them). */
  readonly events_count: number;
  /** Priced with a charge filter's properties (else the charge's own). */
  readonly filter_prices: boolean;
}

type FilterValues = Readonly<Record<string, readonly string[]>>;

/** Two filter-value maps select the same events: same keys, same values in any order. */
function sameValues(a: FilterValues, b: FilterValues): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const left = [...(a[key] ?? [])].sort();
    const right = [...(b[key] ?? [])].sort();
    return left.length === right.length && left.every((value, i) => value === right[i]);
  });
}

/** The bucket's label: its filter (when the charge has filters) and its group. */
function bucketLabel(charge: Charge, fee: Fee): string {
  const parts: string[] = [];
  if (charge.filters.length > 0) {
    parts.push(filterLabel(fee.item.filters, fee.item.filter_invoice_display_name));
  }
  const group = groupLabel(fee.item.grouped_by);
  if (group !== '') parts.push(group);
  return parts.join(' / ');
}

/**
 * The buckets that `charge` billed among `fees` (an invoice's fees): one per fee of the
 * charge (`svc_charge_id` is the charge's `svc_id`), true-up fees left out, priced with the
 * properties of the charge filter whose `values` are the fee's `item.filters`, else the
 * charge's own (the default bucket). No fee of the charge: no bucket.
 *
 * @example
 * chargeBuckets(starterApiCalls, invoice.fees)
 * // [{ label: 'API calls (EU)', units: '54874.5', events_count: 46, pricing: { charge_model: 'standard', properties: { amount: '0.0025' } } },
 * //  { label: 'API calls (US)', units: '30279', ... }, { label: '(no filter)', units: '6601.5', ... }]
 */
export function chargeBuckets(charge: Charge, fees: readonly Fee[]): CurveBucket[] {
  return fees.flatMap((fee): CurveBucket[] => {
    if (fee.svc_charge_id !== charge.svc_id || fee.svc_true_up_parent_fee_id !== null) return [];
    const values = fee.item.filters;
    const filter =
      values === null ? undefined : charge.filters.find((f) => sameValues(f.values, values));
    return [
      {
        label: bucketLabel(charge, fee),
        pricing: {
          charge_model: charge.charge_model,
          properties: filter === undefined ? charge.properties : filter.properties,
          prorated: charge.prorated,
        },
        units: fee.units,
        events_count: fee.events_count ?? 0,
        filter_prices: filter !== undefined,
      },
    ];
  });
}
