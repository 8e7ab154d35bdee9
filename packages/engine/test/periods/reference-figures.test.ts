/**
 * Every worked figure of the reference notes on billing periods (shared/reference/periods.md),
 * one table per kind of figure, plus the period figures of estimate-and-usage.md §3.3 and §4.2.
 * Each row names the section it comes from. Where feecast deliberately differs, the row says
 * so and asserts feecast's behaviour (see the report / docs/semantics.md).
 */
import { describe, expect, it } from 'vitest';
import {
  ceil,
  formatDecimal,
  halfAwayFromZero,
  multiply,
  parseDecimalUnsafe,
  type Scale,
  scaleOf,
  sum,
} from '../../src/core/decimal/index';
import {
  billingPeriod,
  dayCount,
  eventProrationRatio,
  type InvoicePeriod,
  periodRatio,
  prorationRatio,
} from '../../src/periods/index';
import { type Case, inputOf, periodOf, pick, rightOf } from './support';

/** Expected fields; `undefined` asserts that a field is absent. */
type Expected = { readonly [K in keyof InvoicePeriod]?: InvoicePeriod[K] | undefined };

interface Row {
  readonly name: string;
  readonly case: Case;
  readonly expected: Expected;
}

const runRow = ({ case: c, expected }: Row) => {
  const period = periodOf(c);
  expect(pick(period, expected)).toEqual(expected);
};

const SUB = '2021-02-02T00:00:00Z'; // the subscription date of the reference's specs (a Tuesday)

describe('periods.md §1: the general algorithm', () => {
  it.each<Row>([
    {
      name: '§1.1 sub on 31 Jan, billing on 28 Feb → base 31 Jan: period 31 Jan → 27 Feb',
      case: {
        billing_time: 'anniversary',
        subscription_at: '2022-01-31T00:00:00Z',
        purpose: 'invoice',
        at: '2022-02-28T00:00:00Z',
      },
      expected: { from_datetime: '2022-01-31T00:00:00Z', to_datetime: '2022-02-27T23:59:59Z' },
    },
    {
      name: '§1 sub_day in tz: 2021-02-02T00:00Z is 1 Feb in New York, so monthly periods start on the 1st (next end 2022-04-01T03:59:59Z, §8.1)',
      case: {
        billing_time: 'anniversary',
        timezone: 'America/New_York',
        at: '2022-03-15T12:00:00Z',
      },
      expected: { from_datetime: '2022-03-01T05:00:00Z', to_datetime: '2022-04-01T03:59:59Z' },
    },
    {
      name: '§8.1 yearly anniversary in New York: period begins 2021-02-01T05:00Z',
      case: {
        interval: 'yearly',
        billing_time: 'anniversary',
        timezone: 'America/New_York',
        at: '2021-06-01T12:00:00Z',
      },
      expected: { from_datetime: '2021-02-01T05:00:00Z', to_datetime: '2022-02-01T04:59:59Z' },
    },
    {
      name: '§8.1 weekly anniversary in New York: the weekday is Monday, not Tuesday (end 2022-03-14T03:59:59Z)',
      case: {
        interval: 'weekly',
        billing_time: 'anniversary',
        timezone: 'America/New_York',
        at: '2022-03-09T12:00:00Z',
      },
      expected: { from_datetime: '2022-03-07T05:00:00Z', to_datetime: '2022-03-14T03:59:59Z' },
    },
    {
      name: '§1.2/§8.2 partial first period: from = 00:00 local of the start day, charges_from = started_at itself',
      case: { started_at: '2022-03-15T10:30:00Z', at: '2022-03-20T00:00:00Z' },
      expected: {
        from_datetime: '2022-03-15T00:00:00Z',
        to_datetime: '2022-03-31T23:59:59Z',
        charges_from_datetime: '2022-03-15T10:30:00Z',
        charges_to_datetime: '2022-03-31T23:59:59Z',
        period_duration: 31,
        charges_duration: 31,
      },
    },
    {
      name: '§1.2/§8.3 a run closing a period that ended before started_at: to is raised to started_at',
      case: { started_at: '2022-03-05T10:00:00Z', purpose: 'invoice', at: '2022-03-10T00:00:00Z' },
      expected: {
        from_datetime: '2022-03-05T00:00:00Z',
        to_datetime: '2022-03-05T10:00:00Z',
        charges_from_datetime: '2022-03-05T10:00:00Z',
        charges_to_datetime: '2022-03-05T10:00:00Z',
      },
    },
  ])('$name', runRow);
});

