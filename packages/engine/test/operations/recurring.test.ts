/**
 * Recurring metrics over several periods (aggregations.md §4, §1.8; estimate-and-usage.md
 * §2.8, §3.5): estimates, current and projected usage of a recurring unique count (seats,
 * price 10 a seat) and a recurring sum (storage, price 2 a unit), prorated or not, paid in
 * advance or in arrears, over the three months of test/recurring-history.ts (monthly
 * calendar plan, UTC). Every figure is worked by hand in the comments.
 *
 * A pay-in-advance charge of a recurring metric bills the units a period starts with when
 * the period starts (on the invoice that closed the previous one), then each event what takes
 * the level above the highest level of the period so far.
 */
import { describe, expect, it } from 'vitest';
import { createEstimator } from '../../src/operations/index';
import { changeProperties, changeTime, SEAT_CHANGES, STORAGE_CHANGES } from '../recurring-history';
import {
  charge,
  currentOf,
  customer,
  estimated,
  estimateOf,
  event,
  metric,
  plan,
  projectedOf,
  ranges,
  rightOf,
  subscription,
} from './builders';

const seats = metric('seats', 'unique_count_agg', { recurring: true });
const storage = metric('storage', 'sum_agg', { recurring: true });

const SEATS = SEAT_CHANGES.map((c) => event('seats', changeTime(c), changeProperties(c, 'value')));
const STORAGE = STORAGE_CHANGES.map((c) =>
  event('storage', changeTime(c), changeProperties(c, 'value')),
);

/** The events dated up to `now` (what is stored at that instant). */
const upTo = (events: typeof SEATS, now: string) =>
  events.filter((e) => String(e.timestamp) <= now);

type Options = { readonly pay_in_advance?: boolean; readonly prorated?: boolean };

function context(code: 'seats' | 'storage', options: Options) {
  const m = code === 'seats' ? seats : storage;
  const amount = code === 'seats' ? '10' : '2';
  return {
    customer: customer(),
    subscription: subscription('2025-09-01T00:00:00Z'),
    plan: plan([charge(m, 'standard', { amount }, { pay_in_advance: false, ...options })]),
    billableMetrics: [seats, storage],
  };
}

/** The one charge's current usage at `now`, over the events stored then: [units, cents]. */
function usage(code: 'seats' | 'storage', options: Options, now: string) {
  const events = upTo(code === 'seats' ? SEATS : STORAGE, now);
  const [entry] = currentOf({ ...context(code, options), events, now }).charges_usage;
  return [entry?.units, entry?.amount_cents];
}

const SEP = '2025-09-25T00:00:00Z';
const OCT = '2025-10-25T00:00:00Z';
const NOV = '2025-11-25T00:00:00Z';

describe('recurring unique count, in arrears', () => {
  it('not prorated: each period bills every seat active at its end: 2, 3, 3 seats', () => {
    expect([SEP, OCT, NOV].map((now) => usage('seats', {}, now))).toEqual([
      ['2', 2000],
      ['3', 3000],
      ['3', 3000],
    ]);
  });

  it('prorated: October 2419 cents, November 3133 cents, carried seats counting from the 1st', () => {
    // October (31 days): a 31 days; b Oct 1..5 (5) and Oct 15..31 (17); c Oct 10..31 (22).
    // 75/31 = 2.419354... -> ceil5 2.41936 × 10 = 24.1936 -> 2419 cents; 3 seats shown.
    expect(usage('seats', { prorated: true }, OCT)).toEqual(['3', 2419]);
    // November (30 days): a 30, b 30, c Nov 1..8 (8), d Nov 5..30 (26) = 94.
    // 94/30 = 3.1333... -> ceil5 3.13334 × 10 = 31.3334 -> 3133 cents.
    expect(usage('seats', { prorated: true }, NOV)).toEqual(['3', 3133]);
  });
});

