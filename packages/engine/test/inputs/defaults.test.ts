/**
 * The shared input layer (issue 18 §4): docs/inputs.md lists every default, and each table is
 * checked here against what the layer does with a minimal object (every field it fills is
 * documented, every documented field is filled, and a JSON default is the value filled).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Either } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import type { FeecastError } from '../../src/core/error';
import { readAddOn } from '../../src/inputs/add-on';
import { readBillableMetric } from '../../src/inputs/billable-metric';
import { readAppliedCoupon, readCoupon } from '../../src/inputs/coupon';
import { readCustomer } from '../../src/inputs/customer';
import { readPlan } from '../../src/inputs/plan';
import { readSubscription } from '../../src/inputs/subscription';
import { readTax } from '../../src/inputs/tax';
import { readWallet } from '../../src/inputs/wallet';

const here = dirname(fileURLToPath(import.meta.url));
const doc = readFileSync(join(here, '../../../../docs/inputs.md'), 'utf8');

/** The rows of the table under `### heading`: field -> default cell. */
function table(heading: string): Map<string, string> {
  const start = doc.indexOf(`### ${heading}\n`);
  if (start < 0) throw new Error(`docs/inputs.md has no section "${heading}"`);
  const end = doc.indexOf('\n#', start + 4);
  const rows = new Map<string, string>();
  for (const line of doc.slice(start, end < 0 ? undefined : end).split('\n')) {
    const match = /^\| `(\w+)` \| (.*) \|$/.exec(line);
    if (match?.[1] !== undefined && match[2] !== undefined) rows.set(match[1], match[2]);
  }
  return rows;
}

function ok<A>(result: Either<FeecastError, A>): A {
  if (result._tag === 'Left') throw new Error(result.left.message);
  return result.right;
}