describe('periods.md §2: per-interval examples', () => {
  it.each<Row>([
    {
      name: '§2.1 weekly anniversary (sub Tuesday 2021-02-02), in arrears, billing 2022-03-09 → 2022-03-01 → 2022-03-07',
      case: {
        interval: 'weekly',
        billing_time: 'anniversary',
        purpose: 'invoice',
        at: '2022-03-09T00:00:00Z',
      },
      expected: { from_datetime: '2022-03-01T00:00:00Z', to_datetime: '2022-03-07T23:59:59Z' },
    },
    {
      name: '§2.1 weekly calendar, billing Monday 2022-03-07 → 2022-02-28 → 2022-03-06',
      case: { interval: 'weekly', purpose: 'invoice', at: '2022-03-07T00:00:00Z' },
      expected: { from_datetime: '2022-02-28T00:00:00Z', to_datetime: '2022-03-06T23:59:59Z' },
    },
    {
      name: '§2.1 weekly calendar in New York, billing 2022-03-07T00:00Z (6 Mar locally) → 2022-02-21T05:00Z → 2022-02-28T04:59:59Z',
      case: {
        interval: 'weekly',
        timezone: 'America/New_York',
        purpose: 'invoice',
        at: '2022-03-07T00:00:00Z',
      },
      expected: { from_datetime: '2022-02-21T05:00:00Z', to_datetime: '2022-02-28T04:59:59Z' },
    },
    {
      name: '§2.1/§8.11 weekly: the duration is 7 even for a partial first week',
      case: { interval: 'weekly', started_at: '2022-06-22T09:00:00Z', at: '2022-06-23T00:00:00Z' },
      expected: {
        from_datetime: '2022-06-22T00:00:00Z',
        to_datetime: '2022-06-26T23:59:59Z',
        period_duration: 7,
        charges_duration: 7,
      },
    },
    {
      name: '§2.2 monthly calendar, billing 2022-03-01 → 2022-02-01 → 2022-02-28 23:59:59',
      case: { purpose: 'invoice', at: '2022-03-01T00:00:00Z' },
      expected: { from_datetime: '2022-02-01T00:00:00Z', to_datetime: '2022-02-28T23:59:59Z' },
    },
    {
      name: '§2.2 monthly anniversary, billing 2022-03-02 → 2022-02-02 → 2022-03-01 23:59:59',
      case: { billing_time: 'anniversary', purpose: 'invoice', at: '2022-03-02T00:00:00Z' },
      expected: { from_datetime: '2022-02-02T00:00:00Z', to_datetime: '2022-03-01T23:59:59Z' },
    },
    {
      name: '§2.2/§8.5 monthly anniversary pay in advance, billing 2022-03-02 → subscription 2022-03-02 → 2022-04-01, charges 2022-02-02 → 2022-03-01',
      case: {
        billing_time: 'anniversary',
        pay_in_advance: true,
        purpose: 'invoice',
        at: '2022-03-02T00:00:00Z',
      },
      expected: {
        from_datetime: '2022-03-02T00:00:00Z',
        to_datetime: '2022-04-01T23:59:59Z',
        charges_from_datetime: '2022-02-02T00:00:00Z',
        charges_to_datetime: '2022-03-01T23:59:59Z',
      },
    },
    {
      name: '§2.2 monthly A = 31, billing 2022-02-28 → base 2022-01-31 → period 31 Jan → 27 Feb',
      case: {
        billing_time: 'anniversary',
        subscription_at: '2021-12-31T00:00:00Z',
        purpose: 'invoice',
        at: '2022-02-28T00:00:00Z',
      },
      expected: { from_datetime: '2022-01-31T00:00:00Z', to_datetime: '2022-02-27T23:59:59Z' },
    },
    {
      name: '§2.3 quarterly anniversary sub 6 Apr, now 8 Aug → 6 Jul',
      case: {
        interval: 'quarterly',
        billing_time: 'anniversary',
        subscription_at: '2021-04-06T00:00:00Z',
        at: '2022-08-08T12:00:00Z',
      },
      expected: { from_datetime: '2022-07-06T00:00:00Z', to_datetime: '2022-10-05T23:59:59Z' },
    },
    {
      name: '§2.3 quarterly anniversary sub 6 Apr, now 4 Aug → 6 Jul',
      case: {
        interval: 'quarterly',
        billing_time: 'anniversary',
        subscription_at: '2021-04-06T00:00:00Z',
        at: '2022-08-04T12:00:00Z',
      },
      expected: { from_datetime: '2022-07-06T00:00:00Z', to_datetime: '2022-10-05T23:59:59Z' },
    },
    {
      name: '§2.4 semiannual sub 31 Jan: 30 Apr belongs to the period opened 31 Jan',
      case: {
        interval: 'semiannual',
        billing_time: 'anniversary',
        subscription_at: '2022-01-31T00:00:00Z',
        at: '2022-04-30T12:00:00Z',
      },
      expected: { from_datetime: '2022-01-31T00:00:00Z', to_datetime: '2022-07-30T23:59:59Z' },
    },
    {
      name: '§2.5 yearly sub 1 Dec 2022 → 2022-12-01 → 2023-11-30',
      case: {
        interval: 'yearly',
        billing_time: 'anniversary',
        subscription_at: '2022-12-01T00:00:00Z',
        at: '2023-05-01T00:00:00Z',
      },
      expected: { from_datetime: '2022-12-01T00:00:00Z', to_datetime: '2023-11-30T23:59:59Z' },
    },
    {
      name: '§2.5 yearly 29 Feb anniversary, billing 2025-02-28 → base 2024-02-29 → period 2024-02-29 → 2025-02-27',
      case: {
        interval: 'yearly',
        billing_time: 'anniversary',
        subscription_at: '2020-02-29T00:00:00Z',
        purpose: 'invoice',
        at: '2025-02-28T00:00:00Z',
      },
      expected: { from_datetime: '2024-02-29T00:00:00Z', to_datetime: '2025-02-27T23:59:59Z' },
    },
  ])('$name', runRow);
});

/** Consecutive periods of one anniversary, as [first day, last day, length in days]. */
interface Sequence {
  readonly name: string;
  readonly interval: string;
  readonly subscription_at: string;
  readonly periods: readonly (readonly [string, string, number])[];
}