describe('recurring unique count, paid in advance', () => {
  const inAdvance = { pay_in_advance: true };

  it('current usage bills the carried seats once, plus what the period adds above its highest count', () => {
    // September: nothing carried; a and b bill 1 each: 2 seats -> 2000.
    // October: 2 carried (billed on Oct 1); b removed (1), c added (2: not above 2), b back (3):
    // 1 more -> 2 + 1 = 3 -> 3000.
    // November: 3 carried; a is active (0), d makes 4 (1 more), c removed (3 shown):
    // 3 + 1 = 4 -> 4000, although 3 seats are active at Nov 25.
    expect([SEP, OCT, NOV].map((now) => usage('seats', inAdvance, now))).toEqual([
      ['2', 2000],
      ['3', 3000],
      ['3', 4000],
    ]);
  });

  it('an estimate of a seat still active from an earlier period prices 0; a new seat 1000', () => {
    // On Nov 6, {a, b, c} were carried in and d was added on Nov 5 (highest 4).
    const now = '2025-11-06T00:00:00Z';
    const on = (value: string) => {
      const [fee] = estimateOf({
        ...context('seats', inAdvance),
        events: upTo(SEATS, now),
        now,
        event: estimated('seats', { value }),
      }).fees;
      return [fee?.units, fee?.amount_cents];
    };
    expect(on('a')).toEqual(['0', 0]); // added in September, never removed
    expect(on('c')).toEqual(['0', 0]); // added in October
    expect(on('e')).toEqual(['1', 1000]); // a fifth seat
  });

  it("after a removal, a new seat up to the period's highest count prices 0 but shows 1 unit", () => {
    // Nov 25: 3 active after c's removal; the highest was 4 (Nov 5..8), so a 4th seat is paid.
    const [fee] = estimateOf({
      ...context('seats', inAdvance),
      events: upTo(SEATS, NOV),
      now: NOV,
      event: estimated('seats', { value: 'e' }),
    }).fees;
    expect([fee?.units, fee?.amount_cents]).toEqual(['1', 0]);
  });

  it('a prepared estimator gives the same figures across the periods', () => {
    const estimator = rightOf(createEstimator(context('seats', inAdvance)));
    const at = (now: string, value: string) => {
      const [fee] = rightOf(
        estimator.estimateFees({
          event: estimated('seats', { value }),
          events: upTo(SEATS, now),
          now,
        }),
      ).fees;
      return fee?.amount_cents;
    };
    // Sep 25 {a, b}: a 0, c 1000. Oct 25 {a, b, c}: a (carried from September) 0.
    // Nov 6 {a, b, c, d}: b (carried from October) 0, d 0, e 1000.
    expect([
      at(SEP, 'a'),
      at(SEP, 'c'),
      at(OCT, 'a'),
      at('2025-11-06T00:00:00Z', 'b'),
      at('2025-11-06T00:00:00Z', 'd'),
      at('2025-11-06T00:00:00Z', 'e'),
    ]).toEqual([0, 1000, 0, 0, 0, 1000]);
  });

  it('prorated: the carried seats bill in full, each added seat for the days left', () => {
    const prorated = { pay_in_advance: true, prorated: true };
    // September (30 days): a on Sep 10 10:00 -> 20.6 days left, 21: 21/30 = 0.7;
    // b on Sep 20 10:00 -> 11/30 = 0.36667 (ceil5). (0.7 + 0.36667) × 10 = 10.6667 -> 1067.
    // October (31 days): 2 carried, in full; b back on Oct 15 10:00 -> 17/31 = 0.54839:
    // (2 + 0.54839) × 10 = 25.4839 -> 2548. November: 3 carried; d on Nov 5 10:00 -> 26/30 =
    // 0.86667: (3 + 0.86667) × 10 = 38.6667 -> 3867. Units: the seats active now.
    expect([SEP, OCT, NOV].map((now) => usage('seats', prorated, now))).toEqual([
      ['2', 1067],
      ['3', 2548],
      ['3', 3867],
    ]);
    const [fee] = estimateOf({
      ...context('seats', prorated),
      events: upTo(SEATS, '2025-11-06T00:00:00Z'),
      now: '2025-11-06T00:00:00Z',
      event: estimated('seats', { value: 'a' }),
    }).fees;
    expect(fee?.amount_cents).toBe(0);
  });

  it('projected usage of a recurring metric is its current usage (estimate-and-usage.md §4.3)', () => {
    const [entry] = projectedOf({
      ...context('seats', inAdvance),
      events: upTo(SEATS, NOV),
      now: NOV,
    }).charges_usage;
    expect([
      entry?.units,
      entry?.amount_cents,
      entry?.projected_units,
      entry?.projected_amount_cents,
    ]).toEqual(['3', 4000, '3', 4000]);
  });
});

