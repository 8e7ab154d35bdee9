/**
 * A `DecodeProblem.path` of `@feecast/models` (`item.grouped_by.region`, `fees[0].units`, `$`)
 * as the `path` of a `FeecastError` (`['item', 'grouped_by', 'region']`, `['fees', '0',
 * 'units']`, `[]`).
 *
 * @example
 * decodePath('pricing_unit_details.amount_cents') // ['pricing_unit_details', 'amount_cents']
 * decodePath('applied_taxes[2].tax_code')          // ['applied_taxes', '2', 'tax_code']
 * @internal
 */
export function decodePath(path: string): string[] {
  if (path === '$') return [];
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((part) => part !== '');
}
