// DELETE /coupons/{code}, DELETE /customers/{id}/applied_coupons/{id}, GET /applied_coupons.
import type { AppliedCoupon, Customer } from '@feecast/models';
import { describe, expect, it } from 'vitest';
import {
  example,
  exampleWith,
  expectError,
  expectSuccess,
  NOW,
  serverPerTest,
  type TestServer,
} from './builders';

const DEAL_APPLIED = '4e35b4df-57b1-4405-be64-e31cb337c780';
const SPRING_APPLIED = '53b8dbe3-1f96-4b2e-bbca-e185bc6a5ac0';

const start = serverPerTest();

async function applied(server: TestServer, query = ''): Promise<AppliedCoupon[]> {
  const answer = await server.call('GET', `/api/v1/applied_coupons${query}`);
  return expectSuccess(answer, 'listAppliedCoupons').applied_coupons;
}

describe('DELETE /coupons/{code}', () => {
  it('answers the coupon with terminated_at set and terminates its active applied coupons', async () => {
    const t = await start();
    const answer = await t.call('DELETE', '/api/v1/coupons/startup_deal');
    expect(expectSuccess(answer, 'deleteCoupon').coupon.terminated_at).toBe(NOW);
    const [deal] = await applied(t, '?coupon_code[]=startup_deal');
    expect([
      deal?.status,
      deal?.terminated_at,
      deal?.coupon_status,
      deal?.coupon_deleted_at,
    ]).toEqual(['terminated', NOW, 'terminated', NOW]);
    const [spring] = await applied(t, '?coupon_code[]=spring_10');
    expect(spring?.status).toBe('active');
  });

  it('answers 404 coupon_not_found for an unknown code and for a second delete', async () => {
    const t = await start();
    expectError(await t.call('DELETE', '/api/v1/coupons/nope'), 404, 'coupon_not_found');
    expect((await t.call('DELETE', '/api/v1/coupons/spring_10')).status).toBe(200);
    expectError(await t.call('DELETE', '/api/v1/coupons/spring_10'), 404, 'coupon_not_found');
  });
});

describe('DELETE /customers/{external_customer_id}/applied_coupons/{applied_coupon_id}', () => {
  it('terminates the applied coupon and answers it without credits', async () => {
    const t = await start();
    const answer = await t.call(
      'DELETE',
      `/api/v1/customers/hooli_1234/applied_coupons/${SPRING_APPLIED}`,
    );
    const coupon = expectSuccess(answer, 'deleteAppliedCoupon').applied_coupon;
    expect([coupon.status, coupon.terminated_at, Object.hasOwn(coupon, 'credits')]).toEqual([
      'terminated',
      NOW,
      false,
    ]);
  });

  it('answers an already terminated applied coupon as it is (the reference), logging nothing', async () => {
    const applied0 = example().applied_coupons.map((a) =>
      a.svc_id === DEAL_APPLIED
        ? {
            ...a,
            status: 'terminated' as const,
            terminated_at: '2025-03-05T09:10:11Z' as AppliedCoupon['terminated_at'],
          }
        : a,
    );
    const t = await start({ state: exampleWith({ applied_coupons: applied0 }) });
    const answer = await t.call(
      'DELETE',
      `/api/v1/customers/hooli_1234/applied_coupons/${DEAL_APPLIED}`,
    );
    expect((answer.body as { applied_coupon: AppliedCoupon }).applied_coupon.terminated_at).toBe(
      '2025-03-05T09:10:11Z',
    );
    const logs = await t.call(
      'GET',
      '/api/v1/activity_logs?activity_types[]=applied_coupon.deleted',
    );
    expect((logs.body as { meta: { total_count: number } }).meta.total_count).toBe(0);
  });

  it('answers 404 customer_not_found and applied_coupon_not_found (also for another customer)', async () => {
    const other = {
      ...example().customers[0],
      svc_id: '7d1e5c2b-0a3f-4e6d-9b8c-1f2e3d4c5b6a',
      external_id: 'other',
    } as Customer;
    const t = await start({ state: exampleWith({ customers: [...example().customers, other] }) });
    expectError(
      await t.call('DELETE', `/api/v1/customers/nobody/applied_coupons/${SPRING_APPLIED}`),
      404,
      'customer_not_found',
    );
    expectError(
      await t.call('DELETE', `/api/v1/customers/other/applied_coupons/${SPRING_APPLIED}`),
      404,
      'applied_coupon_not_found',
    );
    expectError(
      await t.call('DELETE', '/api/v1/customers/hooli_1234/applied_coupons/nope'),
      404,
      'applied_coupon_not_found',
    );
  });
});

describe('GET /applied_coupons', () => {
  it('lists every applied coupon newest first, each with its credits, filtered by coupon_code[]', async () => {
    const t = await start();
    const all = await applied(t);
    expect(all.every((a) => Array.isArray(a.credits))).toBe(true);
    expect(all.map((a) => a.coupon_code).sort()).toEqual(['spring_10', 'startup_deal']);
    expect(
      (await applied(t, '?coupon_code[]=spring_10&coupon_code[]=nope')).map((a) => a.svc_id),
    ).toEqual([SPRING_APPLIED]);
    expect((await applied(t, '?coupon_code[]=spring_10')).at(0)?.credits?.length).toBeGreaterThan(
      0,
    );
  });
});
