/**
 * The laws of the operations, as property tests: estimates add up to what the period is
 * billed, a projection at the end of the period is the current usage, and no input makes an
 * operation throw.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyValue, withHostile } from '../../../models/test/hostile';
import {
  add,
  halfAwayFromZero,
  parseDecimalUnsafe,
  type Scale,
  ZERO,
} from '../../src/core/decimal/index';
import { currentUsage, estimateFees, projectedUsage } from '../../src/operations/index';
import * as packaged from '../../src/runtime';
import { cloudMetric, meteredCharge, stream } from './arbitraries';
import { currentOf, customer, estimateOf, plan, projectedOf, subscription, tax } from './builders';

const MARCH = subscription('2025-03-01T00:00:00Z');

describe('estimate laws', () => {
  it("the sum of estimates over a period's events equals the period's charge amount", () => {
    fc.assert(
      fc.property(meteredCharge(['count_agg', 'sum_agg'], true), stream(), ([m, c], events) => {
        fc.pre(c.charge_model !== 'dynamic' || m.aggregation_type === 'sum_agg');
        const context = {
          customer: customer(),
          subscription: MARCH,
          plan: plan([c]),
          billableMetrics: [m],
        };
        // Σ of the estimates' unrounded cents, per filter bucket and group.
        const byBucket = new Map<string, ReturnType<typeof parseDecimalUnsafe>>();
        for (const [i, e] of events.entries()) {
          const { fees } = estimateOf({
            ...context,
            now: String(e.timestamp),
            events: events.slice(0, i),
            event: {
              code: 'm',
              transaction_id: e.transaction_id,
              properties: e.properties ?? null,
              precise_total_amount_cents: e.precise_total_amount_cents ?? null,
            },
          });
          for (const fee of fees) {
            const key = JSON.stringify([fee.item.filters, fee.item.grouped_by]);
            const cents = parseDecimalUnsafe(fee.sub_total_excluding_taxes_precise_amount_cents);
            byBucket.set(key, add(byBucket.get(key) ?? ZERO, cents));
          }
        }
        const estimated = [...byBucket.values()].reduce(
          (total, cents) => add(total, halfAwayFromZero(cents, 0 as Scale)),
          ZERO,
        );
        const usage = currentOf({ ...context, events, now: '2025-03-31T12:00:00Z' });
        expect(String(estimated)).toBe(String(usage.charges_usage[0]?.amount_cents ?? 0));
      }),
    );
  });
});

describe('consistency laws', () => {
  it('an estimate equals what the period is billed more once its event is included', () => {
    // Whole-cent prices and whole units: every amount is a whole number of cents, so the
    // difference of two rounded period amounts is exact.
    fc.assert(
      fc.property(
        meteredCharge(['count_agg', 'sum_agg'], true, ['standard', 'package', 'graduated']),
        stream(false),
        fc.record({
          value: fc.integer({ min: 0, max: 99 }).map(String),
          cloud: fc.constantFrom('aws', 'gcp'),
          region: fc.constantFrom('eu', 'us'),
        }),
        ([m, c], history, properties) => {
          const context = {
            customer: customer(),
            subscription: MARCH,
            plan: plan([c]),
            billableMetrics: [m],
          };
          const now = '2025-03-30T12:00:00Z';
          const { fees } = estimateOf({
            ...context,
            now,
            events: history,
            event: { code: 'm', properties },
          });
          const added = { transaction_id: 'new', code: 'm', timestamp: now, properties };
          const billed = (events: typeof history) =>
            currentOf({ ...context, events, now: '2025-03-31T12:00:00Z' }).amount_cents;
          expect(fees.reduce((total, fee) => total + fee.amount_cents, 0)).toBe(
            billed([...history, added]) - billed(history),
          );
        },
      ),
    );
  });
});

describe('projection laws', () => {
  it('projected equals current when the period has elapsed', () => {
    fc.assert(
      fc.property(meteredCharge(['count_agg', 'sum_agg'], false), stream(), ([m, c], events) => {
        fc.pre(c.charge_model !== 'dynamic' || m.aggregation_type === 'sum_agg');
        const body = projectedOf({
          customer: customer(),
          subscription: MARCH,
          plan: plan([c]),
          billableMetrics: [m],
          events,
          // The last day of March: the whole period has elapsed.
          now: '2025-03-31T12:00:00Z',
        });
        expect(body.projected_amount_cents).toBe(body.amount_cents);
        for (const entry of body.charges_usage) {
          expect([entry.projected_units, entry.projected_amount_cents]).toEqual([
            entry.units,
            entry.amount_cents,
          ]);
          for (const part of [...entry.filters, ...entry.grouped_usage]) {
            expect([part.projected_units, part.projected_amount_cents]).toEqual([
              part.units,
              part.amount_cents,
            ]);
          }
        }
      }),
    );
  });
});

/** A valid input of every operation (its metric `m` a sum). */
function validInput(): Record<string, unknown> {
  const m = cloudMetric('sum_agg');
  return {
    customer: customer('Europe/Paris'),
    subscription: MARCH,
    plan: plan([
      {
        svc_id: '00000000-0000-4000-8000-000000000010',
        billable_metric_code: 'm',
        charge_model: 'standard',
        properties: { amount: '1' },
        pay_in_advance: true,
      },
    ]),
    billableMetrics: [m],
    taxes: { billing_entity: [tax('vat', 20)] },
    events: [
      {
        transaction_id: 't',
        code: 'm',
        timestamp: '2025-03-02T00:00:00Z',
        properties: { value: '1' },
      },
    ],
    event: { code: 'm', external_subscription_id: 'sub_1', properties: { value: '2' } },
    now: '2025-03-10T00:00:00Z',
    applyTaxes: true,
    pricingUnits: [],
  };
}

