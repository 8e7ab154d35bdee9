// The bundled command examples (examples/cli): every file decodes with the models codecs,
// the files agree with each other, and the events add up to the figures of the README.
import {
  add,
  applyChargeModel,
  type Decimal,
  formatDecimal,
  max,
  parseDecimalUnsafe,
  ZERO,
} from '@feecast/engine';
import type { Plan, UsageEvent } from '@feecast/models';
import { collectEvents, readEvents } from '@feecast/sources';
import { describe, expect, it } from 'vitest';
import { loadInputs, loadResources } from '../../src/inputs/index';
import { examplePath } from './builders';

async function inputs() {
  const loaded = await loadInputs({
    customers: [examplePath('customer.json')],
    taxes: [examplePath('taxes.json')],
    billableMetrics: [examplePath('billable_metrics.json')],
    plans: [examplePath('plan-starter.json'), examplePath('plan-growth.json')],
    subscriptions: [examplePath('subscription.json')],
    coupons: [examplePath('coupon.json')],
    appliedCoupons: [examplePath('applied_coupon.json')],
    wallets: [examplePath('wallet.json')],
  });
  if (loaded._tag === 'Left') throw new Error(loaded.left.message);
  return loaded.right;
}

async function events(): Promise<UsageEvent[]> {
  const read = await collectEvents(readEvents(examplePath('events.ndjson')));
  if (read._tag === 'Left') throw new Error(read.left.message);
  return read.right;
}

function property(event: UsageEvent, key: string): string {
  const value = event.properties?.[key];
  return typeof value === 'string' ? value : '';
}

function total(list: readonly UsageEvent[], key: string): string {
  return formatDecimal(
    list.reduce<Decimal>((sum, e) => add(sum, parseDecimalUnsafe(property(e, key))), ZERO),
  );
}

describe('examples/cli: every file decodes', () => {
  it.each([
    ['customer', 'customer.json', 1],
    ['tax', 'taxes.json', 1],
    ['billable_metric', 'billable_metrics.json', 5],
    ['plan', 'plan-starter.json', 1],
    ['plan', 'plan-growth.json', 1],
    ['subscription', 'subscription.json', 1],
    ['coupon', 'coupon.json', 1],
    ['applied_coupon', 'applied_coupon.json', 1],
    ['wallet', 'wallet.json', 1],
  ] as const)('%s: %s holds %i', async (kind, file, count) => {
    const loaded = await loadResources(kind, examplePath(file));
    expect(loaded._tag === 'Left' ? loaded.left.message : loaded.right.length).toBe(count);
  });

  it('events.ndjson holds 200 valid events of sub_acme_starter in November 2026', async () => {
    const all = await events();
    expect(all).toHaveLength(200);
    expect(new Set(all.map((e) => e.external_subscription_id))).toEqual(
      new Set(['sub_acme_starter']),
    );
    expect(
      all.every((e) => typeof e.timestamp === 'string' && e.timestamp.startsWith('2026-11-')),
    ).toBe(true);
    expect(new Set(all.map((e) => e.transaction_id)).size).toBe(200);
  });
});

describe('examples/cli: the files agree', () => {
  it('plans charge only for the metrics, in EUR, with the five charge models, a filter and groups', async () => {
    const { plans, billableMetrics } = await inputs();
    const metricCodes = billableMetrics.map((m) => m.code);
    const charges = plans.flatMap((p: Plan) => p.charges);
    expect(plans.map((p) => [p.code, p.amount_currency, p.amount_cents])).toEqual([
      ['starter', 'EUR', 4900],
      ['growth', 'EUR', 19900],
    ]);
    expect(charges.every((c) => metricCodes.includes(c.billable_metric_code))).toBe(true);
    expect(
      charges.every(
        (c) =>
          billableMetrics.find((m) => m.code === c.billable_metric_code)?.svc_id ===
          c.svc_billable_metric_id,
      ),
    ).toBe(true);
    expect(new Set(charges.map((c) => c.charge_model))).toEqual(
      new Set(['standard', 'graduated', 'volume', 'percentage', 'package']),
    );
    expect(charges.some((c) => c.filters.length > 0)).toBe(true);
    expect(
      charges.filter((c) =>
        JSON.stringify(c.properties).includes('"pricing_group_keys":["cluster"]'),
      ),
    ).toHaveLength(2);
  });

  it('the subscription, coupon, wallet and taxes belong to the customer', async () => {
    const { customers, subscriptions, coupons, appliedCoupons, wallets, taxes, plans } =
      await inputs();
    const [customer] = customers;
    expect(customer?.external_id).toBe('acme');
    expect(
      subscriptions.map((s) => [s.external_customer_id, s.svc_customer_id, s.plan_code]),
    ).toEqual([['acme', customer?.svc_id, 'starter']]);
    expect(plans.map((p) => p.code)).toContain(subscriptions[0]?.plan_code);
    expect(
      appliedCoupons.map((a) => [a.coupon_code, a.svc_coupon_id, a.external_customer_id]),
    ).toEqual([['welcome10', coupons[0]?.svc_id, 'acme']]);
    expect(wallets.map((w) => [w.external_customer_id, w.currency, w.balance_cents])).toEqual([
      ['acme', 'EUR', 2500],
    ]);
    expect(taxes.map((t) => [t.code, t.rate, t.applied_to_organization])).toEqual([
      ['vat_fr_20', 20, true],
    ]);
  });
});

