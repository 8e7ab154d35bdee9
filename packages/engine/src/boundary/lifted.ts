/**
 * The engine's helpers that answer with a plain value (a display name, a lookup) and read the
 * caller's data, as the package exports them: lifted to an `Either` ({@link lifted}), so bad
 * input is a `Left` and never a throw. The engine's own modules use the plain helpers.
 */
import * as chargeFeesApi from '../fees/index';
import * as invoiceTotalsApi from '../invoice/index';
import * as walletsApi from '../invoice/index';
import * as planOverridesApi from '../operations/index';
import { lifted } from './entry';

/**
 * The display name of a charge filter's fee: its `invoice_display_name`, else its values
 * (`__ALL_FILTER_VALUES__` shown as the key). A `Left` for a filter that cannot be read.
 *
 * @example
 * filterDisplayName({ values: { region: ['eu', 'us'], tier: ['__ALL_FILTER_VALUES__'] } }) // right('eu, us, tier')
 * filterDisplayName({ invoice_display_name: 'Europe', values: { region: ['eu'] } })         // right('Europe')
 */
export const filterDisplayName = lifted(chargeFeesApi.filterDisplayName, {
  name: 'filterDisplayName',
  args: ['filter'],
});

/**
 * The `item` of a charge's fee (its metric, filter and group). A `Left` for inputs that cannot
 * be read.
 *
 * @example
 * chargeFeeItem(metric, charge, undefined, { region: 'eu' })
 * // right({ type: 'charge', code: 'api_calls', item_type: 'BillableMetric', filters: null, grouped_by: { region: 'eu' }, ... })
 */
export const chargeFeeItem = lifted(chargeFeesApi.chargeFeeItem, {
  name: 'chargeFeeItem',
  args: ['metric', 'charge', 'filter', 'groupedBy'],
});

/**
 * Which stages of `computeInvoiceTotals` apply to an invoice of this type and status. A
 * `Left` for an invoice that cannot be read.
 *
 * @example
 * invoiceSteps({ invoice_type: 'one_off', status: 'finalized' })
 * // right({ progressiveBilling: false, coupons: false, taxes: true, creditNotes: false, prepaidCredits: false })
 */
export const invoiceSteps = lifted(invoiceTotalsApi.invoiceSteps, {
  name: 'invoiceSteps',
  args: ['invoice'],
});

/**
 * The taxes of several lists by code (the first list that has a code wins). A `Left` for
 * lists that cannot be read.
 *
 * @example
 * knownTaxes([organizationTaxes, plan.taxes]) // right(Map { 'vat_fr' => { code: 'vat_fr', ... } })
 */
export const knownTaxes = lifted(planOverridesApi.knownTaxes, {
  name: 'knownTaxes',
  args: ['lists'],
});

/**
 * Whether a wallet's credits may pay a fee (invoicing.md §6.5: its `applies_to` fee types or
 * billable metrics, union; none: every fee). A `Left` for inputs that cannot be read.
 *
 * @example
 * walletAppliesTo({ applies_to: { fee_types: ['charge'], billable_metric_codes: ['storage'] } },
 *   { fee_type: 'charge', billable_metric_code: 'cpu' }) // right(true) (union)
 */
export const walletAppliesTo = lifted(walletsApi.walletAppliesTo, {
  name: 'walletAppliesTo',
  args: ['wallet', 'key'],
});

/**
 * Whether `date` is an anniversary of `anchor` for a recurring rule's `interval` (a month
 * without the anchor's day falls on its last day). A `Left` for inputs that cannot be read.
 *
 * @example
 * isIntervalAnniversary('monthly', { year: 2025, month: 1, day: 31 }, { year: 2025, month: 2, day: 28 }) // right(true)
 */
export const isIntervalAnniversary = lifted(walletsApi.isIntervalAnniversary, {
  name: 'isIntervalAnniversary',
  args: ['interval', 'anchor', 'date'],
});
