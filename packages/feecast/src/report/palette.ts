/**
 * The colours of plans and charges in the charts: fixed, distinct, readable on white.
 */

const COLOURS = [
  '#2563eb',
  '#dc2626',
  '#16a34a',
  '#9333ea',
  '#ea580c',
  '#0891b2',
  '#ca8a04',
  '#db2777',
] as const;

/**
 * The colour of the `index`-th series (plans, charges), cycling through eight colours.
 *
 * @example
 * colour(0) // '#2563eb'
 * colour(8) // '#2563eb'
 */
export function colour(index: number): string {
  return COLOURS[index % COLOURS.length] ?? COLOURS[0];
}