describe('examples/cli: the hand check of the README', () => {
  it('event counts per metric', async () => {
    const counts = new Map<string, number>();
    for (const e of await events()) counts.set(e.code, (counts.get(e.code) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({
      api_calls: 80,
      storage_gb: 30,
      seats: 40,
      payments: 30,
      compute_hours: 20,
    });
  });

  it('aggregates: calls per region, peak storage, seats, payments, hours per cluster', async () => {
    const all = await events();
    const of = (code: string) => all.filter((e) => e.code === code);
    const calls = of('api_calls');
    expect(total(calls, 'calls')).toBe('91755');
    expect(
      total(
        calls.filter((e) => property(e, 'region') === 'eu'),
        'calls',
      ),
    ).toBe('54874.5');
    expect(
      total(
        calls.filter((e) => property(e, 'region') === 'us'),
        'calls',
      ),
    ).toBe('30279');
    expect(
      total(
        calls.filter((e) => property(e, 'region') === 'apac'),
        'calls',
      ),
    ).toBe('6601.5');
    const peak = of('storage_gb').reduce<Decimal>(
      (top, e) => max(top, parseDecimalUnsafe(property(e, 'gb'))),
      ZERO,
    );
    expect(formatDecimal(peak)).toBe('115.25');
    expect(new Set(of('seats').map((e) => property(e, 'user_id'))).size).toBe(12);
    expect(total(of('payments'), 'amount')).toBe('8013.62');
    const hours = of('compute_hours');
    expect(total(hours, 'hours')).toBe('142');
    expect(
      total(
        hours.filter((e) => property(e, 'cluster') === 'eu-west'),
        'hours',
      ),
    ).toBe('93.5');
    expect(
      total(
        hours.filter((e) => property(e, 'cluster') === 'us-east'),
        'hours',
      ),
    ).toBe('48.5');
  });

  it('as of 2026-11-15T00:00:00Z: the 97 events before it, up to tr_0097', async () => {
    const now = Date.parse('2026-11-15T00:00:00Z');
    const before = (await events()).filter((e) => Date.parse(String(e.timestamp)) <= now);
    expect(before).toHaveLength(97);
    expect(before.at(-1)?.transaction_id).toBe('tr_0097');
    const of = (code: string) => before.filter((e) => e.code === code);
    const calls = of('api_calls');
    const region = (name: string) => calls.filter((e) => property(e, 'region') === name);
    expect(
      [calls, region('eu'), region('us'), region('apac')].map((l) => total(l, 'calls')),
    ).toEqual(['41382', '23449.5', '14043.5', '3889']);
    const peak = of('storage_gb').reduce<Decimal>(
      (top, e) => max(top, parseDecimalUnsafe(property(e, 'gb'))),
      ZERO,
    );
    expect(formatDecimal(peak)).toBe('75.25');
    expect(new Set(of('seats').map((e) => property(e, 'user_id'))).size).toBe(11);
    expect([of('payments').length, total(of('payments'), 'amount')]).toEqual([14, '3430.74']);
    const cluster = (name: string) =>
      of('compute_hours').filter((e) => property(e, 'cluster') === name);
    expect([total(cluster('eu-west'), 'hours'), total(cluster('us-east'), 'hours')]).toEqual([
      '53',
      '26',
    ]);
  });

  it('Starter API calls: 137.18625 + 60.558 + 13.203 = 210.94725 EUR', async () => {
    const { plans } = await inputs();
    const charge = plans[0]?.charges.find((c) => c.billable_metric_code === 'api_calls');
    expect(charge?.filters.map((f) => f.values)).toEqual([{ region: ['eu'] }, { region: ['us'] }]);
    const price = (properties: unknown, units: string) => {
      const priced = applyChargeModel(
        { charge_model: 'standard', properties },
        { units, events_count: 1 },
      );
      return priced._tag === 'Right' ? priced.right.amount : priced.left.message;
    };
    const [eu, us] = charge?.filters ?? [];
    expect(price(eu?.properties, '54874.5')).toBe('137.18625');
    expect(price(us?.properties, '30279')).toBe('60.558');
    expect(price(charge?.properties, '6601.5')).toBe('13.203');
  });
});
