/**
 * Builders for the operation tests: a customer, a subscription, a plan with its charges, its
 * billable metrics, taxes and events, as the wire carries them (only the fields the
 * operations read), and runners that unwrap results and check them with the models' codecs.
 */
import {
  CustomerProjectedUsageResponse,
  CustomerUsageResponse,
  decode,
  EstimateFeesResponse,
  Tax,
} from '@feecast/models';
import type { Either } from 'fp-ts/lib/Either.js';
import { expect } from 'vitest';
import type { UsageEvent } from '../../src/aggregation/index';
import type { FeecastError } from '../../src/core/error';
import type { ChargeFeesMetric } from '../../src/fees/charge/index';
import {
  currentUsage,
  type EstimatedEvent,
  type EstimateFeesInput,
  estimateFees,
  type OperationCharge,
  type OperationCustomer,
  type OperationPlan,
  type OperationSubscription,
  projectedUsage,
  type UsageInput,
} from '../../src/operations/index';
import { rangeRows } from '../charge-properties';

/** The value of a `Right`; fails the test with the error on a `Left`. */
export function rightOf<A>(either: Either<FeecastError, A>): A {
  if (either._tag === 'Left')
    throw new Error(`expected a Right, got ${JSON.stringify(either.left)}`);
  return either.right;
}

/** The error of a `Left`; fails the test on a `Right`. */
export function leftOf<A>(either: Either<FeecastError, A>): FeecastError {
  if (either._tag === 'Right') {
    throw new Error(`expected a Left, got ${JSON.stringify(either.right)}`);
  }
  return either.left;
}

/** A UUID whose last group is `n` (distinct ids for distinct n). */
export function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export const CUSTOMER_ID = uuid(1);
export const SUBSCRIPTION_ID = uuid(2);
export const PLAN_ID = uuid(3);

/** A customer `cust_1` in `timezone` (default UTC). */
export function customer(
  timezone = 'UTC',
  extra: Partial<OperationCustomer> = {},
): OperationCustomer {
  return {
    svc_id: CUSTOMER_ID,
    external_id: 'cust_1',
    applicable_timezone: timezone,
    timezone: timezone === 'UTC' ? null : timezone,
    ...extra,
  };
}

/** An active calendar subscription `sub_1` of `cust_1` started at `startedAt`. */
export function subscription(
  startedAt = '2025-01-01T00:00:00Z',
  extra: Partial<OperationSubscription> = {},
): OperationSubscription {
  return {
    svc_id: SUBSCRIPTION_ID,
    external_id: 'sub_1',
    svc_customer_id: CUSTOMER_ID,
    external_customer_id: 'cust_1',
    billing_time: 'calendar',
    subscription_at: startedAt,
    started_at: startedAt,
    terminated_at: null,
    status: 'active',
    ...extra,
  };
}

/** A monthly in-arrears plan in EUR with the charges given. */
export function plan(
  charges: readonly OperationCharge[],
  extra: Partial<OperationPlan> = {},
): OperationPlan {
  return {
    code: 'plan',
    interval: 'monthly',
    pay_in_advance: false,
    amount_currency: 'EUR',
    taxes: [],
    charges,
    ...extra,
  };
}

let metricIds = 100;
/** A billable metric of `code` (field `value` unless a count); ids are distinct. */
export function metric(
  code: string,
  aggregation_type: string,
  extra: Partial<ChargeFeesMetric> = {},
): ChargeFeesMetric {
  metricIds++;
  return {
    svc_id: uuid(metricIds),
    name: code,
    code,
    aggregation_type,
    field_name: aggregation_type === 'count_agg' ? null : 'value',
    ...extra,
  };
}

let chargeIds = 200;
/** A charge of `billableMetric` priced with `charge_model`; ids are distinct. */
export function charge(
  billableMetric: ChargeFeesMetric,
  charge_model: string,
  properties: unknown,
  extra: Partial<OperationCharge> = {},
): OperationCharge {
  chargeIds++;
  return {
    svc_id: uuid(chargeIds),
    billable_metric_code: billableMetric.code,
    svc_billable_metric_id: billableMetric.svc_id,
    charge_model,
    // Tests pass any properties, invalid ones included: the engine checks them.
    properties: properties as OperationCharge['properties'],
    filters: [],
    invoice_display_name: null,
    pay_in_advance: false,
    invoiceable: true,
    prorated: false,
    min_amount_cents: 0,
    ...extra,
  };
}

