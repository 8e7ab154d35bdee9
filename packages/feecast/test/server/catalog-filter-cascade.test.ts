// PUT /billable_metrics/{code} with new filters cascades to the charge filters of the plans
// (issue 9). The reference notes are silent; the reference's
// service (when a metric's filters are updated) discards the charge-filter values whose
// metric-filter value is removed, the values of a removed key, and a charge filter left
// without values. Expected filters are worked by hand from the example state: the `seats`
// metric allows region Europe/USA/Africa, and the seats charge of `startup` and `premium`
// has one filter per region.
import type { ActivityLog, BillableMetric, Plan } from '@feecast/models';
import { describe, expect, it } from 'vitest';
import type { PlanOverride } from '../../src/server/state/state';
import { example, exampleWith, expectSuccess, fixture, NOW, serverPerTest } from './builders';

const start = serverPerTest();
const PROJECTED =
  '/api/v1/customers/hooli_1234/projected_usage?external_subscription_id=sub_1234567890';
const STARTUP = 'd7bcf660-6a7d-49d9-a300-2bc369fd3dbe';
const PREMIUM = 'e58ac126-8a44-43a6-b833-5d8846910b61';
const ACTIVE_SUBSCRIPTION = '6f08f2a0-c80d-40ca-894b-633338bb79fe';
const OVERRIDE_PLAN = 'ab000000-0000-4000-8000-000000000001';
const ALL = '__ALL_FILTER_VALUES__';

type FilterValues = Record<string, string[]>;

/** The `values` of the filters of the seats charge of `plan`. */
function seatsFilterValues(plan: Plan | undefined): FilterValues[] | undefined {
  return plan?.charges
    .find((c) => c.billable_metric_code === 'seats')
    ?.filters.map((f) => f.values);
}

/** A standard charge filter on `values` at unit amount `amount`. */
function standardFilter(values: FilterValues, amount: string) {
  return { invoice_display_name: null, properties: { amount }, values };
}

/** `plan` with the filters of its seats charge replaced. */
function withSeatsFilters(plan: Plan, filters: ReturnType<typeof standardFilter>[]): Plan {
  return {
    ...plan,
    charges: plan.charges.map((c) =>
      c.billable_metric_code === 'seats' && c.charge_model === 'standard' ? { ...c, filters } : c,
    ),
  } as Plan;
}

/** The example state with the seats metric's filters replaced and the startup plan changed. */
function seatsState(metricFilters: BillableMetric['filters'], startup: (p: Plan) => Plan) {
  const state = example();
  return exampleWith({
    billable_metrics: state.billable_metrics.map((m) =>
      m.code === 'seats' ? { ...m, filters: metricFilters } : m,
    ),
    plans: state.plans.map((p) => (p.code === 'startup' ? startup(p) : p)),
  });
}

/** The activity logs of `type` this test's requests made (logged at the test clock). */
async function logsOf(t: Awaited<ReturnType<typeof start>>, type: string): Promise<ActivityLog[]> {
  const answer = await t.call('GET', `/api/v1/activity_logs?activity_types[]=${type}&per_page=100`);
  return expectSuccess(answer, 'listActivityLogs').activity_logs.filter((l) => l.logged_at === NOW);
}

async function catalogPlans(t: Awaited<ReturnType<typeof start>>): Promise<Plan[]> {
  return (expectSuccess(await t.call('GET', '/api/v1/plans'), 'listPlans') as { plans: Plan[] })
    .plans;
}

const FIXTURE = 'request.update_billable_metric.json';