/** A cell that is one JSON value in backticks (and maybe a parenthesis): the value. */
function literal(cell: string): { readonly value: unknown } | undefined {
  const match = /^`([^`]*)`( \(.*\))?$/.exec(cell);
  return match?.[1] === undefined ? undefined : { value: JSON.parse(match[1]) };
}

/** The documented defaults of `heading` are exactly the fields `read` fills in `given`. */
function expectDocumented(heading: string, given: object, read: Record<string, unknown>): void {
  const rows = table(heading);
  expect(rows.size).toBeGreaterThan(0);
  const filled = Object.keys(read).filter((key) => !Object.hasOwn(given, key));
  // Every field the layer fills is documented...
  expect(filled.filter((key) => !rows.has(key))).toEqual([]);
  for (const [field, cell] of rows) {
    // ...every documented field is in the result...
    expect(Object.keys(read), `${heading}.${field}`).toContain(field);
    // ...and a JSON default is the value filled.
    const value = literal(cell);
    if (value !== undefined && !Object.hasOwn(given, field)) {
      expect(read[field], `${heading}.${field}`).toEqual(value.value);
    }
  }
}

const customerGiven = { external_id: 'cust_1' };
const customer = ok(readCustomer(customerGiven, ['customer']));
const metricGiven = { code: 'api_calls', aggregation_type: 'count_agg' };
const metric = ok(readBillableMetric(metricGiven, ['billableMetrics', '0']));
const chargeGiven = {
  billable_metric_code: 'api_calls',
  charge_model: 'standard',
  properties: { amount: '1' },
};
const filterGiven = { values: { region: ['eu'] }, properties: { amount: '2' } };
const fixedGiven = {
  add_on_code: 'seats',
  charge_model: 'standard',
  properties: { amount: '10' },
  units: 2,
};
const commitmentGiven = { amount_cents: 10_000 };
const thresholdGiven = { amount_cents: 5_000 };
const planGiven = { code: 'startup', interval: 'monthly', amount_currency: 'EUR' };
const filtered = { ...metric, filters: [{ key: 'region', values: ['eu', 'us'] }] };
const plan = ok(
  readPlan(
    {
      ...planGiven,
      charges: [{ ...chargeGiven, filters: [filterGiven] }],
      fixed_charges: [fixedGiven],
      minimum_commitment: commitmentGiven,
      usage_thresholds: [thresholdGiven],
    },
    ['plan'],
    [filtered],
  ),
);

describe('docs/inputs.md lists every default of the input layer, as the layer fills it', () => {
  it('Customer', () => {
    expectDocumented('Customer', customerGiven, customer);
    expect(customer.applicable_timezone).toBe('UTC');
    expect(
      ok(readCustomer({ external_id: 'c', timezone: 'Asia/Tokyo' }, [])).applicable_timezone,
    ).toBe('Asia/Tokyo');
  });

  it('Subscription', () => {
    const given = { external_id: 'sub_1', started_at: '2025-01-01T00:00:00Z' };
    const read = ok(readSubscription(given, ['subscription'], { customer, plan }));
    expectDocumented('Subscription', given, read);
    expect(read).toMatchObject({
      svc_customer_id: customer.svc_id,
      external_customer_id: 'cust_1',
      plan_code: 'startup',
      status: 'active',
      subscription_at: '2025-01-01T00:00:00Z',
      plan_amount_cents: 0,
      plan_amount_currency: 'EUR',
    });
    // Without any date, the subscription is pending.
    const pending = ok(readSubscription({ external_id: 'sub_2' }, [], { customer, plan }));
    expect([pending.status, pending.started_at]).toEqual(['pending', null]);
  });

  it('Plan, Charge, Charge filter, Fixed charge, Minimum commitment, Usage threshold', () => {
    expectDocumented('Plan', planGiven, ok(readPlan(planGiven, ['plan'], [])));
    const [charge] = plan.charges;
    if (charge === undefined) throw new Error('no charge');
    expectDocumented('Charge', { ...chargeGiven, filters: [filterGiven] }, charge);
    expect(charge.svc_billable_metric_id).toBe(metric.svc_id);
    const [filter] = charge.filters;
    if (filter === undefined) throw new Error('no filter');
    expectDocumented('Charge filter', filterGiven, filter);
    const [fixed] = plan.fixed_charges ?? [];
    if (fixed === undefined) throw new Error('no fixed charge');
    expectDocumented('Fixed charge', fixedGiven, fixed);
    const commitment = plan.minimum_commitment;
    if (commitment === undefined || commitment === null) throw new Error('no commitment');
    expectDocumented('Minimum commitment', commitmentGiven, commitment);
    expect(commitment.interval).toBe('monthly');
    const [threshold] = plan.usage_thresholds;
    if (threshold === undefined) throw new Error('no threshold');
    expectDocumented('Usage threshold', thresholdGiven, threshold);
  });

  it('Billable metric', () => {
    expectDocumented('Billable metric', metricGiven, metric);
    expect(
      ok(
        readBillableMetric(
          { code: 'w', aggregation_type: 'weighted_sum_agg', field_name: 'v' },
          [],
        ),
      ).weighted_interval,
    ).toBe('seconds');
  });

  it('Tax', () => {
    const given = { code: 'vat_20', rate: 20 };
    expectDocumented('Tax', given, ok(readTax(given, ['taxes', '0'])));
  });

  it('Coupon and Applied coupon', () => {
    const given = { code: 'welcome', coupon_type: 'percentage', percentage_rate: '10' };
    const coupon = ok(readCoupon(given, ['coupon']));
    expectDocumented('Coupon', given, coupon);
    const applied = ok(readAppliedCoupon({ coupon: given }, ['appliedCoupons', '0'], customer));
    expectDocumented('Applied coupon', {}, applied.applied_coupon);
    expect(applied.applied_coupon).toMatchObject({
      coupon_code: 'welcome',
      percentage_rate: '10',
      svc_coupon_id: coupon.svc_id,
      svc_customer_id: customer.svc_id,
    });
    const limited = ok(
      readCoupon({ ...given, plan_codes: ['startup'], expiration_at: '2025-12-31T00:00:00Z' }, []),
    );
    expect([limited.limited_plans, limited.expiration]).toEqual([true, 'time_limit']);
  });

  it('Wallet: the balance in credits gives the balance in minor units, and the reverse', () => {
    const given = { currency: 'EUR', credits_balance: '25' };
    const wallet = ok(readWallet(given, ['wallets', '0'], 0, customer));
    expectDocumented('Wallet', given, wallet);
    // 25 credits at 1.00 EUR = 2500 cents; 1234 cents at rate 0.5 = 12.34 EUR = 24.68 credits.
    expect([wallet.balance_cents, wallet.ongoing_balance_cents]).toEqual([2500, 2500]);
    const fromCents = ok(
      readWallet({ currency: 'EUR', balance_cents: 1234, rate_amount: '0.5' }, [], 0, customer),
    );
    expect(fromCents.credits_balance).toBe('24.68');
    const missing = readWallet({ currency: 'EUR' }, ['wallets', '0'], 0, customer);
    expect(missing._tag === 'Left' && missing.left.path).toEqual(['wallets', '0']);
  });

  it('Add-on', () => {
    const given = { code: 'setup', amount_cents: 5000, amount_currency: 'EUR' };
    expectDocumented('Add-on', given, ok(readAddOn(given, ['addOns', '0'])));
  });

  it('a decoded wire object takes no default: what it gives is kept', () => {
    expect(ok(readCustomer(customer, ['customer']))).toEqual(customer);
    expect(ok(readPlan(plan, ['plan'], [filtered]))).toEqual(plan);
  });
});
