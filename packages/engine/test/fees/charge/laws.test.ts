/**
 * The laws of the fee assembler, as property tests: per-event fees add up to the period,
 * buckets add up to the charge, fees never carry a float or exponent text, and one pass per
 * metric equals a pass per charge.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregate, type UsageEvent } from '../../../src/aggregation/index';
import { applyChargeModel } from '../../../src/charge-models/index';
import { add, equals, parseDecimalUnsafe, ZERO } from '../../../src/core/decimal/index';
import {
  type ChargeFee,
  type ChargeFeesCharge,
  planChargeFeesReport,
} from '../../../src/fees/charge/index';
import { cloudMetric, inAdvanceCharge, price, stream, value } from './arbitraries';
import {
  charge,
  feesOf,
  graduatedRanges,
  inAdvanceOf,
  MARCH,
  metric,
  planFeesOf,
  rightOf,
  uuid,
} from './support';

/** Σ of the unrounded minor units of fees, per bucket (filter id or values, and group). */
function preciseByBucket(fees: readonly ChargeFee[]): Map<string, string> {
  const totals = new Map<string, ReturnType<typeof parseDecimalUnsafe>>();
  for (const fee of fees) {
    const key = JSON.stringify([fee.item.filters, fee.item.grouped_by]);
    const precise = parseDecimalUnsafe(fee.sub_total_excluding_taxes_precise_amount_cents ?? 'x');
    totals.set(key, add(totals.get(key) ?? ZERO, precise));
  }
  return new Map([...totals].map(([key, total]) => [key, String(total)]));
}

/**
 * Asserts that what was billed adds up to each bucket's period amount: every bucket with
 * events has billed fees; buckets without events bill 0 both ways.
 */
function expectSameBuckets(period: Map<string, string>, billed: Map<string, string>): void {
  for (const [key, total] of period) {
    expect(equals(parseDecimalUnsafe(total), parseDecimalUnsafe(billed.get(key) ?? '0'))).toBe(
      true,
    );
  }
  expect([...billed.keys()].every((key) => period.has(key))).toBe(true);
}

describe('pay-in-advance laws', () => {
  it("the per-event pay-in-advance fees of a period sum to the period's amount", () => {
    fc.assert(
      fc.property(
        inAdvanceCharge,
        fc.constantFrom('count_agg', 'sum_agg'),
        stream(),
        (c, type, events) => {
          const billableMetric = cloudMetric(type);
          const perEvent = preciseByBucket(inAdvanceOf({ charge: c, billableMetric, events }));
          const period = preciseByBucket(feesOf({ charge: c, billableMetric, events }));
          expectSameBuckets(period, perEvent);
        },
      ),
    );
  });
});

describe('recurring pay-in-advance laws', () => {
  const FEBRUARY = {
    charges_from_datetime: '2025-02-01T00:00:00Z',
    charges_to_datetime: '2025-02-28T23:59:59Z',
    charges_duration: 28,
  };

  it("the fee billed for the units carried into a period and the period's per-event fees sum to the period's amount", () => {
    fc.assert(
      fc.property(
        inAdvanceCharge,
        fc.constantFrom('sum_agg', 'unique_count_agg'),
        stream(),
        stream(),
        (c, type, earlier, during) => {
          const billableMetric = { ...cloudMetric(type), recurring: true };
          // The same shape of stream 28 days earlier: February's events.
          const february = earlier.map((e) => ({
            ...e,
            transaction_id: `feb_${e.transaction_id}`,
            timestamp: Number(e.timestamp) - 28 * 86_400,
          }));
          const events = [...february, ...during];
          // The invoice closing February bills what each bucket carries into March.
          const carried = rightOf(
            planChargeFeesReport({
              plan: { charges: [c], amount_currency: 'EUR' },
              billableMetrics: [billableMetric],
              events,
              period: FEBRUARY,
              next_period: MARCH,
              purpose: 'invoice',
            }),
          ).carried;
          expect(carried.every((fee) => fee.from_date === '2025-03-01T00:00:00Z')).toBe(true);
          const billed = preciseByBucket([
            ...carried,
            ...inAdvanceOf({ charge: c, billableMetric, events }),
          ]);
          const period = preciseByBucket(feesOf({ charge: c, billableMetric, events }));
          expectSameBuckets(period, billed);
        },
      ),
    );
  });
});

describe('bucket laws', () => {
  it("the sum of fee buckets equals the charge's total", () => {
    fc.assert(
      fc.property(price, stream(), fc.boolean(), (amount, events, grouped) => {
        const billableMetric = cloudMetric('sum_agg');
        const standard = charge(
          'standard',
          {
            amount,
            ...(grouped ? { pricing_group_keys: ['region'] } : {}),
          },
          { filters: [{ values: { cloud: ['aws'] }, properties: { amount } }] },
        );
        const fees = feesOf({ charge: standard, billableMetric, events });
        const buckets = fees.reduce(
          (total, fee) => add(total, parseDecimalUnsafe(fee.precise_amount)),
          ZERO,
        );
        const units = rightOf(
          aggregate(billableMetric, events, {
            from_datetime: MARCH.charges_from_datetime,
            to_datetime: MARCH.charges_to_datetime,
          }),
        ).aggregation;
        const whole = rightOf(
          applyChargeModel(
            { charge_model: 'standard', properties: { amount } },
            { units, events_count: events.length },
          ),
        );
        expect(equals(buckets, parseDecimalUnsafe(whole.amount))).toBe(true);
      }),
    );
  });
});

