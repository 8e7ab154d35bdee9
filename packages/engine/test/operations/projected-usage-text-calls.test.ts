/**
 * Issue 20 §3: projected usage reads the period ratio (`period_ratio`, the elapsed share of
 * the period) once per call, as a decimal for every bucket's projection, not back from its
 * text per bucket. `projectedUsage` of a charge grouped by region is run with the decimal
 * core's `parseDecimal` watched, over events of one region and of four: the ratio's text is
 * read once either way, and no text is read per group.
 */
import { describe, expect, it, vi } from 'vitest';
import type { UsageEvent } from '../../src/aggregation/index';
import * as parse from '../../src/core/decimal/parse';
import { projectedUsage } from '../../src/operations/index';
import { charge, customer, events, metric, plan, rightOf, subscription } from './builders';

vi.mock('../../src/core/decimal/parse', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/core/decimal/parse')>();
  return { ...actual, parseDecimal: vi.fn(actual.parseDecimal) };
});

const calls = metric('api_calls', 'count_agg');
const grouped = charge(calls, 'standard', { amount: '1', pricing_group_keys: ['region'] });

/** July 2025, now the 3rd at 10:00: 3 of 31 days elapsed. */
const NOW = '2025-07-03T10:00:00Z';
const RATIO = '0.0967741935483870967741935483870967741935';

/** The projection of `given` events: the groups' projected units, and the reads of the ratio. */
function counted(given: readonly UsageEvent[]) {
  const parses = vi.mocked(parse.parseDecimal);
  parses.mockClear();
  const body = rightOf(
    projectedUsage({
      customer: customer(),
      subscription: subscription('2025-01-01T00:00:00Z'),
      plan: plan([grouped]),
      billableMetrics: [calls],
      events: given,
      now: NOW,
    }),
  ).customer_projected_usage;
  const texts = parses.mock.calls.map((call) => call[0]);
  return {
    groups: (body.charges_usage[0]?.grouped_usage ?? []).map((group) => [
      group.grouped_by,
      group.projected_units,
    ]),
    parses: texts.length,
    ratioReads: texts.filter((text) => text === RATIO).length,
  };
}

describe('text calls of projectedUsage (issue 20 §3)', () => {
  it('reads the period ratio once per call, whatever the number of groups', () => {
    const one = counted(events(3, 'api_calls', '2025-07-02T10:00:00Z', { region: 'eu' }));
    const four = counted(
      ['eu', 'us', 'ap', 'sa'].flatMap((region) =>
        events(3, 'api_calls', '2025-07-02T10:00:00Z', { region }),
      ),
    );
    // 3 days of July's 31: ratio 3/31; each group's 3 calls project to 3 ÷ (3/31) = 31 (the
    // groups in the order of their values).
    expect(one.groups).toEqual([[{ region: 'eu' }, '31']]);
    expect(four.groups).toEqual([
      [{ region: 'ap' }, '31'],
      [{ region: 'eu' }, '31'],
      [{ region: 'sa' }, '31'],
      [{ region: 'us' }, '31'],
    ]);
    expect([one.ratioReads, four.ratioReads]).toEqual([1, 1]);
    // Before, the ratio was read once to check it, then again by every group priced: 1 + 1
    // and 1 + 4 reads.
    // Nor does any other read depend on the groups: before, the usage rows also read each
    // group's fee's units, total_aggregated_units and projected_units back (3 per group); now
    // they take the decimals those texts were written from (`fees/fee-decimals.ts`). What is
    // read is the wire input: the charge's amount (read when the plan is checked and when the
    // charge is set up) and the ratio: 2 + 1 = 3 for any number of groups.
    expect([one.parses, four.parses]).toEqual([3, 3]);
  });
});