/** A valid input of every operation, and junk to put in any of its slots. */
function junkInputs() {
  const valid = validInput();
  const slot = (key: string) =>
    fc.oneof(fc.constant(valid[key]), fc.anything(), fc.constant(undefined));
  const nested = fc.record({
    ...Object.fromEntries(Object.keys(valid).map((key) => [key, slot(key)])),
  });
  // Junk one level down too: inside the plan's charge, the event and the first stored event.
  const deep = fc
    .tuple(
      fc.anything(),
      fc.anything(),
      fc.anything(),
      fc.constantFrom('properties', 'charge_model', 'filters', 'pay_in_advance', 'svc_id'),
    )
    .map(([a, b, c, key]) => ({
      ...valid,
      plan: plan([{ ...(valid.plan as ReturnType<typeof plan>).charges?.[0], [key]: a } as never]),
      event: { code: 'm', external_subscription_id: 'sub_1', properties: b },
      events: [{ transaction_id: 't', code: 'm', timestamp: c, properties: { value: c } }],
    }));
  return fc.oneof(nested, deep, fc.anything());
}

/** The valid input of every operation, made hostile at one place, at any depth (issue 18 §3). */
function hostileInputs() {
  return withHostile(validInput());
}

describe('robustness laws', () => {
  it('operations never throw on generated junk input', () => {
    fc.assert(
      fc.property(junkInputs(), (input) => {
        for (const operation of [estimateFees, currentUsage, projectedUsage] as const) {
          const result = (operation as (x: unknown) => { _tag: string })(input);
          expect(['Left', 'Right']).toContain(result._tag);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('operations answer a Left, not a throw, for no input at all', () => {
    // The junk law found currentUsage(undefined) reading `.subscription` of it (a regression of
    // the usage meter's merge): kept here as a fixed case, whatever the generator's seed.
    for (const operation of [estimateFees, currentUsage, projectedUsage] as const) {
      for (const input of [undefined, null, 0, 'x', []]) {
        const result = (operation as (x: unknown) => { _tag: string })(input);
        expect(result._tag).toBe('Left');
      }
    }
  });

  it('operations never throw on hostile input: BigInts, symbols, null-prototype objects, throwing getters and proxies, cycles, huge arrays', () => {
    // The package's operations (guarded at its boundary), not the folders' own functions.
    const operations = [
      packaged.estimateFees,
      packaged.currentUsage,
      packaged.projectedUsage,
      packaged.createEstimator,
    ] as const;
    fc.assert(
      fc.property(fc.oneof(hostileInputs(), anyValue()), (input) => {
        for (const operation of operations) {
          const result = (operation as (x: unknown) => { _tag: string })(input.build());
          expect(['Left', 'Right']).toContain(result._tag);
        }
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
