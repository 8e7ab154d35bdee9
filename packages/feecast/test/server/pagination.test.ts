// Issue 9 item 2 on every list endpoint: `meta` (current_page, total_pages, total_count,
// next_page, prev_page) and `page` / `per_page` validated (422 naming the parameter), over
// HTTP. `GET /plans` has its own detailed cases in catalog.test.ts.
import type { OperationId } from '@feecast/models';
import { describe, expect, it } from 'vitest';
import { example, expectSuccess, expectValidationErrors, serverPerTest } from './builders';

const start = serverPerTest();

const state = example();

/** Every paginated list: its path, operation, the key of its items and how many there are. */
const LISTS: readonly [string, OperationId, string, number][] = [
  ['/api/v1/subscriptions', 'listSubscriptions', 'subscriptions', -1],
  ['/api/v1/plans', 'listPlans', 'plans', state.plans.length],
  [
    '/api/v1/billable_metrics',
    'listBillableMetrics',
    'billable_metrics',
    state.billable_metrics.length,
  ],
  [
    '/api/v1/applied_coupons',
    'listAppliedCoupons',
    'applied_coupons',
    state.applied_coupons.length,
  ],
  ['/api/v1/activity_logs', 'listActivityLogs', 'activity_logs', state.activity_logs.length],
  [
    '/api/v1/payment_receipts',
    'listPaymentReceipts',
    'payment_receipts',
    state.payment_receipts.length,
  ],
];

describe('list meta and page / per_page on every list', () => {
  it.each(LISTS)('%s: page 1 of per_page 1 carries meta', async (path, operation, key, count) => {
    const t = await start();
    const body = expectSuccess(await t.call('GET', `${path}?page=1&per_page=1`), operation) as {
      readonly meta: Record<string, unknown>;
    } & Record<string, unknown>;
    const total = body.meta.total_count as number;
    // `GET /subscriptions` lists the active ones by default: its count is not the collection's.
    if (count >= 0) expect(total).toBe(count);
    expect(total).toBeGreaterThanOrEqual(1);
    expect(body[key]).toHaveLength(1);
    expect(body.meta).toEqual({
      current_page: 1,
      next_page: total > 1 ? 2 : null,
      prev_page: null,
      total_pages: total,
      total_count: total,
    });
  });

  it.each(LISTS)('%s: 422 for per_page=0, page=-1 and page=x', async (path) => {
    const t = await start();
    expectValidationErrors(await t.call('GET', `${path}?per_page=0&page=-1`), {
      page: ['value_is_out_of_range'],
      per_page: ['value_is_out_of_range'],
    });
    expectValidationErrors(await t.call('GET', `${path}?page=x`), { page: ['value_is_invalid'] });
  });
});
