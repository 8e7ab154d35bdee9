/**
 * The three months of a recurring unique count and a recurring sum that the worked figures of
 * test/operations/recurring.test.ts and test/operations/preview-invoice/recurring.test.ts share
 * (September to November 2025, every change at 10:00 UTC):
 *
 * Seats (unique count):
 *   Sep 10 add a, Sep 20 add b                        -> end of September {a, b}     = 2
 *   Oct 5 remove b, Oct 10 add c, Oct 15 add b        -> end of October {a, b, c}    = 3
 *   Nov 3 add a (still active), Nov 5 add d, Nov 8 remove c -> end of November {a, b, d} = 3
 * Storage (sum):
 *   Sep 5 +10 (10) | Oct 3 +5 (15), Oct 12 −8 (7), Oct 20 +4 (11) | Nov 10 +6 (17)
 */

/** One change: its `MM-DD` day of 2025, the seat or the delta, and whether it removes a seat. */
export interface RecurringChange {
  readonly day: string;
  readonly value: string;
  readonly remove: boolean;
}

const change = (day: string, value: string, remove = false): RecurringChange => ({
  day,
  value,
  remove,
});

export const SEAT_CHANGES: readonly RecurringChange[] = [
  change('09-10', 'a'),
  change('09-20', 'b'),
  change('10-05', 'b', true),
  change('10-10', 'c'),
  change('10-15', 'b'),
  change('11-03', 'a'),
  change('11-05', 'd'),
  change('11-08', 'c', true),
];

export const STORAGE_CHANGES: readonly RecurringChange[] = [
  change('09-05', '10'),
  change('10-03', '5'),
  change('10-12', '-8'),
  change('10-20', '4'),
  change('11-10', '6'),
];

/** The timestamp of a change. */
export const changeTime = (c: RecurringChange): string => `2025-${c.day}T10:00:00Z`;

/** A change's properties, its value under `field` (a removal with `operation_type: remove`). */
export function changeProperties(c: RecurringChange, field: string): Record<string, unknown> {
  return { [field]: c.value, ...(c.remove ? { operation_type: 'remove' } : {}) };
}