const SEQUENCES: readonly Sequence[] = [
  {
    name: '§2.2/§8.4 monthly A = 31 in 2022 (lengths 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31, 31)',
    interval: 'monthly',
    subscription_at: '2021-12-31',
    periods: [
      ['2022-01-31', '2022-02-27', 28],
      ['2022-02-28', '2022-03-30', 31],
      ['2022-03-31', '2022-04-29', 30],
      ['2022-04-30', '2022-05-30', 31],
      ['2022-05-31', '2022-06-29', 30],
      ['2022-06-30', '2022-07-30', 31],
      ['2022-07-31', '2022-08-30', 31],
      ['2022-08-31', '2022-09-29', 30],
      ['2022-09-30', '2022-10-30', 31],
      ['2022-10-31', '2022-11-29', 30],
      ['2022-11-30', '2022-12-30', 31],
      ['2022-12-31', '2023-01-30', 31],
    ],
  },
  {
    name: '§2.2 monthly A = 30',
    interval: 'monthly',
    subscription_at: '2021-12-30',
    periods: [
      ['2022-01-30', '2022-02-27', 29],
      ['2022-02-28', '2022-03-29', 30],
      ['2022-03-30', '2022-04-29', 31],
    ],
  },
  {
    name: '§2.2 monthly A = 29 in leap 2024',
    interval: 'monthly',
    subscription_at: '2023-12-29',
    periods: [
      ['2024-01-29', '2024-02-28', 31],
      ['2024-02-29', '2024-03-28', 29],
    ],
  },
  {
    name: '§2.2 monthly A = 29 in 2023',
    interval: 'monthly',
    subscription_at: '2022-12-29',
    periods: [
      ['2023-01-29', '2023-02-27', 30],
      ['2023-02-28', '2023-03-28', 29],
    ],
  },
  {
    name: '§2.3 quarterly A = 30 (sub 30 Nov)',
    interval: 'quarterly',
    subscription_at: '2021-11-30',
    periods: [
      ['2021-11-30', '2022-02-27', 90],
      ['2022-02-28', '2022-05-29', 91],
    ],
  },
  {
    name: '§8.4 quarterly A = 31 (from 31 Aug)',
    interval: 'quarterly',
    subscription_at: '2022-08-31',
    periods: [
      ['2022-08-31', '2022-11-29', 91],
      ['2022-11-30', '2023-02-27', 90],
      ['2023-02-28', '2023-05-30', 92],
      ['2023-05-31', '2023-08-30', 92],
    ],
  },
  {
    name: '§8.4 semiannual A = 31: 31 Aug → 27 Feb (181), 28 Feb → 30 Aug (184)',
    interval: 'semiannual',
    subscription_at: '2022-08-31',
    periods: [
      ['2022-08-31', '2023-02-27', 181],
      ['2023-02-28', '2023-08-30', 184],
    ],
  },
  {
    name: '§2.5/§8.4 yearly 29 Feb anniversary: 28 Feb → 27 Feb (365), 28 Feb 2023 → 28 Feb 2024 (366), 29 Feb 2024 → 27 Feb 2025',
    interval: 'yearly',
    subscription_at: '2020-02-29',
    periods: [
      ['2021-02-28', '2022-02-27', 365],
      ['2022-02-28', '2023-02-27', 365],
      ['2023-02-28', '2024-02-28', 366],
      ['2024-02-29', '2025-02-27', 365],
    ],
  },
];

describe('periods.md §2 and §8.4: month-end anniversaries and leap years', () => {
  const rows = SEQUENCES.flatMap(({ name, interval, subscription_at, periods }) =>
    periods.map(([first, last, length]) => ({
      name,
      interval,
      subscription_at,
      first,
      last,
      length,
    })),
  );
  it.each(rows)('$name: $first → $last ($length days)', (row) => {
    const c = {
      interval: row.interval,
      billing_time: 'anniversary',
      subscription_at: `${row.subscription_at}T00:00:00Z`,
    };
    const expected = {
      from_datetime: `${row.first}T00:00:00Z`,
      to_datetime: `${row.last}T23:59:59Z`,
      period_duration: row.length,
      days: row.length,
    };
    // The first and the last day of the period both resolve to it.
    for (const at of [`${row.first}T00:00:00Z`, `${row.last}T23:59:59Z`]) {
      expect(pick(periodOf({ ...c, at }), expected)).toEqual(expected);
    }
  });
});

