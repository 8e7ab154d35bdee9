// PUT /subscriptions/{external_id} (the active/pending status rule, plan_overrides) and
// GET /subscriptions.
import type { Plan, Subscription } from '@feecast/models';
import { describe, expect, it } from 'vitest';
import {
  type Answer,
  example,
  exampleWith,
  expectError,
  expectSuccess,
  expectValidationErrors,
  fixture,
  NOW,
  serverPerTest,
} from './builders';

const EXTERNAL_ID = 'sub_1234567890';
const ACTIVE_ID = '6f08f2a0-c80d-40ca-894b-633338bb79fe';
const PENDING_ID = 'b9921b20-601b-4da0-9233-9c4e3e187258';
const PATH = `/api/v1/subscriptions/${EXTERNAL_ID}`;

const start = serverPerTest();

function subscription(answer: Answer): Subscription {
  return expectSuccess(answer, 'updateSubscription').subscription;
}

describe('PUT /subscriptions/{external_id}: which subscription', () => {
  it('updates the active one when status is not given, though a pending one shares the id', async () => {
    const t = await start();
    const updated = subscription(await t.call('PUT', PATH, { subscription: { name: 'Renamed' } }));
    expect([updated.svc_id, updated.name, updated.status]).toEqual([
      ACTIVE_ID,
      'Renamed',
      'active',
    ]);
  });

  it('updates the pending one with status pending in the body (request.update_subscription.pending.json)', async () => {
    const t = await start();
    const updated = subscription(
      await t.call('PUT', PATH, fixture('request.update_subscription.pending.json')),
    );
    expect([updated.svc_id, updated.name, updated.status]).toEqual([
      PENDING_ID,
      'Repository B (upgrade)',
      'pending',
    ]);
    expect(updated.ending_at).toBe('2026-04-15T00:00:00Z');
  });

  it('updates the pending one with ?status=pending', async () => {
    const t = await start();
    const updated = subscription(
      await t.call('PUT', `${PATH}?status=pending`, { subscription: { name: 'P' } }),
    );
    expect(updated.svc_id).toBe(PENDING_ID);
  });

  it('answers 404 subscription_not_found when no subscription has that id and status', async () => {
    const t = await start({
      state: exampleWith({
        subscriptions: example().subscriptions.filter((s) => s.status === 'pending'),
      }),
    });
    expectError(
      await t.call('PUT', PATH, { subscription: { name: 'x' } }),
      404,
      'subscription_not_found',
    );
    expectError(
      await t.call('PUT', '/api/v1/subscriptions/nope', { subscription: { name: 'x' } }),
      404,
      'subscription_not_found',
    );
  });

  it('answers 422 for a status outside active|pending|incomplete', async () => {
    const t = await start();
    expectError(
      await t.call('PUT', `${PATH}?status=terminated`, { subscription: { name: 'x' } }),
      422,
      'validation_errors',
    );
  });

  it('moves subscription_at only of a pending subscription; moved to now or earlier, it starts', async () => {
    const onlyPending = exampleWith({
      subscriptions: example().subscriptions.filter((s) => s.status === 'pending'),
    });
    const t = await start({ state: onlyPending });
    const started = subscription(
      await t.call('PUT', PATH, {
        status: 'pending',
        subscription: { subscription_at: '2025-03-01T00:00:00Z' },
      }),
    );
    expect([started.status, started.started_at, started.subscription_at]).toEqual([
      'active',
      '2025-03-01T00:00:00Z',
      '2025-03-01T00:00:00Z',
    ]);
  });
});

