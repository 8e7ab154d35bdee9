/**
 * Usage in a notebook: the amount of each charge so far (and projected), as the customer
 * portal draws it.
 */
import type { FeecastError } from '@feecast/engine';
import type { CustomerProjectedUsage, CustomerUsage } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import { renderUsageTable } from '../render/usage-table';
import { usageCharges } from '../report/portal-data';
import { renderUsageSection } from '../report/portal-page';
import { type NotebookView, notebookView } from './view';

/**
 * A customer's current or projected usage (the engine's `currentUsage` / `projectedUsage`, or
 * the API's `customer_usage`) as a notebook view: the portal page's usage section (grouped
 * bars of each charge's amount so far and projected, and their table), with the table
 * `feecast usage` prints as its text. Units that are not decimals or an unknown currency are
 * a `Left` with the path.
 *
 * @example
 * import { currentUsage } from '@feecast/engine';
 *
 * // November's 200 events on Starter: API calls 91,755 units, 210.95 EUR (examples/cli/README.md).
 * const usage = currentUsage({ customer, subscription, plan, billableMetrics, events,
 *   taxes: { billing_entity: [vat20] }, now: '2026-11-30T23:59:59Z' });
 * if (usage._tag === 'Right') {
 *   const view = usageView(usage.right.customer_usage);
 *   view._tag === 'Right' && view.right.html.includes('<td>API calls</td><td class="num">91,755</td><td class="num">210.95 EUR</td>') // => true
 * }
 */
export function usageView(
  usage: CustomerUsage | CustomerProjectedUsage,
): Either<FeecastError, NotebookView> {
  const text = renderUsageTable(usage);
  if (isLeft(text)) return text;
  const section = renderUsageSection({ currency: usage.currency, charges: usageCharges(usage) });
  if (isLeft(section)) return section;
  return right(notebookView(section.right, text.right));
}
