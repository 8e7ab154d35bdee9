/**
 * Issue 20 §3: the engine's stages hand each other decimals; text is written and read only at
 * the wire edges. `previewInvoice` of the bundled example (`examples/`: the `api_calls` metric
 * and its 30 March events) is run with the decimal core's `formatDecimal` and `parseDecimal`
 * counted, and every call is a wire field written or read, counted by hand below: text is
 * written once, at the wire edge, and read only where it comes from the caller. A stage that
 * writes a figure as text and reads it back adds calls (per event when it is a per-event
 * view, per fee when it is a fee's amount), and this test fails.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BillableMetric } from '@feecast/models';
import { describe, expect, it, vi } from 'vitest';
import type { UsageEvent } from '../../../src/aggregation/index';
import * as format from '../../../src/core/decimal/format';
import * as parse from '../../../src/core/decimal/parse';
import { computeInvoiceTotals } from '../../../src/invoice/index';
import { previewInvoice } from '../../../src/operations/preview-invoice/index';
import { charge, input, ok, plan, wire } from './builders';

vi.mock('../../../src/core/decimal/format', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/core/decimal/format')>();
  return { ...actual, formatDecimal: vi.fn(actual.formatDecimal) };
});
vi.mock('../../../src/core/decimal/parse', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/core/decimal/parse')>();
  return { ...actual, parseDecimal: vi.fn(actual.parseDecimal) };
});

const EXAMPLES = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../examples');

function json(file: string): unknown {
  return JSON.parse(readFileSync(resolve(EXAMPLES, file), 'utf8'));
}

const apiCalls = wire(
  BillableMetric,
  (json('billable_metric.json') as Record<string, unknown>).billable_metric,
);

/** The 30 example events, of the builders' subscription `sub_1`. */
const exampleEvents: UsageEvent[] = readFileSync(resolve(EXAMPLES, 'events.ndjson'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => ({ ...(JSON.parse(line) as UsageEvent), external_subscription_id: 'sub_1' }));

/**
 * The README's demo charge (standard, 0.0125 EUR a call) and a percentage charge whose free
 * units walk the events' values (1 % beyond the first 100 calls), on a 100.00 EUR plan.
 */
const demoPlan = plan({
  charges: [
    charge(
      'api_calls',
      'standard',
      { amount: '0.0125' },
      { svc_billable_metric_id: apiCalls.svc_id },
    ),
    charge(
      'api_calls',
      'percentage',
      { rate: '1', free_units_per_total_aggregation: '100' },
      { svc_id: '00000000-0000-4000-8000-0000000000c2', svc_billable_metric_id: apiCalls.svc_id },
    ),
  ],
});

/** The preview of `events` in March 2025 on `onPlan`, and the text calls it made. */
function counted(events: readonly UsageEvent[], onPlan = demoPlan) {
  const formats = vi.mocked(format.formatDecimal);
  const parses = vi.mocked(parse.parseDecimal);
  formats.mockClear();
  parses.mockClear();
  const preview = ok(
    previewInvoice(
      input({
        plan: onPlan,
        billableMetrics: [apiCalls],
        events,
        now: '2025-03-31T23:59:59Z',
      }),
    ),
  );
  return {
    fees: preview.invoice.fees.map((fee) => [fee.amount_cents, fee.units]),
    formats: formats.mock.calls.length,
    parses: parses.mock.calls.length,
  };
}

describe('text calls of previewInvoice (issue 20 §3)', () => {
  it('writes and reads only wire fields, counted by hand, on the bundled example', () => {
    const run = counted(exampleEvents);
    // The figures (examples/README.md): 5715.5 calls; 5715.5 × 0.0125 = 71.44375 -> 7144
    // cents; free units: running totals 7, 657 (the first beyond 100), so 100 free;
    // (5715.5 − 100) × 1 % = 56.155 -> 5616 cents; the plan's 100.00 EUR.
    expect(run.fees).toEqual([
      [10000, '1'],
      [7144, '5715.5'],
      [5616, '5715.5'],
    ]);
    // formatDecimal, 24 calls, each a wire field written:
    //   3 fees × 3 amount fields (precise_amount_cents, precise_unit_amount, precise_amount) = 9
    //   3 fees × `units`                                                                      = 3
    //   the percentage fee's amount_details (units, free_units, paid_units, rate,
    //     per_unit_total_amount, fixed_fee_unit_amount, fixed_fee_total_amount,
    //     min_max_adjustment_total_amount)                                                    = 8
    //   the billing periods' period_ratio (the subscription's and the charges')               = 2
    //   the invoice's tax rate, and its precise total cents                                    = 2
    //   9 + 3 + 8 + 2 + 2 = 24
    expect(run.formats).toBe(24);
    // parseDecimal, 3 calls, each a wire input read: the charges' properties (amount, rate,
    // free_units_per_total_aggregation) = 3. None of a text the engine wrote: before, 19 =
    //   3 (the properties)
    //   + 1 (the subscription fee's units, '1', written as text for the fee builder)
    //   + 12 (the invoice floor's two passes, taxes then the invoice's taxes, each reading
    //     every fee's precise_amount and precise_coupons_amount_cents: 3 fees × 2 × 2)
    //   + 3 (each fee's absent precise_credit_notes_amount_cents, read as '0');
    // now the subscription fee is built from its decimal units, the invoice floor takes the
    // decimals the fees were written from (`fees/fee-decimals.ts`) and an absent credit-note
    // share is 0: 19 − 1 − 12 − 3 = 3.
    expect(run.parses).toBe(3);
  });

  it("reads no text for a charge's min_amount_cents true-up", () => {
    // The standard charge with a 100.00 EUR minimum (min_amount_cents 10000) over the whole
    // of March (31 of 31 days): it used 7144 cents, so a true-up of 10000 − 7144 = 2856 cents,
    // one unit (charge-models.md §4). The true-up sums its fees' exact precise cents
    // (7144.375) as decimals: the parses stay the 3 charge properties of the first test.
    const withMinimum = plan({
      charges: [
        charge(
          'api_calls',
          'standard',
          { amount: '0.0125' },
          { svc_billable_metric_id: apiCalls.svc_id, min_amount_cents: 10000 },
        ),
        ...demoPlan.charges.slice(1),
      ],
    });
    const run = counted(exampleEvents, withMinimum);
    expect(run.fees).toContainEqual([2856, '1']);
    expect(run.fees).toHaveLength(4);
    expect(run.parses).toBe(3);
  });

  it('makes as many text calls for twice the events: none per event', () => {
    // Each event again, at the same instant, under another transaction id: the units double.
    const doubled = exampleEvents.flatMap((event) => [
      event,
      { ...event, transaction_id: `${event.transaction_id}_again` },
    ]);
    const once = counted(exampleEvents);
    const twice = counted(doubled);
    // 11431 calls: 11431 × 0.0125 = 142.8875 -> 14289 cents; free: running totals 7, 14
    // (the copy), 664 (the first beyond 100), so 100; (11431 − 100) × 1 % = 113.31 -> 11331 cents.
    expect(twice.fees).toEqual([
      [10000, '1'],
      [14289, '11431'],
      [11331, '11431'],
    ]);
    expect([twice.formats, twice.parses]).toEqual([once.formats, once.parses]);
  });

  it('gives the same invoice from the decimals kept beside the fees as from their texts', () => {
    const { invoice } = ok(
      previewInvoice(
        input({
          plan: demoPlan,
          billableMetrics: [apiCalls],
          events: exampleEvents,
          now: '2025-03-31T23:59:59Z',
        }),
      ),
    );
    const parses = vi.mocked(parse.parseDecimal);
    parses.mockClear();
    // The invoice as the engine built it: its fees' decimals are kept (no text read).
    const kept = ok(computeInvoiceTotals(invoice));
    const keptReads = parses.mock.calls.length;
    // The same invoice as JSON (a stored invoice, a caller's): every text is read.
    const read = ok(computeInvoiceTotals(JSON.parse(JSON.stringify(invoice)) as typeof invoice));
    // The invoice's taxes (no tax sources, coupons or credit notes given: the fees keep their
    // taxes) read each of the 3 fees' precise_amount and precise_coupons_amount_cents: 3 × 2 = 6.
    expect([keptReads, parses.mock.calls.length - keptReads]).toEqual([0, 6]);
    expect(JSON.parse(JSON.stringify(kept.invoice))).toEqual(
      JSON.parse(JSON.stringify(read.invoice)),
    );
    expect(kept.taxes_rate).toBe(read.taxes_rate);
  });
});