describe('periods.md §1.4 and §2: durations (the full period length)', () => {
  it.each<Row>([
    {
      name: '§2.2 calendar February 2022 → 28',
      case: { at: '2022-02-10T00:00:00Z' },
      expected: { period_duration: 28 },
    },
    {
      name: '§2.2 calendar February 2020 → 29',
      case: { at: '2020-02-10T00:00:00Z', subscription_at: '2019-02-02T00:00:00Z' },
      expected: { period_duration: 29 },
    },
    {
      name: '§2.2 anniversary 2020-02-02..2020-03-01 → 29',
      case: {
        billing_time: 'anniversary',
        subscription_at: '2019-02-02T00:00:00Z',
        at: '2020-02-10T00:00:00Z',
      },
      expected: {
        from_datetime: '2020-02-02T00:00:00Z',
        to_datetime: '2020-03-01T23:59:59Z',
        period_duration: 29,
      },
    },
    {
      name: '§4.2 anniversary month 10 Mar → 9 Apr = 31',
      case: {
        billing_time: 'anniversary',
        subscription_at: '2022-03-10T00:00:00Z',
        at: '2022-03-20T00:00:00Z',
      },
      expected: { to_datetime: '2022-04-09T23:59:59Z', period_duration: 31 },
    },
    {
      name: '§2.3 calendar Q2 2022 → 91',
      case: { interval: 'quarterly', at: '2022-05-10T00:00:00Z' },
      expected: { period_duration: 91 },
    },
    {
      name: '§2.3 calendar Q1 2020 → 91',
      case: {
        interval: 'quarterly',
        subscription_at: '2019-02-02T00:00:00Z',
        at: '2020-02-10T00:00:00Z',
      },
      expected: { period_duration: 91 },
    },
    {
      name: '§2.3 anniversary 2020-02-02..2020-05-01 → 90',
      case: {
        interval: 'quarterly',
        billing_time: 'anniversary',
        subscription_at: '2019-02-02T00:00:00Z',
        at: '2020-03-10T00:00:00Z',
      },
      expected: {
        from_datetime: '2020-02-02T00:00:00Z',
        to_datetime: '2020-05-01T23:59:59Z',
        period_duration: 90,
      },
    },
    {
      name: '§2.3 anniversary 2021-02-02..2021-05-01 → 89',
      case: { interval: 'quarterly', billing_time: 'anniversary', at: '2021-03-10T00:00:00Z' },
      expected: {
        from_datetime: '2021-02-02T00:00:00Z',
        to_datetime: '2021-05-01T23:59:59Z',
        period_duration: 89,
      },
    },
    {
      name: '§2.4 calendar H1 2022 → 181',
      case: { interval: 'semiannual', at: '2022-03-10T00:00:00Z' },
      expected: { period_duration: 181 },
    },
    {
      name: '§2.4 calendar H1 2020 → 182',
      case: {
        interval: 'semiannual',
        subscription_at: '2019-02-02T00:00:00Z',
        at: '2020-03-10T00:00:00Z',
      },
      expected: { period_duration: 182 },
    },
    {
      name: '§2.4 anniversary from 1 Jan 2024 → 182',
      case: {
        interval: 'semiannual',
        billing_time: 'anniversary',
        subscription_at: '2023-01-01T00:00:00Z',
        at: '2024-03-10T00:00:00Z',
      },
      expected: {
        from_datetime: '2024-01-01T00:00:00Z',
        to_datetime: '2024-06-30T23:59:59Z',
        period_duration: 182,
      },
    },
    {
      name: '§2.4 anniversary from 1 Jan 2023 → 181',
      case: {
        interval: 'semiannual',
        billing_time: 'anniversary',
        subscription_at: '2023-01-01T00:00:00Z',
        at: '2023-03-10T00:00:00Z',
      },
      expected: {
        from_datetime: '2023-01-01T00:00:00Z',
        to_datetime: '2023-06-30T23:59:59Z',
        period_duration: 181,
      },
    },
    {
      name: '§2.4 bill_charges_monthly: the charges duration is the month (30 for June)',
      case: { interval: 'semiannual', bill_charges_monthly: true, at: '2022-06-15T00:00:00Z' },
      expected: { period_duration: 181, charges_duration: 30 },
    },
    {
      name: '§2.5 calendar 2021 → 365',
      case: { interval: 'yearly', at: '2021-03-10T00:00:00Z' },
      expected: { period_duration: 365 },
    },
    {
      name: '§2.5 calendar 2020 → 366',
      case: {
        interval: 'yearly',
        subscription_at: '2019-02-02T00:00:00Z',
        at: '2020-03-10T00:00:00Z',
      },
      expected: { period_duration: 366 },
    },
    {
      name: '§2.5 anniversary 2020-02-02..2021-02-01 → 366',
      case: {
        interval: 'yearly',
        billing_time: 'anniversary',
        subscription_at: '2019-02-02T00:00:00Z',
        at: '2020-03-10T00:00:00Z',
      },
      expected: {
        from_datetime: '2020-02-02T00:00:00Z',
        to_datetime: '2021-02-01T23:59:59Z',
        period_duration: 366,
      },
    },
    {
      name: '§2.5 bill_charges_monthly → 28 for a February charges period',
      case: { interval: 'yearly', bill_charges_monthly: true, at: '2022-02-10T00:00:00Z' },
      expected: { period_duration: 365, charges_duration: 28 },
    },
  ])('$name', runRow);
});

