/**
 * feecast: the `feecast` command and the local billing API server.
 * Node only.
 * @packageDocumentation
 */

/**
 * A backtest (`backtest` of `@feecast/engine`) of an events file split by customer across
 * worker threads, each parsing its own subscriptions' lines of an NDJSON file: what
 * `feecast backtest --workers N` runs, with the same result as one thread.
 *
 * @example
 * const run = await backtestInWorkers({
 *   workers: 2,
 *   file: { path: 'events.ndjson', name: 'events.ndjson' },
 *   input: { plans, subscriptions, billableMetrics, from: '2026-01-01', to: '2027-01-01' },
 * });
 * if (run.fileError === undefined && run.result._tag === 'Right') console.log(run.result.right.summary);
 */
export type { ShareFile } from './backtest-parallel/share-events';
export { backtestInWorkers, type PooledBacktest, type PoolOptions } from './backtest-pool';
export { EXIT, type Io } from './io';
export { main } from './main';
/**
 * The customer portal page, as `feecast serve` answers `GET /customer_portal/<token>` (the
 * link of `GET /customers/{id}/portal_url`): `portalDataFromUsage` turns a customer, its
 * current or projected usage (the engine's `currentUsage` / `projectedUsage`, or the API's
 * response bodies) and its invoices into the page's data, and `renderPortalPage` draws it as
 * one self-contained HTML document with an SVG chart (no script, no URL, every text escaped).
 *
 * @example
 * import { projectedUsage } from '@feecast/engine';
 * import { portalDataFromUsage, renderPortalPage } from 'feecast';
 *
 * const usage = projectedUsage({ customer, subscription, plan, billableMetrics, events, now });
 * if (usage._tag === 'Right') {
 *   const page = renderPortalPage(
 *     portalDataFromUsage({ customer, usage: usage.right.customer_projected_usage, invoices, generated_at: now }),
 *   );
 *   if (page._tag === 'Right') writeFileSync('portal.html', page.right);
 * }
 */
export {
  type PortalCharge,
  type PortalInvoice,
  type PortalPageData,
  type PortalUsageInput,
  portalDataFromUsage,
  type ReportCustomer,
  type ReportPeriod,
  renderPortalPage,
} from './report/index';
export * from './server/index';
