/**
 * Laws of billing periods, checked on random plans, subscriptions, time zones and instants.
 * Local dates are read with Intl alone (support.ts), independently of the engine's zone code.
 */
import BigJs from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BILLING_TIMES,
  billingPeriod,
  type InvoicePeriod,
  PLAN_INTERVALS,
} from '../../src/periods/index';
import { type Case, inputOf, iso, localDateOf, ms, periodOf, weekdayOf, ZONES } from './support';

const SECOND = 1000;
const Reference = BigJs();
Reference.DP = 40;
Reference.RM = Reference.roundHalfUp;

/** Years after Samoa's skipped day (30 Dec 2011), so that every local day exists. */
const FIRST = ms('2012-01-01T00:00:00Z') / SECOND;
const LAST = ms('2032-01-01T00:00:00Z') / SECOND;

interface Config {
  readonly base: Case;
  readonly start: number;
  readonly timezone: string;
}

/** A plan and subscription (started at its subscription date), and `at` some time later. */
const configs = (minDaysLater = 0) =>
  fc
    .record({
      interval: fc.constantFrom(...PLAN_INTERVALS),
      billing_time: fc.constantFrom(...BILLING_TIMES),
      pay_in_advance: fc.boolean(),
      bill_charges_monthly: fc.boolean(),
      bill_fixed_charges_monthly: fc.boolean(),
      timezone: fc.constantFrom(...ZONES),
      start: fc.integer({ min: FIRST, max: LAST }),
      later: fc.integer({ min: minDaysLater * 86_400, max: 6 * 366 * 86_400 }),
    })
    .map(({ start, later, ...plan }): Config & { readonly at: number } => ({
      base: { ...plan, subscription_at: iso(start * SECOND), at: iso((start + later) * SECOND) },
      start: start * SECOND,
      timezone: plan.timezone,
      at: (start + later) * SECOND,
    }));

const usage = (config: Config, at: number): InvoicePeriod =>
  periodOf({ ...config.base, at: iso(at) });

const splitsCharges = ({ base }: Config) =>
  base.bill_charges_monthly === true && ['yearly', 'semiannual'].includes(base.interval ?? '');

/** [from, to] pairs of a period that are present, by name. */
const ranges = (p: InvoicePeriod) =>
  (
    [
      ['subscription', p.from_datetime, p.to_datetime],
      ['charges', p.charges_from_datetime, p.charges_to_datetime],
      ['fixed charges', p.fixed_charges_from_datetime, p.fixed_charges_to_datetime],
    ] as const
  ).flatMap(([name, from, to]) =>
    from === undefined || to === undefined ? [] : [{ name, from: ms(from), to: ms(to) }],
  );