describe('recurring sum', () => {
  it('in arrears: 10, 11 and 17 units at 2 -> 2000, 2200, 3400', () => {
    expect([SEP, OCT, NOV].map((now) => usage('storage', {}, now))).toEqual([
      ['10', 2000],
      ['11', 2200],
      ['17', 3400],
    ]);
  });

  it('in arrears, prorated: October (10·31 + 5·29 − 8·20 + 4·12)/31 = 11.06452 -> 2213', () => {
    // 310 + 145 − 160 + 48 = 343; 343/31 = 11.064516... -> ceil5 11.06452 × 2 = 22.12904.
    expect(usage('storage', { prorated: true }, OCT)).toEqual(['11', 2213]);
  });

  it('paid in advance: the carried total once, plus what the period adds above its highest total', () => {
    // September: +10 from 0 -> 10 units, 2000. October: 10 carried; +5 makes 15 (5 more),
    // −8 -> 7, +4 -> 11 (not above 15): 10 + 5 = 15 -> 3000, 11 shown. November: 11 carried;
    // +6 makes 17 (6 more): 11 + 6 = 17 -> 3400.
    expect([SEP, OCT, NOV].map((now) => usage('storage', { pay_in_advance: true }, now))).toEqual([
      ['10', 2000],
      ['11', 3000],
      ['17', 3400],
    ]);
  });

  it('paid in advance, estimated on Oct 25: +3 stays under the highest total (0), +6 goes 2 above it (400)', () => {
    const on = (value: string) => {
      const [fee] = estimateOf({
        ...context('storage', { pay_in_advance: true }),
        events: upTo(STORAGE, OCT),
        now: OCT,
        event: estimated('storage', { value }),
      }).fees;
      return [fee?.units, fee?.amount_cents];
    };
    // 11 + 3 = 14 <= 15: 0, units 3 (the value). 11 + 6 = 17: 2 × 2 = 4.00.
    expect([on('3'), on('6')]).toEqual([
      ['3', 0],
      ['2', 400],
    ]);
  });

  it("paid in advance, graduated: the carried total fills the first tier, so October's +5 prices in the second", () => {
    // 1 a unit up to 10, 3 a unit above. On Oct 2, 10 are carried (billed on Oct 1 at 10.00):
    // +5 -> cost(15) − cost(10) = (10 + 5 × 3) − 10 = 15.00.
    const graduated = {
      ...context('storage', {}),
      plan: plan([
        charge(
          storage,
          'graduated',
          ranges([
            [0, 10, '1', '0'],
            [11, null, '3', '0'],
          ]),
          { pay_in_advance: true },
        ),
      ]),
    };
    const now = '2025-10-02T00:00:00Z';
    const [fee] = estimateOf({
      ...graduated,
      events: upTo(STORAGE, now),
      now,
      event: estimated('storage', { value: '5' }),
    }).fees;
    expect([fee?.units, fee?.amount_cents]).toEqual(['5', 1500]);
    // October's usage: cost(10 + 5) = 25.00 (10 carried, then +5 on Oct 3; 15 is the highest).
    const [entry] = currentOf({ ...graduated, events: upTo(STORAGE, OCT), now: OCT }).charges_usage;
    expect(entry?.amount_cents).toBe(2500);
  });

  it('paid in advance, prorated: October (10 + 5·29/31) × 2 = 29.35484 -> 2935', () => {
    // +5 on Oct 3 10:00: 28.6 days left, 29: 5 × 29/31 = 4.677419... -> ceil5 4.67742.
    // (10 + 4.67742) × 2 = 29.35484 -> 2935.
    expect(usage('storage', { pay_in_advance: true, prorated: true }, OCT)).toEqual(['11', 2935]);
  });
});

describe('a unique-count event without its field (aggregations.md §1.5b)', () => {
  it('is estimated as one value and billed as the same value', () => {
    const inAdvance = context('seats', { pay_in_advance: true });
    const now = '2025-09-15T00:00:00Z';
    // `properties: {}` is one value (the missing value): a first one bills 1 seat, a second
    // one is the same seat, already active: 0.
    const first = estimateOf({ ...inAdvance, events: [], now, event: estimated('seats', {}) });
    expect(first.fees.map((f) => [f.units, f.amount_cents])).toEqual([['1', 1000]]);
    const stored = [event('seats', '2025-09-10T10:00:00Z', {})];
    const second = estimateOf({ ...inAdvance, events: stored, now, event: estimated('seats') });
    expect(second.fees.map((f) => [f.units, f.amount_cents])).toEqual([['0', 0]]);
    expect(currentOf({ ...inAdvance, events: stored, now }).charges_usage[0]).toMatchObject({
      units: '1',
      amount_cents: 1000,
    });
  });
});