/** Ranges under `key` (graduated by default) from rows [from, to, per unit, flat]. */
export const ranges = rangeRows;

let taxIds = 300;
/** A tax (the wire `Tax`) of `code` at `rate` percent. */
export function tax(code: string, rate: number): Tax {
  taxIds++;
  const decoded = decode(Tax, {
    svc_id: uuid(taxIds),
    name: code,
    code,
    description: null,
    rate,
    applied_to_organization: false,
    created_at: '2025-01-01T00:00:00Z',
  });
  if (decoded._tag === 'Left') throw new Error(decoded.left.message);
  return decoded.right;
}

let transactions = 0;
/** An event of `code` for `sub_1` at `timestamp`, with a unique transaction id. */
export function event(
  code: string,
  timestamp: string,
  properties: Record<string, unknown> = {},
  extra: Partial<UsageEvent> = {},
): UsageEvent {
  transactions++;
  return {
    transaction_id: `tx_${transactions}`,
    external_subscription_id: 'sub_1',
    code,
    timestamp,
    properties,
    ...extra,
  };
}

/** `count` events of `code` at `timestamp`. */
export function events(
  count: number,
  code: string,
  timestamp: string,
  properties: Record<string, unknown> = {},
): UsageEvent[] {
  return Array.from({ length: count }, () => event(code, timestamp, properties));
}

/** The event sent to estimate_fees for `sub_1`. */
export function estimated(code: string, properties: Record<string, unknown> = {}): EstimatedEvent {
  return { code, external_subscription_id: 'sub_1', properties };
}

function decoded<A>(codec: Parameters<typeof decode<A>>[0], value: unknown): A {
  const result = decode(codec, value);
  if (result._tag === 'Left') throw new Error(result.left.message);
  return result.right;
}

/** `estimateFees`, unwrapped; the response decodes with `EstimateFeesResponse`. */
export function estimateOf(input: EstimateFeesInput): EstimateFeesResponse {
  const response = rightOf(estimateFees(input));
  expect(decoded(EstimateFeesResponse, response)).toBe(response);
  return response;
}

/** `currentUsage`, unwrapped; the response decodes with `CustomerUsageResponse`. */
export function currentOf(input: UsageInput): CustomerUsageResponse['customer_usage'] {
  const response = rightOf(currentUsage(input));
  expect(decoded(CustomerUsageResponse, response)).toBe(response);
  return response.customer_usage;
}

/** `projectedUsage`, unwrapped; the response decodes with `CustomerProjectedUsageResponse`. */
export function projectedOf(
  input: UsageInput,
): CustomerProjectedUsageResponse['customer_projected_usage'] {
  const response = rightOf(projectedUsage(input));
  expect(decoded(CustomerProjectedUsageResponse, response)).toBe(response);
  return response.customer_projected_usage;
}

/**
 * §3.8's filtered charge: a count metric `clouds` filtered on `cloud`, priced 10 for aws, 20
 * for google and 0 for the default bucket. `ids` are the two filters' uuid numbers.
 */
export function cloudCharge(ids: readonly [number, number], googleName: string | null = null) {
  const clouds = metric('clouds', 'count_agg', {
    filters: [{ key: 'cloud', values: ['aws', 'google'] }],
  });
  const filtered = charge(
    clouds,
    'standard',
    { amount: '0' },
    {
      filters: [
        {
          svc_id: uuid(ids[0]),
          invoice_display_name: null,
          values: { cloud: ['aws'] },
          properties: { amount: '10' },
        },
        {
          svc_id: uuid(ids[1]),
          invoice_display_name: googleName,
          values: { cloud: ['google'] },
          properties: { amount: '20' },
        },
      ],
    },
  );
  return { clouds, filtered };
}

/**
 * An estimator's context for March 2025: a UTC customer's subscription started on March 1st,
 * on a plan of `charges`, with `billableMetrics`, and 20 % VAT when `withVat`.
 */
export function marchContext(
  charges: readonly OperationCharge[],
  billableMetrics: ChargeFeesMetric[],
  withVat = false,
) {
  return {
    customer: customer('UTC'),
    subscription: subscription('2025-03-01T00:00:00Z'),
    plan: plan(charges),
    billableMetrics,
    ...(withVat ? { taxes: { billing_entity: [tax('vat', 20)] } } : {}),
  };
}