describe('PUT /subscriptions/{external_id}: fields and plan_overrides', () => {
  it('applies request.update_subscription.json: the subscription gets its own copy of the plan', async () => {
    const t = await start();
    const updated = subscription(
      await t.call('PUT', PATH, fixture('request.update_subscription.json')),
    );
    expect(updated.name).toBe('Repository B');
    expect(updated.ending_at).toBe('2026-01-15T00:00:00Z');
    const plan = updated.plan as Plan;
    expect(plan.parent_id).toBe('d7bcf660-6a7d-49d9-a300-2bc369fd3dbe');
    expect(plan.svc_id).not.toBe('d7bcf660-6a7d-49d9-a300-2bc369fd3dbe');
    expect([plan.code, plan.name, plan.amount_cents, plan.trial_period]).toEqual([
      'startup',
      'Startup',
      10000,
      5,
    ]);
    expect(Object.hasOwn(plan, 'fixed_charges') || Object.hasOwn(plan, 'entitlements')).toBe(false);
    const cpu = plan.charges.find((c) => c.svc_id === '1a3fad34-9976-4b06-9dd6-42b371cc2459');
    expect(cpu?.properties).toEqual(
      fixture('request.update_subscription.json').subscription && {
        graduated_ranges: [
          { from_value: 0, to_value: 10, flat_amount: '10', per_unit_amount: '0.5' },
          { from_value: 11, to_value: null, flat_amount: '0', per_unit_amount: '0.4' },
        ],
      },
    );
    const seats = plan.charges.find((c) => c.svc_id === '7df2a315-a1e6-4679-ae1a-27c5607736c8');
    expect([seats?.min_amount_cents, seats?.filters.map((f) => f.properties)]).toEqual([
      1200,
      [{ amount: '9' }, { amount: '4.5' }],
    ]);
    expect(updated.applicable_usage_thresholds).toEqual(plan.usage_thresholds);
    // The catalog plan is untouched.
    const plans = await t.call('GET', '/api/v1/plans');
    const catalog = (plans.body as { plans: Plan[] }).plans.find((p) => p.code === 'startup');
    expect(catalog?.svc_id).toBe('d7bcf660-6a7d-49d9-a300-2bc369fd3dbe');
    expect(
      catalog?.charges.find((c) => c.svc_id === '7df2a315-a1e6-4679-ae1a-27c5607736c8')
        ?.min_amount_cents,
    ).not.toBe(1200);
  });

  it('overriding again updates the same copy', async () => {
    const t = await start();
    const first = subscription(
      await t.call('PUT', PATH, { subscription: { plan_overrides: { amount_cents: 500 } } }),
    );
    const second = subscription(
      await t.call('PUT', PATH, { subscription: { plan_overrides: { name: 'Cheap' } } }),
    );
    expect(second.plan?.svc_id).toBe(first.plan?.svc_id);
    expect([second.plan?.amount_cents, second.plan?.name, second.plan_amount_cents]).toEqual([
      500,
      'Cheap',
      500,
    ]);
  });

  it('logs the copy of the plan: plan.created first, then plan.updated with its changes', async () => {
    const t = await start();
    const first = subscription(
      await t.call('PUT', PATH, { subscription: { plan_overrides: { amount_cents: 500 } } }),
    );
    await t.call('PUT', PATH, { subscription: { plan_overrides: { name: 'Cheap' } } });
    const answer = await t.call(
      'GET',
      `/api/v1/activity_logs?resource_ids[]=${first.plan?.svc_id}`,
    );
    const logs = expectSuccess(answer, 'listActivityLogs').activity_logs;
    const created = logs.find((log) => log.activity_type === 'plan.created');
    const updated = logs.find((log) => log.activity_type === 'plan.updated');
    expect([logs.length, created?.resource_type, updated?.resource_type]).toEqual([
      2,
      'Plan',
      'Plan',
    ]);
    const changes = (updated?.activity_object_changes ?? {}) as Record<string, unknown>;
    expect(changes).toEqual({ name: ['Startup', 'Cheap'] });
    expect((created?.activity_object as Plan | undefined)?.amount_cents).toBe(500);
  });

  it('sets and removes a minimum commitment and usage thresholds', async () => {
    const t = await start();
    const set = subscription(
      await t.call('PUT', PATH, {
        subscription: {
          plan_overrides: {
            minimum_commitment: { amount_cents: 777, tax_codes: ['french_standard_vat'] },
          },
          usage_thresholds: [{ amount_cents: 9000, threshold_display_name: 'T', recurring: true }],
        },
      }),
    );
    expect(set.plan?.minimum_commitment?.amount_cents).toBe(777);
    expect(set.plan?.minimum_commitment?.taxes.map((x) => x.code)).toEqual(['french_standard_vat']);
    expect(
      set.applicable_usage_thresholds?.map((u) => [u.amount_cents, u.recurring, u.created_at]),
    ).toEqual([[9000, true, NOW]]);
    const removed = subscription(
      await t.call('PUT', PATH, { subscription: { plan_overrides: { minimum_commitment: null } } }),
    );
    expect(Object.hasOwn(removed.plan as object, 'minimum_commitment')).toBe(false);
  });

  it.each([
    [
      'an unknown charge',
      { plan_overrides: { charges: [{ id: 'nope', properties: { amount: '1' } }] } },
      404,
      'charge_not_found',
    ],
    [
      'an unknown fixed charge',
      { plan_overrides: { fixed_charges: [{ id: 'nope' }] } },
      404,
      'fixed_charge_not_found',
    ],
    ['an unknown tax code', { plan_overrides: { tax_codes: ['nope'] } }, 404, 'tax_not_found'],
    ['an unknown billing entity', { billing_entity_code: 'nope' }, 404, 'billing_entity_not_found'],
  ])('answers 404 for %s', async (_what, fields, status, code) => {
    const t = await start();
    expectError(await t.call('PUT', PATH, { subscription: fields }), status, code);
  });

  it('answers 422 for properties that do not fit the charge model, naming the path', async () => {
    const t = await start();
    const answer = await t.call('PUT', PATH, {
      subscription: {
        plan_overrides: {
          charges: [{ id: '1a3fad34-9976-4b06-9dd6-42b371cc2459', properties: { amount: '1' } }],
        },
      },
    });
    expectError(answer, 422, 'validation_errors');
    expect(Object.keys((answer.body as { error_details: object }).error_details)).toEqual([
      'plan_overrides.charges[0].properties.graduated_ranges',
    ]);
  });

  it('answers 422 for a charge_model other than the charge one, and an ending_at not in the future', async () => {
    const t = await start();
    const model = await t.call('PUT', PATH, {
      subscription: {
        plan_overrides: {
          charges: [
            {
              id: '1a3fad34-9976-4b06-9dd6-42b371cc2459',
              charge_model: 'standard',
              properties: { amount: '1' },
            },
          ],
        },
      },
    });
    expectValidationErrors(model, {
      'plan_overrides.charges[0].charge_model': ['value_is_invalid'],
    });
    const ending = await t.call('PUT', PATH, {
      subscription: { ending_at: NOW.replace('.000', '') },
    });
    expectValidationErrors(ending, {
      ending_at: ['invalid_date'],
    });
  });

  it('answers 422 for a charge override without id, or naming a charge twice', async () => {
    const t = await start();
    const missing = await t.call('PUT', PATH, {
      subscription: { plan_overrides: { charges: [{ properties: { amount: '1' } }] } },
    });
    expectValidationErrors(missing, { 'plan_overrides.charges[0].id': ['value_is_mandatory'] });
    const id = '7df2a315-a1e6-4679-ae1a-27c5607736c8';
    const twice = await t.call('PUT', PATH, {
      subscription: { plan_overrides: { charges: [{ id }, { id, min_amount_cents: 5 }] } },
    });
    expectValidationErrors(twice, { 'plan_overrides.charges[1].id': ['value_is_invalid'] });
  });

  it('answers 422 value_is_out_of_range for every negative amount, as POST /add_ons does, and changes nothing', async () => {
    const t = await start();
    const answer = await t.call('PUT', PATH, {
      subscription: {
        plan_overrides: {
          amount_cents: -1,
          minimum_commitment: { amount_cents: -500 },
          charges: [{ id: '1a3fad34-9976-4b06-9dd6-42b371cc2459', min_amount_cents: -2 }],
          usage_thresholds: [{ amount_cents: -3 }],
        },
        usage_thresholds: [{ amount_cents: 100 }, { amount_cents: -4 }],
      },
    });
    expectValidationErrors(answer, {
      'plan_overrides.amount_cents': ['value_is_out_of_range'],
      'plan_overrides.minimum_commitment.amount_cents': ['value_is_out_of_range'],
      'plan_overrides.charges[0].min_amount_cents': ['value_is_out_of_range'],
      'plan_overrides.usage_thresholds[0].amount_cents': ['value_is_out_of_range'],
      'usage_thresholds[1].amount_cents': ['value_is_out_of_range'],
    });
    const addOn = await t.call('POST', '/api/v1/add_ons', {
      add_on: { name: 'Minus', code: 'minus', amount_cents: -1, amount_currency: 'USD' },
    });
    expectValidationErrors(addOn, { amount_cents: ['value_is_out_of_range'] });
    // The failed update changed nothing: the subscription is still on the catalog plan.
    const after = subscription(await t.call('PUT', PATH, { subscription: { name: 'After' } }));
    expect([after.plan?.amount_cents, after.plan?.parent_id ?? null]).toEqual([10000, null]);
    // Zero is an amount: a free plan.
    const free = subscription(
      await t.call('PUT', PATH, { subscription: { plan_overrides: { amount_cents: 0 } } }),
    );
    expect(free.plan?.amount_cents).toBe(0);
  });

  it('logs subscription.updated with the changed fields', async () => {
    const t = await start();
    subscription(await t.call('PUT', PATH, { subscription: { name: 'Logged' } }));
    const logs = await t.call(
      'GET',
      '/api/v1/activity_logs?activity_types[]=subscription.updated&activity_sources[]=api',
    );
    const [log] = (logs.body as { activity_logs: Record<string, unknown>[] }).activity_logs;
    const before = example().subscriptions.find((s) => s.svc_id === ACTIVE_ID)?.name;
    expect(log?.activity_object_changes).toEqual({ name: [before, 'Logged'] });
    expect([log?.resource_id, log?.external_subscription_id, log?.external_customer_id]).toEqual([
      ACTIVE_ID,
      EXTERNAL_ID,
      'hooli_1234',
    ]);
  });
});

describe('GET /subscriptions', () => {
  it('lists active subscriptions by default, without embedded plans, with meta', async () => {
    const t = await start();
    const answer = await t.call('GET', '/api/v1/subscriptions');
    const body = expectSuccess(answer, 'listSubscriptions');
    expect(body.subscriptions.map((s) => s.svc_id)).toEqual([ACTIVE_ID]);
    expect(body.meta).toEqual({
      current_page: 1,
      next_page: null,
      prev_page: null,
      total_pages: 1,
      total_count: 1,
    });
  });

  it('filters by status[] and external_customer_id', async () => {
    const t = await start();
    const both = await t.call(
      'GET',
      '/api/v1/subscriptions?status[]=active&status[]=pending&external_customer_id=hooli_1234',
    );
    expect(
      (both.body as { subscriptions: Subscription[] }).subscriptions.map((s) => s.status).sort(),
    ).toEqual(['active', 'pending']);
    const none = await t.call('GET', '/api/v1/subscriptions?external_customer_id=nobody');
    expect(none.body).toEqual({
      subscriptions: [],
      meta: { current_page: 0, next_page: null, prev_page: null, total_pages: 0, total_count: 0 },
    });
  });
});
