/**
 * Recurring metrics on the invoices of several periods (aggregations.md §1.8, §4; invoicing.md
 * §7.1 "recurring-in-advance"): the invoice that closes a period bills, for each pay-in-advance
 * charge of a recurring metric, the units it carries into the next period, in full and dated
 * that period; the period's own pay-in-advance fees (carried units and events) come apart.
 *
 * The three months of test/recurring-history.ts: seats (unique count) at 10.00 a seat, storage
 * (sum) at 2.00 a unit.
 */
import type { Fee } from '@feecast/models';
import { describe, expect, it } from 'vitest';
import { payInAdvanceFees } from '../../../src/fees/charge/index';
import { previewInvoice } from '../../../src/operations/preview-invoice/index';
import {
  changeProperties,
  changeTime,
  SEAT_CHANGES,
  STORAGE_CHANGES,
} from '../../recurring-history';
import { charge, event, feesOf, input, metric, ok, plan, subscription } from './builders';

const seats = metric('seats', 'unique_count_agg', 'seat', { recurring: true });
const storage = metric('storage', 'sum_agg', 'gb', { recurring: true });

const SEATS = SEAT_CHANGES.map((c) => event('seats', changeTime(c), changeProperties(c, 'seat')));
const STORAGE = STORAGE_CHANGES.map((c) =>
  event('storage', changeTime(c), changeProperties(c, 'gb')),
);

const SEP = '2025-09-25T00:00:00Z';
const OCT = '2025-10-25T00:00:00Z';
const NOV = '2025-11-25T00:00:00Z';

const seatsCharge = (extra: Record<string, unknown> = {}) =>
  charge('seats', 'standard', { amount: '10' }, { pay_in_advance: true, ...extra });

/** The preview at `now` of a monthly plan (100.00 in arrears) with the charges given. */
function preview(
  now: string,
  charges: readonly Record<string, unknown>[],
  more: { readonly terminated_at?: string; readonly commitment?: number } = {},
) {
  return ok(
    previewInvoice(
      input({
        subscriptions: [
          {
            subscription: subscription({
              started_at: '2025-09-01T00:00:00Z',
              ...(more.terminated_at === undefined ? {} : { terminated_at: more.terminated_at }),
            }),
            plan: plan({
              charges,
              ...(more.commitment === undefined
                ? {}
                : { commitment: { amount_cents: more.commitment } }),
            }),
          },
        ],
        billableMetrics: [seats, storage],
        events: [...SEATS, ...STORAGE].filter((e) => String(e.timestamp) <= now),
        now,
      }),
    ),
  );
}

const summary = (fee: Fee | undefined) => [
  fee?.units,
  fee?.amount_cents,
  fee?.from_date,
  fee?.to_date,
  fee?.pay_in_advance,
];

describe('a recurring unique count paid in advance, over three invoices', () => {
  it('each run bills the seats carried into the next period on the invoice, 10.00 each, dated that period', () => {
    expect(summary(feesOf(preview(SEP, [seatsCharge()]), 'charge')[0])).toEqual([
      '2', // {a, b} on Sep 30
      2000,
      '2025-10-01T00:00:00Z',
      '2025-10-31T23:59:59Z',
      false,
    ]);
    expect(summary(feesOf(preview(OCT, [seatsCharge()]), 'charge')[0])).toEqual([
      '3', // {a, b, c} on Oct 31
      3000,
      '2025-11-01T00:00:00Z',
      '2025-11-30T23:59:59Z',
      false,
    ]);
    expect(summary(feesOf(preview(NOV, [seatsCharge()]), 'charge')[0])).toEqual([
      '3', // {a, b, d} on Nov 30
      3000,
      '2025-12-01T00:00:00Z',
      '2025-12-31T23:59:59Z',
      false,
    ]);
  });

  it("the period's pay-in-advance fee is the carried seats plus what its events billed, each seat once", () => {
    // September: a and b, 2 seats. October: 2 carried + b back above the count of 2 (1) = 3.
    // November: 3 carried + d (the 4th seat, Nov 5..8) = 4; a, added again on Nov 3, is not
    // billed twice.
    const periodFee = (now: string) =>
      summary(preview(now, [seatsCharge()]).pay_in_advance_fees[0]).slice(0, 2);
    expect([SEP, OCT, NOV].map(periodFee)).toEqual([
      ['2', 2000],
      ['3', 3000],
      ['4', 4000],
    ]);
  });

  it("November's bill: the 30.00 carried in on the October invoice plus November's events (10.00) = 40.00", () => {
    const carriedIn = feesOf(preview(OCT, [seatsCharge()]), 'charge')[0]?.amount_cents ?? 0;
    const events = ok(
      payInAdvanceFees({
        charge: {
          svc_id: seatsCharge().svc_id as string,
          billable_metric_code: 'seats',
          charge_model: 'standard',
          properties: { amount: '10' },
          pay_in_advance: true,
        },
        billableMetric: seats,
        events: SEATS,
        period: {
          charges_from_datetime: '2025-11-01T00:00:00Z',
          charges_to_datetime: '2025-11-30T23:59:59Z',
          charges_duration: 30,
        },
        currency: 'EUR',
      }),
    );
    // Nov 3 add a: 0 (active since September); Nov 5 add d: 10.00; Nov 8 remove c: 0.
    expect(events.map((f) => [f.units, f.amount_cents])).toEqual([
      ['0', 0],
      ['1', 1000],
      ['0', 0],
    ]);
    const november = preview(NOV, [seatsCharge()]).pay_in_advance_fees[0]?.amount_cents;
    expect(carriedIn + events.reduce((t, f) => t + f.amount_cents, 0)).toBe(november);
  });

  it('a prorated charge bills the carried seats in full: 2 × 10.00 on the October invoice', () => {
    const [fee] = feesOf(preview(SEP, [seatsCharge({ prorated: true })]), 'charge');
    expect(summary(fee).slice(0, 2)).toEqual(['2', 2000]);
  });

  it('a non-invoiceable charge bills the carried seats apart, as a pay-in-advance fee', () => {
    const run = preview(SEP, [seatsCharge({ invoiceable: false })]);
    expect(feesOf(run, 'charge')).toEqual([]);
    expect(
      run.pay_in_advance_fees.map((f) => [f.units, f.amount_cents, f.from_date, f.invoiceable]),
    ).toEqual([
      ['2', 2000, '2025-09-01T00:00:00Z', false], // September's events
      ['2', 2000, '2025-10-01T00:00:00Z', false], // carried into October
    ]);
  });

  it('the termination run bills no next period', () => {
    const run = preview('2025-11-20T00:00:00Z', [seatsCharge()], {
      terminated_at: '2025-11-20T00:00:00Z',
    });
    expect(feesOf(run, 'charge')).toEqual([]);
    expect(run.pay_in_advance_fees.map((f) => [f.units, f.amount_cents])).toEqual([['4', 4000]]);
  });

  it("the carried fee belongs to the next period: the closing period's commitment counts the period's own fee", () => {
    // October: subscription 100.00 + seats 30.00 (2 carried in + 1) = 130.00; a commitment of
    // 200.00 is trued up by 70.00. The 30.00 billed for November is November's.
    const run = preview(OCT, [seatsCharge()], { commitment: 20000 });
    expect(run.commitments[0]?.true_up.amount_cents).toBe(7000);
  });

  it('a charge in arrears bills the closing period only', () => {
    const [fee] = feesOf(preview(OCT, [seatsCharge({ pay_in_advance: false })]), 'charge');
    expect(summary(fee)).toEqual([
      '3',
      3000,
      '2025-10-01T00:00:00Z',
      '2025-10-31T23:59:59Z',
      false,
    ]);
  });
});

