// GET /plans, GET /billable_metrics, PUT /billable_metrics/{code}, POST /add_ons.
import type { BillableMetric, Plan } from '@feecast/models';
import { describe, expect, it } from 'vitest';
import {
  example,
  exampleWith,
  expectError,
  expectSuccess,
  expectValidationErrors,
  fixture,
  NOW,
  serverPerTest,
} from './builders';

const start = serverPerTest();

describe('GET /plans', () => {
  it('lists the catalog plans without fixed_charges (wire-models §3), with every charge model', async () => {
    const t = await start();
    const answer = await t.call('GET', '/api/v1/plans');
    const { plans, meta } = expectSuccess(answer, 'listPlans');
    expect(plans.map((p) => p.code)).toEqual(['startup', 'premium']);
    expect(plans.some((p) => Object.hasOwn(p, 'fixed_charges'))).toBe(false);
    expect(new Set(plans.flatMap((p) => p.charges.map((c) => c.charge_model)))).toEqual(
      new Set([
        'package',
        'graduated',
        'standard',
        'volume',
        'percentage',
        'graduated_percentage',
        'dynamic',
      ]),
    );
    expect(meta).toEqual({
      current_page: 1,
      next_page: null,
      prev_page: null,
      total_pages: 1,
      total_count: 2,
    });
  });

  it.each([
    [
      '?page=1&per_page=1',
      ['startup'],
      { current_page: 1, next_page: 2, prev_page: null, total_pages: 2, total_count: 2 },
    ],
    [
      '?page=2&per_page=1',
      ['premium'],
      { current_page: 2, next_page: null, prev_page: 1, total_pages: 2, total_count: 2 },
    ],
    [
      '?page=3&per_page=1',
      [],
      { current_page: 3, next_page: null, prev_page: null, total_pages: 2, total_count: 2 },
    ],
  ])('paginates %s', async (query, codes, meta) => {
    const t = await start();
    const answer = await t.call('GET', `/api/v1/plans${query}`);
    const body = expectSuccess(answer, 'listPlans');
    expect(body.plans.map((p) => p.code)).toEqual(codes);
    expect(body.meta).toEqual(meta);
  });

  it('reads an empty list as current_page 0, total_pages 0 (wire/response.plans.empty.json)', async () => {
    const t = await start({
      state: exampleWith({ plans: [], subscriptions: [], plan_overrides: [] }),
    });
    const answer = await t.call('GET', '/api/v1/plans');
    expect(answer.body).toEqual(fixture('wire/response.plans.empty.json'));
  });

  it.each([
    ['page=0', { page: ['value_is_out_of_range'] }],
    ['per_page=101', { per_page: ['value_is_out_of_range'] }],
    [
      'per_page=0&page=-1',
      { page: ['value_is_out_of_range'], per_page: ['value_is_out_of_range'] },
    ],
    ['page=two', { page: ['value_is_invalid'] }],
    ['page=1.5', { page: ['value_is_invalid'] }],
  ])('answers 422 for %s', async (query, details) => {
    const t = await start();
    const answer = await t.call('GET', `/api/v1/plans?${query}`);
    expectValidationErrors(answer, details);
  });
});

describe('GET /billable_metrics', () => {
  it('lists every metric with meta', async () => {
    const t = await start();
    const answer = await t.call('GET', '/api/v1/billable_metrics?per_page=100');
    const metrics = expectSuccess(answer, 'listBillableMetrics').billable_metrics;
    expect(metrics.map((m) => m.code)).toEqual(example().billable_metrics.map((m) => m.code));
  });
});

