/**
 * Bad input never throws: it is a Left with a code from FEECAST_ERROR_CODES, the path of the
 * offending field and a message that names it and says what to write.
 */
import type { Either } from 'fp-ts/lib/Either.js';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { FeecastError } from '../../src/core/error';
import {
  type BillingPeriod,
  type BillingPeriodInput,
  billingPeriod,
  type InvoicePeriod,
} from '../../src/periods/index';
import { inputOf } from './support';

const valid = inputOf({ billing_time: 'anniversary', at: '2022-03-10T00:00:00Z' });

/** The valid input with one field replaced (`undefined` removes it). */
function withField(path: readonly string[], value: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(valid)) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = path[path.length - 1] ?? '';
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

describe('billingPeriod refuses bad input with a Left', () => {
  it.each([
    ['an unknown time zone', ['timezone'], 'Mars/Olympus', 'unknown_timezone', 'timezone'],
    ['an unparseable at', ['at'], 'next tuesday', 'invalid_timestamp', 'at'],
    ['at without a zone', ['at'], '2022-03-10T00:00:00', 'invalid_timestamp', 'at'],
    [
      'an unparseable started_at',
      ['subscription', 'started_at'],
      '2022-13-01T00:00:00Z',
      'invalid_timestamp',
      'subscription.started_at',
    ],
    [
      'an unparseable subscription_at',
      ['subscription', 'subscription_at'],
      42,
      'invalid_timestamp',
      'subscription.subscription_at',
    ],
    [
      'an unparseable terminated_at',
      ['subscription', 'terminated_at'],
      'yesterday',
      'invalid_timestamp',
      'subscription.terminated_at',
    ],
    ['an unknown interval', ['plan', 'interval'], 'daily', 'invalid_input', 'plan.interval'],
    ['a missing interval', ['plan', 'interval'], undefined, 'invalid_input', 'plan.interval'],
    [
      'an unknown billing_time',
      ['subscription', 'billing_time'],
      'monthly',
      'invalid_input',
      'subscription.billing_time',
    ],
    [
      'a missing pay_in_advance',
      ['plan', 'pay_in_advance'],
      undefined,
      'invalid_input',
      'plan.pay_in_advance',
    ],
    [
      'a non-boolean bill_charges_monthly',
      ['plan', 'bill_charges_monthly'],
      'yes',
      'invalid_input',
      'plan.bill_charges_monthly',
    ],
    ['an unknown purpose', ['purpose'], 'estimate', 'invalid_input', 'purpose'],
    [
      'a pending subscription (no started_at)',
      ['subscription', 'started_at'],
      null,
      'subscription_not_started',
      'subscription.started_at',
    ],
    ['at before started_at', ['at'], '2021-02-01T23:59:59Z', 'subscription_not_started', 'at'],
    [
      'anniversary billing without subscription_at',
      ['subscription', 'subscription_at'],
      null,
      'invalid_input',
      'subscription.subscription_at',
    ],
    [
      'a nextPlan without amount_cents',
      ['nextPlan'],
      { interval: 'monthly' },
      'invalid_input',
      'nextPlan.amount_cents',
    ],
    ['a plan that is not an object', ['plan'], 'monthly', 'invalid_input', 'plan'],
    [
      'a subscription that is not an object',
      ['subscription'],
      null,
      'invalid_input',
      'subscription',
    ],
  ] as const)('%s: code %s at %j', (_name, path, value, code, where) => {
    const result = billingPeriod(withField(path, value) as BillingPeriodInput);
    expect(result._tag).toBe('Left');
    if (result._tag === 'Left') {
      expect(result.left.code).toBe(code);
      expect(result.left.path?.join('.')).toBe(where);
      expect(result.left.message).toContain(where.split('.').pop());
    }
  });

  it('at before started_at: the message gives both instants and says what to pass', () => {
    const result = billingPeriod(withField(['at'], '2021-02-01T23:59:59Z') as BillingPeriodInput);
    expect(result._tag === 'Left' && result.left.message).toBe(
      'at (2021-02-01T23:59:59Z) is before the subscription started (started_at 2021-02-02T00:00:00Z); pass an at on or after started_at (started_at itself gives the first period).',
    );
  });

  it('the input itself must be an object', () => {
    const result = billingPeriod(null as unknown as BillingPeriodInput);
    expect(result._tag === 'Left' && result.left.code).toBe('invalid_input');
  });
});

describe('result types', () => {
  it('a usage period always has its charges period; an invoice run may not', () => {
    const usage = { plan: valid.plan, subscription: valid.subscription, at: valid.at };
    expectTypeOf(billingPeriod(usage)).toEqualTypeOf<Either<FeecastError, BillingPeriod>>();
    expectTypeOf(billingPeriod({ ...usage, purpose: 'usage' })).toEqualTypeOf<
      Either<FeecastError, BillingPeriod>
    >();
    expectTypeOf(billingPeriod({ ...usage, purpose: 'invoice' })).toEqualTypeOf<
      Either<FeecastError, InvoicePeriod>
    >();
  });
});
