/**
 * The operations take the API's objects as they are: a customer, subscription, plan and event
 * decoded with the `@feecast/models` codecs from the shared wire payloads type-check as inputs and are priced.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BillableMetric,
  CustomerResponse,
  decode,
  EstimateFeesRequest,
  PlanResponse,
  SubscriptionResponse,
  UsageEventRecord,
} from '@feecast/models';
import type * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { currentUsage, type EstimateFeesInput, type UsageInput } from '../../src/operations/index';
import { currentOf, estimateOf, leftOf, uuid } from './builders';

/** The wire payloads of the API (`fixtures/wire` of the repository). */
const WIRE = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../fixtures/wire');

function payload<A>(codec: t.Decoder<unknown, A>, name: string): A {
  const decoded = decode(codec, JSON.parse(readFileSync(`${WIRE}/${name}`, 'utf8')));
  if (decoded._tag === 'Left') throw new Error(decoded.left.message);
  return decoded.right;
}

const { customer } = payload(CustomerResponse, 'response.customer.json');
// The payload is active but carries every optional date: it is not terminated here.
const subscription = {
  ...payload(SubscriptionResponse, 'response.subscription.json').subscription,
  terminated_at: null,
  ending_at: null,
};
const wirePlan = payload(PlanResponse, 'response.plan.json').plan;
// The payload's seats charge has empty default properties, which no standard charge can price
// (see the last test); here its default bucket is priced at 0.
const plan = {
  ...wirePlan,
  charges: wirePlan.charges.map((charge) =>
    charge.billable_metric_code === 'seats' ? { ...charge, properties: { amount: '0' } } : charge,
  ),
};
const { event } = payload(EstimateFeesRequest, 'request.estimate_fees.json');

/** The metric of each charge of the plan (the payload's own metric list is partial). */
const billableMetrics = wirePlan.charges.map((charge) => {
  const sum = ['cpu', 'storage', 'payments'].includes(charge.billable_metric_code);
  const decoded = decode(BillableMetric, {
    svc_id: charge.svc_billable_metric_id,
    name: charge.billable_metric_code.toUpperCase(),
    code: charge.billable_metric_code,
    description: null,
    recurring: false,
    rounding_function: null,
    rounding_precision: null,
    created_at: '2024-11-20T14:05:33Z',
    expression: null,
    field_name: sum ? 'value' : null,
    aggregation_type: sum ? 'sum_agg' : 'count_agg',
    weighted_interval: null,
    filters: [{ key: 'region', values: ['Europe', 'USA', 'Africa'] }],
  });
  if (decoded._tag === 'Left') throw new Error(decoded.left.message);
  return decoded.right;
});

const stored = decode(UsageEventRecord, {
  svc_id: uuid(90),
  transaction_id: 'tx_stored',
  code: 'seats',
  timestamp: '2025-03-16T10:00:00Z',
  created_at: '2025-03-16T10:00:00Z',
  external_subscription_id: subscription.external_id,
  properties: { region: 'Europe' },
});

describe('wire objects as operation inputs', () => {
  const events = stored._tag === 'Right' ? [stored.right] : [];
  const context = {
    customer,
    subscription,
    plan,
    billableMetrics,
    now: '2025-03-20T12:00:00Z',
    pricingUnits: [{ svc_id: uuid(91), code: 'credits', short_name: 'CR' }],
  };

  it("current usage of the payloads: the anniversary period of the 15th in the customer's zone (America/Los_Angeles)", () => {
    const input: UsageInput = { ...context, events };
    const body = currentOf(input);
    expect([body.from_datetime, body.to_datetime, body.issuing_date, body.currency]).toEqual([
      '2025-03-15T07:00:00Z',
      '2025-04-15T06:59:59Z',
      '2025-04-14',
      'USD',
    ]);
    expect(body.charges_usage.map((entry) => entry.billable_metric.code)).toEqual([
      'api_calls',
      'cpu',
      'payments',
      'requests',
      'seats',
      'storage',
    ]);
    const seats = body.charges_usage.find((entry) => entry.billable_metric.code === 'seats');
    // One Europe seat at 10 (the filter's price), in its filter bucket.
    expect(seats?.filters.map((f) => [f.invoice_display_name, f.units, f.amount_cents])).toEqual([
      ['Europe', '1', 1000],
      ['USA', '0', 0],
      ['Africa', '0', 0],
      [null, '0', 0],
    ]);
  });

  it("the payload's estimate_fees request: a Europe seat at 10.00 with the charge's French VAT 20 %", () => {
    const input: EstimateFeesInput = { ...context, events, event };
    const [fee] = estimateOf(input).fees;
    expect(fee).toMatchObject({
      amount_cents: 1000,
      taxes_amount_cents: 200,
      item: { filters: { region: ['Europe'] }, filter_invoice_display_name: 'Europe' },
      applied_taxes: [{ tax_code: 'french_standard_vat', amount_cents: 200 }],
    });
  });

  it('a standard charge without an amount is refused, naming the property', () => {
    const error = leftOf(currentUsage({ ...context, plan: wirePlan, events }));
    expect([error.code, error.path]).toEqual([
      'invalid_charge_properties',
      ['plan', 'charges', '2', 'properties', 'amount'],
    ]);
  });
});
