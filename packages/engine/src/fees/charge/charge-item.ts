import { ALL_FILTER_VALUES, type GroupedBy } from '../../aggregation/index';
import type { FeeItemInput } from '../fee-object';
import type { ChargeFeesCharge, ChargeFeesFilter, ChargeFeesMetric } from './inputs';

/**
 * The name a charge filter shows on invoices (estimate-and-usage.md §2.12): its own
 * `invoice_display_name`, else its values joined with ", ", where a key matching every value
 * (`__ALL_FILTER_VALUES__`) shows as the key itself.
 *
 * @example
 * filterDisplayName({ values: { region: ['eu', 'us'], tier: ['__ALL_FILTER_VALUES__'] } }) // 'eu, us, tier'
 * filterDisplayName({ invoice_display_name: 'Europe', values: { region: ['eu'] } })         // 'Europe'
 */
export function filterDisplayName(filter: ChargeFeesFilter): string {
  if (filter.invoice_display_name) return filter.invoice_display_name;
  return Object.entries(filter.values)
    .flatMap(([key, values]) => (values.includes(ALL_FILTER_VALUES) ? [key] : values))
    .join(', ');
}

/**
 * The `item` of a charge fee (estimate-and-usage.md §2.12): the billable metric's code, name,
 * description and id, the charge's `invoice_display_name` (else the metric's name), and for a
 * filter bucket the filter's values and display name (`null` for the default bucket), and the
 * pricing group's values.
 *
 * @example
 * chargeFeeItem(metric, charge, undefined, { region: 'eu' })
 * // { type: 'charge', code: 'api_calls', item_type: 'BillableMetric', filters: null, grouped_by: { region: 'eu' }, ... }
 */
export function chargeFeeItem(
  metric: ChargeFeesMetric,
  charge: ChargeFeesCharge,
  filter: ChargeFeesFilter | undefined,
  groupedBy: GroupedBy,
): FeeItemInput {
  return {
    type: 'charge',
    code: metric.code,
    name: metric.name,
    svc_item_id: metric.svc_id,
    item_type: 'BillableMetric',
    invoice_display_name: charge.invoice_display_name || metric.name,
    description: metric.description ?? null,
    filter_invoice_display_name: filter === undefined ? null : filterDisplayName(filter),
    filters: filter === undefined ? null : filter.values,
    grouped_by: groupedBy,
  };
}