describe('periods.md §2.4-2.5 and §8.6-8.7: charges billed monthly on yearly and semiannual plans', () => {
  it.each<Row>([
    {
      name: 'semiannual calendar, bill_charges_monthly, usage in June: subscription H1, charges June, no fixed charges outside the first month',
      case: { interval: 'semiannual', bill_charges_monthly: true, at: '2022-06-15T00:00:00Z' },
      expected: {
        from_datetime: '2022-01-01T00:00:00Z',
        to_datetime: '2022-06-30T23:59:59Z',
        charges_from_datetime: '2022-06-01T00:00:00Z',
        charges_to_datetime: '2022-06-30T23:59:59Z',
        fixed_charges_from_datetime: undefined,
        fixed_charges_duration: undefined,
      },
    },
    {
      name: 'semiannual calendar, bill_charges_monthly, usage in July (first month of H2): fixed charges on the half year',
      case: { interval: 'semiannual', bill_charges_monthly: true, at: '2022-07-15T00:00:00Z' },
      expected: {
        charges_from_datetime: '2022-07-01T00:00:00Z',
        charges_to_datetime: '2022-07-31T23:59:59Z',
        fixed_charges_from_datetime: '2022-07-01T00:00:00Z',
        fixed_charges_to_datetime: '2022-12-31T23:59:59Z',
        fixed_charges_duration: 184,
      },
    },
    {
      name: 'yearly anniversary (15 Mar), bill_charges_monthly: charges on monthly anniversaries',
      case: {
        interval: 'yearly',
        billing_time: 'anniversary',
        bill_charges_monthly: true,
        subscription_at: '2021-03-15T00:00:00Z',
        at: '2022-05-20T00:00:00Z',
      },
      expected: {
        from_datetime: '2022-03-15T00:00:00Z',
        to_datetime: '2023-03-14T23:59:59Z',
        charges_from_datetime: '2022-05-15T00:00:00Z',
        charges_to_datetime: '2022-06-14T23:59:59Z',
        charges_duration: 31,
      },
    },
    {
      name: 'yearly calendar, only bill_fixed_charges_monthly, invoice run 1 Mar: fixed charges for February, no usage charges',
      case: {
        interval: 'yearly',
        bill_fixed_charges_monthly: true,
        purpose: 'invoice',
        at: '2022-03-01T00:00:00Z',
      },
      expected: {
        charges_from_datetime: undefined,
        charges_to_datetime: undefined,
        charges_duration: undefined,
        fixed_charges_from_datetime: '2022-02-01T00:00:00Z',
        fixed_charges_to_datetime: '2022-02-28T23:59:59Z',
        fixed_charges_duration: 28,
      },
    },
    {
      name: 'yearly calendar, only bill_fixed_charges_monthly, invoice run 1 Jan: usage charges of the year, fixed charges of December',
      case: {
        interval: 'yearly',
        bill_fixed_charges_monthly: true,
        subscription_at: '2019-02-02T00:00:00Z',
        purpose: 'invoice',
        at: '2022-01-01T00:00:00Z',
      },
      expected: {
        from_datetime: '2021-01-01T00:00:00Z',
        to_datetime: '2021-12-31T23:59:59Z',
        charges_from_datetime: '2021-01-01T00:00:00Z',
        charges_to_datetime: '2021-12-31T23:59:59Z',
        fixed_charges_from_datetime: '2021-12-01T00:00:00Z',
        fixed_charges_to_datetime: '2021-12-31T23:59:59Z',
      },
    },
    {
      name: 'yearly calendar, only bill_fixed_charges_monthly, usage (current_usage mode): usage charges always filled',
      case: { interval: 'yearly', bill_fixed_charges_monthly: true, at: '2022-03-10T00:00:00Z' },
      expected: {
        charges_from_datetime: '2022-01-01T00:00:00Z',
        charges_to_datetime: '2022-12-31T23:59:59Z',
        fixed_charges_from_datetime: '2022-03-01T00:00:00Z',
        fixed_charges_to_datetime: '2022-03-31T23:59:59Z',
      },
    },
    {
      name: 'semiannual anniversary (10 Feb), bill_charges_monthly, invoice run 10 Aug (first month of the half): fixed charges filled',
      case: {
        interval: 'semiannual',
        billing_time: 'anniversary',
        bill_charges_monthly: true,
        subscription_at: '2021-02-10T00:00:00Z',
        purpose: 'invoice',
        at: '2022-08-10T00:00:00Z',
      },
      expected: {
        charges_from_datetime: '2022-07-10T00:00:00Z',
        charges_to_datetime: '2022-08-09T23:59:59Z',
        fixed_charges_from_datetime: '2022-02-10T00:00:00Z',
        fixed_charges_to_datetime: '2022-08-09T23:59:59Z',
      },
    },
    {
      name: 'semiannual anniversary (10 Feb), bill_charges_monthly, invoice run 10 Sep: no fixed charges',
      case: {
        interval: 'semiannual',
        billing_time: 'anniversary',
        bill_charges_monthly: true,
        subscription_at: '2021-02-10T00:00:00Z',
        purpose: 'invoice',
        at: '2022-09-10T00:00:00Z',
      },
      expected: {
        charges_from_datetime: '2022-08-10T00:00:00Z',
        charges_to_datetime: '2022-09-09T23:59:59Z',
        fixed_charges_from_datetime: undefined,
      },
    },
    {
      name: '§8.6 deviation: with bill_charges_monthly the elapsed fraction is of the month, not of the year',
      case: { interval: 'yearly', bill_charges_monthly: true, at: '2022-02-10T12:00:00Z' },
      expected: { days: 28, elapsed_days: 10, period_duration: 365, charges_duration: 28 },
    },
  ])('$name', runRow);
});

describe('periods.md §4.1: the day counter', () => {
  it.each([
    [
      'Paris 2023-08-31T23:10Z → 2023-09-30T22:59:59Z',
      '2023-08-31T23:10:00Z',
      '2023-09-30T22:59:59Z',
      'Europe/Paris',
      30,
    ],
    [
      'Paris 2023-09-30T23:10Z → 2023-10-31T22:59:59Z',
      '2023-09-30T23:10:00Z',
      '2023-10-31T22:59:59Z',
      'Europe/Paris',
      31,
    ],
    [
      'Paris 2023-02-28T23:10Z → 2023-03-31T21:59:59Z (DST starts inside)',
      '2023-02-28T23:10:00Z',
      '2023-03-31T21:59:59Z',
      'Europe/Paris',
      31,
    ],
    [
      '00:00:00 → 23:59:59 of 31 local days is 31',
      '2022-03-01T00:00:00Z',
      '2022-03-31T23:59:59Z',
      'UTC',
      31,
    ],
    [
      'a termination at 20 Mar 10:00 counts 20 Mar',
      '2022-03-01T00:00:00Z',
      '2022-03-20T10:00:00Z',
      'UTC',
      20,
    ],
    [
      'an end exactly at local midnight is nudged one second (11 Jan 00:00 → 11)',
      '2025-01-01T00:00:00Z',
      '2025-01-11T00:00:00Z',
      'UTC',
      11,
    ],
  ] as const)('%s: %s → %s in %s = %i days', (_name, from, to, timezone, days) => {
    expect(rightOf(dayCount({ from, to, timezone }))).toBe(days);
  });
});