describe('PUT /billable_metrics/{code}: new filters prune the charge filters (issue 9)', () => {
  it('the fixture on seats (region us-east-1/eu-west-1, tier hot/cold) deletes every seats charge filter; projected usage answers 200', async () => {
    // Europe, USA and Africa are no longer region values: each filter loses its only key and
    // is deleted, in both plans.
    const t = await start();
    const before = await t.call('GET', PROJECTED);
    expect(before.status).toBe(200);
    const update = await t.call('PUT', '/api/v1/billable_metrics/seats', fixture(FIXTURE));
    expect(update.status).toBe(200);
    const plans = await catalogPlans(t);
    expect(plans.map((p) => [p.code, seatsFilterValues(p)])).toEqual([
      ['startup', []],
      ['premium', []],
    ]);
    expectSuccess(await t.call('GET', PROJECTED), 'getProjectedUsage');
  });

  it('logs plan.updated for each plan changed, the removed values in its changes', async () => {
    const t = await start();
    await t.call('PUT', '/api/v1/billable_metrics/seats', fixture(FIXTURE));
    const logs = await logsOf(t, 'plan.updated');
    expect(logs.map((l) => [l.resource_type, l.resource_id]).sort()).toEqual(
      [
        ['Plan', STARTUP],
        ['Plan', PREMIUM],
      ].sort(),
    );
    for (const log of logs) {
      const changes = log.activity_object_changes as {
        charges: [Plan['charges'], Plan['charges']];
      };
      expect(Object.keys(changes)).toEqual(['charges']);
      const [old, now] = changes.charges;
      expect(seatsFilterValues({ charges: old } as Plan)).toEqual([
        { region: ['Europe'] },
        { region: ['USA'] },
        { region: ['Africa'] },
      ]);
      expect(seatsFilterValues({ charges: now } as Plan)).toEqual([]);
      expect(seatsFilterValues(log.activity_object as Plan)).toEqual([]);
    }
    expect((await logsOf(t, 'billable_metric.updated')).length).toBe(1);
  });

  it('keeps the allowed values and the wildcard, drops a removed key, deletes a filter left without keys', async () => {
    // seats allows region Europe/USA/Africa and tier gold/silver; the update keeps region
    // Europe/USA only. Startup's filters, by hand:
    //   {region: [Europe, Africa]}          → {region: [Europe]}
    //   {region: [ALL], tier: [gold]}       → {region: [ALL]} (tier is gone)
    //   {tier: [ALL]}                       → deleted (no key left)
    //   {region: [Africa], tier: [silver]}  → deleted
    //   {region: [USA]}                     → unchanged
    // Premium's Europe and USA filters stay, its Africa filter is deleted.
    const state = seatsState(
      [
        { key: 'region', values: ['Europe', 'USA', 'Africa'] },
        { key: 'tier', values: ['gold', 'silver'] },
      ],
      (p) =>
        withSeatsFilters(p, [
          standardFilter({ region: ['Europe', 'Africa'] }, '10'),
          standardFilter({ region: [ALL], tier: ['gold'] }, '9'),
          standardFilter({ tier: [ALL] }, '8'),
          standardFilter({ region: ['Africa'], tier: ['silver'] }, '7'),
          standardFilter({ region: ['USA'] }, '5'),
        ]),
    );
    const t = await start({ state });
    const update = await t.call('PUT', '/api/v1/billable_metrics/seats', {
      billable_metric: { filters: [{ key: 'region', values: ['Europe', 'USA'] }] },
    });
    expect(update.status).toBe(200);
    const plans = await catalogPlans(t);
    const startup = plans.find((p) => p.code === 'startup');
    expect(
      startup?.charges
        .find((c) => c.billable_metric_code === 'seats')
        ?.filters.map((f) => [f.values, (f.properties as { amount: string }).amount]),
    ).toEqual([
      [{ region: ['Europe'] }, '10'],
      [{ region: [ALL] }, '9'],
      [{ region: ['USA'] }, '5'],
    ]);
    expect(seatsFilterValues(plans.find((p) => p.code === 'premium'))).toEqual([
      { region: ['Europe'] },
      { region: ['USA'] },
    ]);
    expectSuccess(await t.call('GET', PROJECTED), 'getProjectedUsage');
  });

  it("prunes a subscription's own plan (plan override) and logs plan.updated for it", async () => {
    const base = example();
    const startup = base.plans.find((p) => p.code === 'startup') as Plan;
    const override: PlanOverride = {
      svc_subscription_id: ACTIVE_SUBSCRIPTION as PlanOverride['svc_subscription_id'],
      plan: { ...startup, svc_id: OVERRIDE_PLAN as Plan['svc_id'], parent_id: startup.svc_id },
    };
    const t = await start({ state: exampleWith({ plan_overrides: [override] }) });
    await t.call('PUT', '/api/v1/billable_metrics/seats', fixture(FIXTURE));
    const logs = await logsOf(t, 'plan.updated');
    expect(logs.map((l) => l.resource_id).sort()).toEqual([STARTUP, PREMIUM, OVERRIDE_PLAN].sort());
    const ofOverride = logs.find((l) => l.resource_id === OVERRIDE_PLAN);
    expect(seatsFilterValues(ofOverride?.activity_object as Plan)).toEqual([]);
    // The projected usage prices the override: it would be 422 on a value "Europe" left in it.
    expectSuccess(await t.call('GET', PROJECTED), 'getProjectedUsage');
  });

  it('carries a new code and prunes in the same request', async () => {
    const t = await start({ state: exampleWith({ subscriptions: [], plan_overrides: [] }) });
    const body = fixture(FIXTURE) as { billable_metric: Record<string, unknown> };
    const update = await t.call('PUT', '/api/v1/billable_metrics/seats', {
      billable_metric: { ...body.billable_metric, code: 'places' },
    });
    expect(update.status).toBe(200);
    const charges = (await catalogPlans(t)).flatMap((p) =>
      p.charges.filter((c) => c.billable_metric_code === 'places').map((c) => c.filters.length),
    );
    expect(charges).toEqual([0, 0]);
  });

  it('an update that keeps every value (reordered, one added) changes no plan', async () => {
    const t = await start();
    const plansBefore = await catalogPlans(t);
    const update = await t.call('PUT', '/api/v1/billable_metrics/seats', {
      billable_metric: {
        filters: [{ key: 'region', values: ['Africa', 'USA', 'Asia', 'Europe'] }],
      },
    });
    expect(update.status).toBe(200);
    expect(await catalogPlans(t)).toEqual(plansBefore);
    expect(await logsOf(t, 'plan.updated')).toEqual([]);
    expect((await logsOf(t, 'billable_metric.updated')).length).toBe(1);
  });

  it('an update without filters leaves the charge filters alone', async () => {
    const t = await start();
    const plansBefore = await catalogPlans(t);
    await t.call('PUT', '/api/v1/billable_metrics/seats', { billable_metric: { name: 'Places' } });
    expect(await catalogPlans(t)).toEqual(plansBefore);
    expect(await logsOf(t, 'plan.updated')).toEqual([]);
  });

  it('a failed update changes nothing: no plan pruned, no log', async () => {
    const t = await start();
    const plansBefore = await catalogPlans(t);
    const body = fixture(FIXTURE) as { billable_metric: Record<string, unknown> };
    const update = await t.call('PUT', '/api/v1/billable_metrics/seats', {
      billable_metric: { ...body.billable_metric, name: ' ' },
    });
    expect(update.status).toBe(422);
    expect(await catalogPlans(t)).toEqual(plansBefore);
    expect(await logsOf(t, 'plan.updated')).toEqual([]);
    expect(await logsOf(t, 'billable_metric.updated')).toEqual([]);
  });
});
