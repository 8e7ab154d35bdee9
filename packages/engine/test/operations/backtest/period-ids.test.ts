import { describe, expect, it } from 'vitest';
import { PeriodIds } from '../../../src/operations/backtest/period-ids';

describe('PeriodIds', () => {
  it('finds a repeat within a period, not across periods', () => {
    const ids = new PeriodIds();
    expect(ids.repeated('a', 0)).toBe(false);
    expect(ids.repeated('a', 0)).toBe(true);
    // The same id in periods 2 then 1: new in each, then repeats in each.
    expect(ids.repeated('a', 2)).toBe(false);
    expect(ids.repeated('a', 1)).toBe(false);
    expect(ids.repeated('a', 2)).toBe(true);
    expect(ids.repeated('a', 1)).toBe(true);
    expect(ids.repeated('b', 1)).toBe(false);
    expect(ids.repeated('a', 0)).toBe(true);
  });

  it('agrees with a set of (id, period) pairs on any sequence', () => {
    const ids = new PeriodIds();
    const seen = new Set<string>();
    // A seeded walk over 40 ids and 5 periods, thousands of times.
    let x = 7;
    for (let i = 0; i < 5000; i++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      const id = `t${x % 40}`;
      const period = (x >> 8) % 5;
      const pair = `${period}:${id}`;
      expect(ids.repeated(id, period)).toBe(seen.has(pair));
      seen.add(pair);
    }
  });
});