const scale = (n: number): Scale => rightOf(scaleOf(n));

describe('periods.md §4.2: subscription fee proration (plan amount 100, UTC)', () => {
  interface FeeRow {
    readonly name: string;
    readonly case: Case;
    readonly trialDays?: number;
    readonly upgrade?: boolean;
    readonly days: number;
    readonly duration: number;
    readonly amount: string;
  }
  it.each<FeeRow>([
    {
      name: 'calendar month started 15 Mar → 17/31 → 54.8387 → 55',
      case: { started_at: '2022-03-15T00:00:00Z', at: '2022-03-15T00:00:00Z' },
      days: 17,
      duration: 31,
      amount: '55',
    },
    {
      name: 'weekly started Wednesday 22 Jun 2022 → 5/7 → 71',
      case: { interval: 'weekly', started_at: '2022-06-22T00:00:00Z', at: '2022-06-22T00:00:00Z' },
      days: 5,
      duration: 7,
      amount: '71',
    },
    {
      name: 'same + 3-day trial → 2/7 → 29',
      case: { interval: 'weekly', started_at: '2022-06-22T00:00:00Z', at: '2022-06-22T00:00:00Z' },
      trialDays: 3,
      days: 2,
      duration: 7,
      amount: '29',
    },
    {
      name: 'calendar year started 15 Mar 2022 → 292/365 → 80',
      case: { interval: 'yearly', started_at: '2022-03-15T00:00:00Z', at: '2022-03-15T00:00:00Z' },
      days: 292,
      duration: 365,
      amount: '80',
    },
    {
      name: 'terminated 20 Mar, period from 1 Mar → 20/31 → 65',
      case: {
        terminated_at: '2022-03-20T10:00:00Z',
        purpose: 'invoice',
        at: '2022-03-20T10:00:00Z',
      },
      days: 20,
      duration: 31,
      amount: '65',
    },
    {
      name: 'terminated 20 Mar by an upgrade → 19/31 → 61',
      case: {
        terminated_at: '2022-03-20T10:00:00Z',
        next_plan_code: 'premium',
        nextPlan: { interval: 'monthly', amount_cents: 20_000 },
        purpose: 'invoice',
        at: '2022-03-20T10:00:00Z',
      },
      upgrade: true,
      days: 19,
      duration: 31,
      amount: '61',
    },
    {
      name: 'weekly terminated Wednesday → 3/7 → 43',
      case: {
        interval: 'weekly',
        terminated_at: '2022-06-22T10:00:00Z',
        purpose: 'invoice',
        at: '2022-06-22T10:00:00Z',
      },
      days: 3,
      duration: 7,
      amount: '43',
    },
    {
      name: '(invoicing.md §8) March with a 3-day trial → 28/31 → 90',
      case: { started_at: '2022-03-01T00:00:00Z', at: '2022-03-01T00:00:00Z' },
      trialDays: 3,
      days: 28,
      duration: 31,
      amount: '90',
    },
  ])('$name', (row) => {
    const period = periodOf(row.case);
    const startedAt = Date.parse(row.case.started_at ?? '2021-02-02T00:00:00Z');
    const trialEndsAt =
      row.trialDays === undefined
        ? undefined
        : new Date(startedAt + row.trialDays * 86_400_000).toISOString().replace('.000Z', 'Z');
    const fraction = rightOf(
      prorationRatio({
        from_datetime: period.from_datetime,
        to_datetime: period.to_datetime,
        duration: period.period_duration,
        ...(trialEndsAt === undefined ? {} : { trialEndsAt }),
        ...(row.upgrade === true ? { terminatedByUpgrade: true } : {}),
      }),
    );
    expect([fraction.days, fraction.duration]).toEqual([row.days, row.duration]);
    const precise = multiply(parseDecimalUnsafe('100'), parseDecimalUnsafe(fraction.ratio));
    expect(formatDecimal(halfAwayFromZero(precise, scale(0)))).toBe(row.amount);
  });

  it('calendar month started 15 Mar: the precise amount is 54.8387 at 4 places', () => {
    const fraction = rightOf(
      prorationRatio({
        from_datetime: '2022-03-15T00:00:00Z',
        to_datetime: '2022-03-31T23:59:59Z',
        duration: 31,
      }),
    );
    const precise = multiply(parseDecimalUnsafe('100'), parseDecimalUnsafe(fraction.ratio));
    expect(formatDecimal(halfAwayFromZero(precise, scale(4)))).toBe('54.8387');
  });
});