describe('recurring metrics in arrears: the invoice bills the period it closes, nothing ahead', () => {
  it('October: 3 seats (24.19 prorated), 11 storage units (22.13 prorated)', () => {
    const storageCharge = (prorated: boolean) =>
      charge('storage', 'standard', { amount: '2' }, { prorated });
    const run = (charges: readonly Record<string, unknown>[]) =>
      feesOf(preview(OCT, charges), 'charge').map((f) => [f.item.code, f.units, f.amount_cents]);
    // Seats: {a, b, c} at 10.00 = 30.00. Prorated: a 31 days, b 5 + 17, c 22 = 75 seat-days;
    // 75/31 = 2.41936 (ceil 5) × 10 = 24.1936 -> 2419, showing the 3 seats.
    // Storage: 11 at 2.00 = 22.00. Prorated: (10·31 + 5·29 − 8·20 + 4·12)/31 = 343/31 =
    // 11.06452 (ceil 5) × 2 = 22.12904 -> 2213, showing the 11 units.
    expect(run([seatsCharge({ pay_in_advance: false }), storageCharge(false)])).toEqual([
      ['seats', '3', 3000],
      ['storage', '11', 2200],
    ]);
    expect(
      run([seatsCharge({ pay_in_advance: false, prorated: true }), storageCharge(true)]),
    ).toEqual([
      ['seats', '3', 2419],
      ['storage', '11', 2213],
    ]);
  });
});

describe('a recurring sum paid in advance', () => {
  it('the October run bills the 11 units carried into November: 22.00; October itself billed 15 units', () => {
    const run = preview(OCT, [
      charge('storage', 'standard', { amount: '2' }, { pay_in_advance: true }),
    ]);
    expect(summary(feesOf(run, 'charge')[0])).toEqual([
      '11',
      2200,
      '2025-11-01T00:00:00Z',
      '2025-11-30T23:59:59Z',
      false,
    ]);
    // 10 carried in, +5 up to 15, then 7 and 11: the highest is 15 -> 30.00.
    expect(run.pay_in_advance_fees.map((f) => [f.units, f.amount_cents])).toEqual([['15', 3000]]);
  });

  it('prorated: the carried 11 units are billed in full (22.00); October billed 10 + 5 × 29/31 units', () => {
    const run = preview(OCT, [
      charge('storage', 'standard', { amount: '2' }, { pay_in_advance: true, prorated: true }),
    ]);
    expect(summary(feesOf(run, 'charge')[0]).slice(0, 2)).toEqual(['11', 2200]);
    // +5 on Oct 3 10:00 for 29 of 31 days: 4.67742 (ceil 5); (10 + 4.67742) × 2 -> 2935.
    // A prorated fee shows its full units: 10 + 5 = 15.
    expect(run.pay_in_advance_fees.map((f) => [f.units, f.amount_cents])).toEqual([['15', 2935]]);
  });
});