describe('PUT /billable_metrics/{code}', () => {
  it('updates a metric no subscription uses with every field (request.update_billable_metric.json, as ram_usage)', async () => {
    const t = await start();
    const body = fixture('request.update_billable_metric.json') as {
      billable_metric: Record<string, unknown>;
    };
    const answer = await t.call('PUT', '/api/v1/billable_metrics/ram_usage', {
      billable_metric: { ...body.billable_metric, code: 'ram' },
    });
    const metric = expectSuccess(answer, 'updateBillableMetric').billable_metric;
    expect([metric.code, metric.aggregation_type, metric.recurring, metric.filters.length]).toEqual(
      ['ram', 'weighted_sum_agg', true, 2],
    );
  });

  it('keeps code, aggregation and field of a metric an active subscription uses; name and filters change (the reference)', async () => {
    const t = await start();
    const answer = await t.call(
      'PUT',
      '/api/v1/billable_metrics/storage',
      fixture('request.update_billable_metric.sum_agg.json'),
    );
    const metric = (answer.body as { billable_metric: BillableMetric }).billable_metric;
    const before = example().billable_metrics.find((m) => m.code === 'storage');
    expect([
      metric.code,
      metric.aggregation_type,
      metric.expression,
      metric.rounding_function,
    ]).toEqual([
      'storage',
      before?.aggregation_type,
      before?.expression,
      before?.rounding_function,
    ]);
    expect([metric.name, metric.description, metric.filters]).toEqual(['Storage', null, []]);
  });

  it('carries a new code to the charges of the plans that use it', async () => {
    const t = await start({ state: exampleWith({ subscriptions: [] }) });
    const answer = await t.call('PUT', '/api/v1/billable_metrics/storage', {
      billable_metric: { code: 'disk' },
    });
    expect(answer.status).toBe(200);
    const plans = (await t.call('GET', '/api/v1/plans')).body as { plans: Plan[] };
    const codes = plans.plans.flatMap((p) => p.charges.map((c) => c.billable_metric_code));
    expect(codes).toContain('disk');
    expect(codes).not.toContain('storage');
  });

  it.each([
    ['a code another metric has', { code: 'cpu' }, { code: ['value_already_exist'] }],
    [
      'no field_name for a sum',
      { aggregation_type: 'sum_agg', field_name: null },
      { field_name: ['value_is_mandatory'] },
    ],
    [
      'an expression that does not parse',
      { expression: 'round((a' },
      { expression: ['invalid_expression'] },
    ],
    ['an empty name', { name: ' ' }, { name: ['value_is_mandatory'] }],
  ])('answers 422 for %s', async (_what, fields, details) => {
    const t = await start();
    const answer = await t.call('PUT', '/api/v1/billable_metrics/ram_usage', {
      billable_metric: fields,
    });
    expectValidationErrors(answer, details);
  });

  it('answers 404 for an unknown code and 422 for bad/request.update_billable_metric.filters_values_as_string.json', async () => {
    const t = await start();
    expectError(
      await t.call('PUT', '/api/v1/billable_metrics/nope', { billable_metric: { name: 'x' } }),
      404,
      'billable_metric_not_found',
    );
    const bad = await t.call(
      'PUT',
      '/api/v1/billable_metrics/storage',
      fixture('bad/request.update_billable_metric.filters_values_as_string.json'),
    );
    expectValidationErrors(bad, {
      'filters[0].values': ['value_is_invalid'],
    });
  });
});

describe('POST /add_ons', () => {
  it('creates request.create_add_on.json (under a new code) with its taxes and logs add_on.created', async () => {
    const t = await start();
    const body = fixture('request.create_add_on.json') as { add_on: Record<string, unknown> };
    const answer = await t.call('POST', '/api/v1/add_ons', {
      add_on: { ...body.add_on, code: 'setup_fee_2' },
    });
    const addOn = expectSuccess(answer, 'createAddOn').add_on;
    expect([
      addOn.code,
      addOn.amount_cents,
      addOn.created_at,
      addOn.taxes.map((x) => x.code),
    ]).toEqual(['setup_fee_2', 50000, NOW, ['french_standard_vat']]);
    const logs = await t.call('GET', `/api/v1/activity_logs?resource_ids[]=${addOn.svc_id}`);
    expect(
      (logs.body as { activity_logs: { activity_type: string }[] }).activity_logs.map(
        (l) => l.activity_type,
      ),
    ).toEqual(['add_on.created']);
  });

  it('answers 422 value_already_exist for the example code, 404 for an unknown tax, 422 for bad fixtures', async () => {
    const t = await start();
    const taken = await t.call('POST', '/api/v1/add_ons', fixture('request.create_add_on.json'));
    expectValidationErrors(taken, {
      code: ['value_already_exist'],
    });
    expectError(
      await t.call('POST', '/api/v1/add_ons', {
        add_on: {
          name: 'n',
          code: 'c',
          amount_cents: 1,
          amount_currency: 'USD',
          tax_codes: ['nope'],
        },
      }),
      404,
      'tax_not_found',
    );
    const bad = await t.call(
      'POST',
      '/api/v1/add_ons',
      fixture('bad/request.create_add_on.cents_as_string.json'),
    );
    expectValidationErrors(bad, {
      amount_cents: ['value_is_invalid'],
    });
    const negative = await t.call('POST', '/api/v1/add_ons', {
      add_on: { name: 'n', code: 'c', amount_cents: -1, amount_currency: 'USD' },
    });
    expectValidationErrors(negative, {
      amount_cents: ['value_is_out_of_range'],
    });
    const missing = await t.call('POST', '/api/v1/add_ons', { add_on: { name: 'n' } });
    expectValidationErrors(missing, {
      code: ['value_is_mandatory'],
      amount_cents: ['value_is_mandatory'],
      amount_currency: ['value_is_mandatory'],
    });
  });
});