describe('periods.md §4.3: prorated charges (May 2023, 31 days)', () => {
  interface ChargeRow {
    readonly name: string;
    readonly carried: string;
    readonly events: readonly (readonly [string, string])[];
    readonly expected: string;
  }
  const may = periodOf({ at: '2023-05-15T00:00:00Z' });
  it.each<ChargeRow>([
    {
      name: '5 carried + two events of 12 on 26 May → 5 + 2 × 12 × 6/31 = 9.64517',
      carried: '5',
      events: [
        ['2023-05-26T08:00:00Z', '12'],
        ['2023-05-26T17:00:00Z', '12'],
      ],
      expected: '9.64517',
    },
    {
      name: '... plus 4.5 on 31 May → 9.79033',
      carried: '5',
      events: [
        ['2023-05-26T08:00:00Z', '12'],
        ['2023-05-26T17:00:00Z', '12'],
        ['2023-05-31T20:00:00Z', '4.5'],
      ],
      expected: '9.79033',
    },
  ])('$name', ({ carried, events, expected }) => {
    const duration = may.charges_duration ?? 0;
    const carriedWeight = rightOf(
      prorationRatio({
        from_datetime: may.charges_from_datetime ?? '',
        to_datetime: may.charges_to_datetime ?? '',
        duration,
      }),
    );
    expect(carriedWeight.ratio).toBe('1');
    const weighted = events.map(([timestamp, value]) => {
      const weight = rightOf(
        eventProrationRatio({
          timestamp,
          charges_to_datetime: may.charges_to_datetime ?? '',
          duration,
        }),
      );
      return multiply(parseDecimalUnsafe(value), parseDecimalUnsafe(weight.ratio));
    });
    const total = sum([
      multiply(parseDecimalUnsafe(carried), parseDecimalUnsafe(carriedWeight.ratio)),
      ...weighted,
    ]);
    expect(formatDecimal(ceil(total, scale(5)))).toBe(expected);
  });

  it('pay in advance: 12.4 on day 30 of a 31-day month → 12.4 × 2/31 = 0.8', () => {
    const weight = rightOf(
      prorationRatio({
        from_datetime: '2023-05-30T10:00:00Z',
        to_datetime: may.charges_to_datetime ?? '',
        duration: 31,
      }),
    );
    expect([weight.days, weight.duration]).toEqual([2, 31]);
    const prorated = multiply(parseDecimalUnsafe('12.4'), parseDecimalUnsafe(weight.ratio));
    expect(formatDecimal(ceil(prorated, scale(5)))).toBe('0.8');
  });
});

describe('periods.md §5 and estimate-and-usage.md §4.2: the elapsed fraction', () => {
  it.each<Row>([
    {
      name: '11 Jan 00:00 in a 31-day January → 11/31',
      case: { at: '2025-01-11T00:00:00Z' },
      expected: {
        days: 31,
        elapsed_days: 11,
        period_ratio: '0.3548387096774193548387096774193548387097',
      },
    },
    {
      name: 'the same in America/New_York (period 05:00Z → 04:59:59Z) → 11/31',
      case: { timezone: 'America/New_York', at: '2025-01-11T05:00:00Z' },
      expected: {
        from_datetime: '2025-01-01T05:00:00Z',
        to_datetime: '2025-02-01T04:59:59Z',
        days: 31,
        elapsed_days: 11,
        period_ratio: '0.3548387096774193548387096774193548387097',
      },
    },
    {
      name: 'a 10-day period at day 5 00:00 → 5/10',
      case: { started_at: '2025-01-22T00:00:00Z', at: '2025-01-26T00:00:00Z' },
      expected: {
        from_datetime: '2025-01-22T00:00:00Z',
        days: 10,
        elapsed_days: 5,
        period_ratio: '0.5',
      },
    },
    {
      name: 'the last day, any time → 1',
      case: { at: '2025-01-31T18:30:00Z' },
      expected: { days: 31, elapsed_days: 31, period_ratio: '1' },
    },
    {
      name: 'estimate-and-usage.md §4.4: 2025-07-03T10:00Z in July → 3/31',
      case: { at: '2025-07-03T10:00:00Z' },
      expected: {
        days: 31,
        elapsed_days: 3,
        period_ratio: '0.0967741935483870967741935483870967741935',
      },
    },
  ])('$name', runRow);

  it.each([
    ['now ≥ to → 1', '2025-02-05T00:00:00Z', 31, '1'],
    ['now < from → 0', '2024-12-31T23:59:59Z', 0, '0'],
    [
      'the first day at 00:00 counts → 1/31',
      '2025-01-01T00:00:00Z',
      1,
      '0.0322580645161290322580645161290322580645',
    ],
  ] as const)('periodRatio: %s', (_name, at, elapsed, ratio) => {
    const result = rightOf(
      periodRatio({
        from_datetime: '2025-01-01T00:00:00Z',
        to_datetime: '2025-01-31T23:59:59Z',
        at,
      }),
    );
    expect(result).toEqual({ days: 31, elapsed_days: elapsed, period_ratio: ratio });
  });
});