/** Decimal-looking texts: plain notation only. */
const PLAIN = /^-?\d+(\.\d+)?$/;
const NUMERIC_LOOKING = /^-?[\d.eE+]+$/;

/** Every problem with the numbers of a JSON value: NaN, Infinity, floats where integers are due, exponent texts. */
function numberProblems(value: unknown, path = '$'): string[] {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? [] : [`${path}: ${value}`];
  }
  if (typeof value === 'string') {
    if (/NaN|Infinity/.test(value)) return [`${path}: ${value}`];
    return NUMERIC_LOOKING.test(value) && !PLAIN.test(value) ? [`${path}: ${value}`] : [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => numberProblems(v, `${path}[${i}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => numberProblems(v, `${path}.${k}`));
  }
  return [];
}

const CENTS_KEYS = [
  'amount_cents',
  'taxes_amount_cents',
  'total_amount_cents',
  'sub_total_excluding_taxes_amount_cents',
  'projected_amount_cents',
] as const;

/** Values in any notation the decimal core reads: tiny, huge, exponent. */
const wildValue = fc.oneof(
  value,
  fc.constantFrom('1e3', '1.5E-7', '0.000000001', '123456789.123456789', '2.5e+2', '0'),
);

describe('wire laws', () => {
  it('no fee ever carries NaN, a float string or exponent notation', () => {
    const model = fc.constantFrom(
      { charge_model: 'standard', properties: { amount: '0.333' } },
      { charge_model: 'package', properties: { amount: '7', package_size: 3, free_units: 1 } },
      {
        charge_model: 'graduated',
        properties: graduatedRanges([
          [0, 10, '1.1', '0.7'],
          [11, null, '0.013', '1'],
        ]),
      },
      {
        charge_model: 'volume',
        properties: {
          volume_ranges: [
            { from_value: 0, to_value: null, per_unit_amount: '0.37', flat_amount: '3' },
          ],
        },
      },
      {
        charge_model: 'percentage',
        properties: { rate: '1.37', fixed_amount: '0.01', free_units_per_events: 1 },
      },
    );
    fc.assert(
      fc.property(
        model,
        stream(wildValue),
        fc.constantFrom('usage', 'invoice'),
        fc.constantFrom('EUR', 'JPY', 'KWD'),
        fc.constantFrom(undefined, '0.37', '1'),
        (m, events, purpose, currency, ratio) => {
          const c = charge(m.charge_model, m.properties, {
            applied_pricing_unit: {
              code: 'credits',
              conversion_rate: '0.37',
              svc_pricing_unit_id: uuid(5),
              short_name: 'CR',
            },
          });
          const fees = feesOf({
            charge: { ...c, min_amount_cents: 999 },
            billableMetric: cloudMetric('sum_agg'),
            events,
            purpose,
            currency,
            ...(ratio === undefined ? {} : { period_ratio: ratio }),
          });
          const perEvent =
            m.charge_model === 'volume'
              ? []
              : inAdvanceOf({
                  charge: c,
                  billableMetric: cloudMetric('sum_agg'),
                  events,
                  currency,
                });
          for (const fee of [...fees, ...perEvent]) {
            expect(numberProblems(fee)).toEqual([]);
            for (const key of CENTS_KEYS) {
              const cents = fee[key];
              if (cents !== undefined) expect(Number.isSafeInteger(cents)).toBe(true);
            }
          }
        },
      ),
    );
  });
});

describe('one pass laws', () => {
  const calls = cloudMetric('sum_agg');
  const hits = { ...metric('count_agg'), svc_id: uuid(7), code: 'hits' };
  const charges = (amount: string): ChargeFeesCharge[] => [
    charge(
      'standard',
      { amount, pricing_group_keys: ['region'] },
      {
        filters: [{ values: { cloud: ['aws'] }, properties: { amount: '2' } }],
      },
    ),
    {
      ...charge(
        'graduated',
        graduatedRanges([
          [0, 3, '1', '1'],
          [4, null, amount, '0'],
        ]),
      ),
      svc_id: uuid(8),
      billable_metric_code: 'hits',
    },
    { ...charge('percentage', { rate: amount, free_units_per_events: 2 }), svc_id: uuid(9) },
    { ...charge('standard', { amount }, { pay_in_advance: true }), svc_id: uuid(10) },
  ];

  it('one pass equals a pass per charge', () => {
    fc.assert(
      fc.property(
        price,
        stream(),
        fc.constantFrom('usage', 'invoice'),
        (amount, events, purpose) => {
          const mixed: UsageEvent[] = events.flatMap((e, i) =>
            i % 3 === 0 ? [e, { ...e, code: 'hits', transaction_id: `h${i}` }] : [e],
          );
          const plan = { charges: charges(amount) };
          const once = planFeesOf({
            plan,
            billableMetrics: [calls, hits],
            // A one-shot stream: the plan reads it once.
            events: (function* () {
              yield* mixed;
            })(),
            purpose,
          });
          const each = plan.charges.flatMap((c) =>
            feesOf({
              charge: c,
              billableMetric: c.billable_metric_code === 'hits' ? hits : calls,
              events: mixed,
              purpose,
            }),
          );
          expect(once).toEqual(each);
        },
      ),
    );
  });
});