describe('billing period laws', () => {
  it('the period containing `at` contains `at` (subscription, charges and fixed-charges periods)', () => {
    fc.assert(
      fc.property(configs(), (config) => {
        const period = usage(config, config.at);
        for (const range of ranges(period)) {
          expect(range.from, range.name).toBeLessThanOrEqual(config.at);
          expect(config.at, range.name).toBeLessThan(range.to + SECOND);
        }
        expect(period.charges_from_datetime).toBeDefined();
      }),
    );
  });

  it('consecutive periods tile time without gap or overlap', () => {
    fc.assert(
      fc.property(configs(), (config) => {
        const period = usage(config, config.at);
        for (const range of ranges(period)) {
          const next = usage(config, range.to + SECOND);
          const following = ranges(next).find(({ name }) => name === range.name);
          if (following !== undefined) expect(following.from, range.name).toBe(range.to + SECOND);
        }
      }),
    );
  });

  it('period_ratio is between 0 and 1 and equals elapsed_days/days', () => {
    fc.assert(
      fc.property(configs(), (config) => {
        const { days, elapsed_days, period_ratio } = usage(config, config.at);
        expect(days).toBeGreaterThanOrEqual(1);
        expect(elapsed_days).toBeGreaterThanOrEqual(1);
        expect(elapsed_days).toBeLessThanOrEqual(days);
        const ratio = new Reference(period_ratio);
        expect(ratio.gt(0) && ratio.lte(1)).toBe(true);
        expect(period_ratio).toBe(new Reference(elapsed_days).div(days).toFixed());
      }),
    );
  });

  it('DST does not change the number of days: a full period counts its calendar days', () => {
    fc.assert(
      fc.property(configs(400), (config) => {
        const period = usage(config, config.at);
        const length = splitsCharges(config) ? period.charges_duration : period.period_duration;
        expect(period.days).toBe(length);
      }),
    );
  });

  it('period_duration is the calendar length of one interval', () => {
    const lengths: Record<string, readonly [number, number]> = {
      weekly: [7, 7],
      monthly: [28, 31],
      quarterly: [89, 92],
      semiannual: [181, 184],
      yearly: [365, 366],
    };
    fc.assert(
      fc.property(configs(), (config) => {
        const period = usage(config, config.at);
        const [min, max] = lengths[config.base.interval ?? ''] ?? [0, 0];
        expect(period.period_duration).toBeGreaterThanOrEqual(min);
        expect(period.period_duration).toBeLessThanOrEqual(max);
      }),
    );
  });

  it('periods start on local midnights: the calendar start, or the anniversary capped at the month length', () => {
    fc.assert(
      fc.property(configs(400), (config) => {
        const { base, timezone } = config;
        const from = ms(usage(config, config.at).from_datetime);
        const first = localDateOf(from, timezone);
        expect(localDateOf(from - SECOND, timezone) < first).toBe(true);
        const [year, month, day] = first.split('-').map(Number) as [number, number, number];
        const anniversary = localDateOf(config.start, timezone);
        if (base.interval === 'weekly') {
          const weekday = base.billing_time === 'calendar' ? 1 : weekdayOf(anniversary);
          expect(weekdayOf(first)).toBe(weekday);
          return;
        }
        const anchorDay = base.billing_time === 'calendar' ? 1 : Number(anniversary.slice(8));
        const monthLength = new Date(Date.UTC(year, month, 0)).getUTCDate();
        expect(day).toBe(Math.min(anchorDay, monthLength));
        const step =
          { monthly: 1, quarterly: 3, semiannual: 6, yearly: 12 }[base.interval ?? 'monthly'] ?? 1;
        const anchorMonth = base.billing_time === 'calendar' ? 1 : Number(anniversary.slice(5, 7));
        expect((((month - anchorMonth) % step) + step) % step).toBe(0);
      }),
    );
  });

  it('an invoice run at the start of a period closes the one before (in advance: opens the new one, charges the one before)', () => {
    fc.assert(
      fc.property(configs(), (config) => {
        const previous = usage(config, config.at);
        const next = usage(config, ms(previous.to_datetime) + SECOND);
        const run = periodOf({ ...config.base, purpose: 'invoice', at: next.from_datetime });
        const closed = config.base.pay_in_advance === true ? next : previous;
        expect([run.from_datetime, run.to_datetime]).toEqual([
          closed.from_datetime,
          closed.to_datetime,
        ]);
        if (!splitsCharges(config) && config.base.bill_fixed_charges_monthly !== true) {
          expect([run.charges_from_datetime, run.charges_to_datetime]).toEqual([
            previous.charges_from_datetime,
            previous.charges_to_datetime,
          ]);
        }
      }),
    );
  });

  it('monthly charges periods lie inside the yearly or semiannual subscription period', () => {
    fc.assert(
      fc.property(
        configs().filter((config) => splitsCharges(config)),
        (config) => {
          const period = usage(config, config.at);
          expect(ms(period.charges_from_datetime ?? '')).toBeGreaterThanOrEqual(
            ms(period.from_datetime),
          );
          expect(ms(period.charges_to_datetime ?? '')).toBeLessThanOrEqual(ms(period.to_datetime));
          expect(period.charges_duration).toBeGreaterThanOrEqual(28);
          expect(period.charges_duration).toBeLessThanOrEqual(31);
        },
      ),
    );
  });

  it('a termination cuts the period at terminated_at and never inverts it', () => {
    fc.assert(
      fc.property(configs(), fc.integer({ min: 0, max: 400 * 86_400 }), (config, before) => {
        const terminatedAt = Math.max(config.start, config.at - before * SECOND);
        const result = billingPeriod(
          inputOf({ ...config.base, terminated_at: iso(terminatedAt), purpose: 'invoice' }),
        );
        if (result._tag === 'Left') {
          expect(result.left.code).toBe('subscription_terminated');
          return;
        }
        for (const range of ranges(result.right)) {
          expect(range.from, range.name).toBeLessThanOrEqual(range.to);
        }
        expect(ms(result.right.to_datetime)).toBeLessThanOrEqual(terminatedAt);
      }),
    );
  });

  it('billingPeriod never throws, whatever the input', () => {
    const field = fc.oneof(
      fc.anything(),
      fc.constantFrom('2022-03-01T00:00:00Z', 'monthly', 'anniversary', true, null),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({
            plan: fc.oneof(
              fc.anything(),
              fc.record({
                interval: field,
                pay_in_advance: field,
                amount_cents: field,
                bill_charges_monthly: field,
              }),
            ),
            subscription: fc.oneof(
              fc.anything(),
              fc.record({
                billing_time: field,
                subscription_at: field,
                started_at: field,
                terminated_at: field,
                ending_at: field,
              }),
            ),
            timezone: field,
            at: field,
            purpose: field,
            nextPlan: field,
          }),
        ),
        (input) => {
          const result = billingPeriod(input as never);
          expect(['Left', 'Right']).toContain(result._tag);
        },
      ),
    );
  });
});