describe('periods.md §6: terminated subscriptions', () => {
  it.each<Row>([
    {
      name: 'termination run (in arrears): from = start of the period containing the termination, to = charges_to = terminated_at',
      case: {
        terminated_at: '2022-03-20T10:00:00Z',
        purpose: 'invoice',
        at: '2022-03-20T10:00:00Z',
      },
      expected: {
        from_datetime: '2022-03-01T00:00:00Z',
        to_datetime: '2022-03-20T10:00:00Z',
        charges_from_datetime: '2022-03-01T00:00:00Z',
        charges_to_datetime: '2022-03-20T10:00:00Z',
        period_duration: 31,
        charges_duration: 31,
      },
    },
    {
      name: 'termination run (pay in advance): the period containing the termination, cut at terminated_at',
      case: {
        pay_in_advance: true,
        terminated_at: '2022-03-20T10:00:00Z',
        purpose: 'invoice',
        at: '2022-03-20T10:00:00Z',
      },
      expected: {
        from_datetime: '2022-03-01T00:00:00Z',
        to_datetime: '2022-03-20T10:00:00Z',
        charges_from_datetime: '2022-03-01T00:00:00Z',
        charges_to_datetime: '2022-03-20T10:00:00Z',
      },
    },
    {
      name: 'terminated_at later than the run: the run behaves as for an active subscription',
      case: {
        terminated_at: '2022-03-20T10:00:00Z',
        purpose: 'invoice',
        at: '2022-03-01T00:00:00Z',
      },
      expected: {
        from_datetime: '2022-02-01T00:00:00Z',
        to_datetime: '2022-02-28T23:59:59Z',
        charges_to_datetime: '2022-02-28T23:59:59Z',
      },
    },
    {
      name: 'usage before a termination in the same period: charges stop at terminated_at, the subscription period does not',
      case: { terminated_at: '2022-03-20T10:00:00Z', at: '2022-03-10T00:00:00Z' },
      expected: {
        to_datetime: '2022-03-31T23:59:59Z',
        charges_to_datetime: '2022-03-20T10:00:00Z',
      },
    },
    {
      name: 'a downgrade is not "terminated pay in arrears": the run at the switch closes the period that ended',
      case: {
        terminated_at: '2022-04-01T00:00:00Z',
        next_plan_code: 'basic',
        nextPlan: { interval: 'monthly', amount_cents: 5_000 },
        purpose: 'invoice',
        at: '2022-04-01T00:00:00Z',
      },
      expected: {
        from_datetime: '2022-03-01T00:00:00Z',
        to_datetime: '2022-03-31T23:59:59Z',
        charges_from_datetime: '2022-03-01T00:00:00Z',
        charges_to_datetime: '2022-03-31T23:59:59Z',
      },
    },
    {
      name: 'an upgrade (next plan yearly amount ≥ this one) is: the run closes the period being terminated',
      case: {
        terminated_at: '2022-03-20T10:00:00Z',
        next_plan_code: 'premium',
        nextPlan: { interval: 'yearly', amount_cents: 120_000 },
        purpose: 'invoice',
        at: '2022-03-20T10:00:00Z',
      },
      expected: {
        from_datetime: '2022-03-01T00:00:00Z',
        to_datetime: '2022-03-20T10:00:00Z',
        charges_from_datetime: '2022-03-01T00:00:00Z',
        charges_to_datetime: '2022-03-20T10:00:00Z',
      },
    },
    {
      name: 'feecast: a reached ending_at counts as the termination',
      case: { ending_at: '2022-03-20T10:00:00Z', at: '2022-03-25T00:00:00Z' },
      expected: {
        to_datetime: '2022-03-20T10:00:00Z',
        charges_to_datetime: '2022-03-20T10:00:00Z',
        period_ratio: '1',
      },
    },
    {
      name: 'feecast: an ending_at still ahead of at changes nothing',
      case: { ending_at: '2022-03-20T10:00:00Z', at: '2022-03-10T00:00:00Z' },
      expected: {
        to_datetime: '2022-03-31T23:59:59Z',
        charges_to_datetime: '2022-03-31T23:59:59Z',
      },
    },
  ])('$name', runRow);

  it('§6/§8.3 deviation: weekly anniversary billed 9 Mar, terminated 2 Mar: the reference returns from 8 Mar, to 2 Mar (inverted); feecast returns a Left', () => {
    const result = billingPeriod(
      inputOf({
        interval: 'weekly',
        billing_time: 'anniversary',
        terminated_at: '2022-03-02T00:00:00Z',
        purpose: 'invoice',
        at: '2022-03-09T00:00:00Z',
      }),
    );
    expect(result._tag).toBe('Left');
    if (result._tag === 'Left') {
      expect(result.left.code).toBe('subscription_terminated');
      expect(result.left.path).toEqual(['at']);
      expect(result.left.message).toContain('2022-03-02T00:00:00Z');
    }
  });
});

describe('estimate-and-usage.md §3.3: period fields of current usage', () => {
  it.each<Row>([
    {
      name: 'Europe/Berlin yearly plan → charges_to 2023-12-31T22:59:59Z',
      case: { interval: 'yearly', timezone: 'Europe/Berlin', at: '2023-06-01T00:00:00Z' },
      expected: {
        charges_from_datetime: '2022-12-31T23:00:00Z',
        charges_to_datetime: '2023-12-31T22:59:59Z',
      },
    },
    {
      name: 'America/Los_Angeles yearly plan → charges_to 2024-01-01T07:59:59Z',
      case: { interval: 'yearly', timezone: 'America/Los_Angeles', at: '2023-06-01T00:00:00Z' },
      expected: { charges_to_datetime: '2024-01-01T07:59:59Z' },
    },
    {
      name: 'a subscription started at 09:30 gives charges_from …T09:30:00Z',
      case: { started_at: '2022-06-07T09:30:00Z', at: '2022-06-10T00:00:00Z' },
      expected: {
        charges_from_datetime: '2022-06-07T09:30:00Z',
        from_datetime: '2022-06-07T00:00:00Z',
      },
    },
    {
      name: 'anniversary on the 7th, asked 2022-06-22 → 2022-06-07 .. 2022-07-06',
      case: {
        billing_time: 'anniversary',
        subscription_at: '2022-01-07T00:00:00Z',
        at: '2022-06-22T00:00:00Z',
      },
      expected: {
        charges_from_datetime: '2022-06-07T00:00:00Z',
        charges_to_datetime: '2022-07-06T23:59:59Z',
      },
    },
  ])('$name', runRow);
});

it(`the reference's subscription date ${SUB} is a Tuesday (weekly anniversary rows above rely on it)`, () => {
  expect(new Date(SUB).getUTCDay()).toBe(2);
});
