/**
 * Figures read from a state's invoices (what a subscription's invoices billed, the lines of a
 * customer's drafts...), kept with the invoices list they were read from. A state's
 * collections never change (a change makes another array), so a figure stays true until the
 * state's `invoices` is another array: a stored event that issues no invoice reads it at the
 * cost of a look-up, not of a pass over every invoice. An event that issues one (a threshold
 * passed, a pay-in-advance fee) makes a new list, and the figures it reads are made again.
 */
import type { Invoice } from '@feecast/models';
import type { Items } from '../state/chunked-list';

/** Each invoices list's figures, by key. */
const figures = new WeakMap<Items<Invoice>, Map<string, unknown>>();

/**
 * The figure `key` of `invoices`: the one kept for that list when `usable` accepts it, else
 * `compute()`'s, kept for the next time.
 *
 * @example
 * invoiceFigure(state.invoices, `drafts:${customerId}`, () => draftLines(state.invoices, customerId));
 */
export function invoiceFigure<T>(
  invoices: Items<Invoice>,
  key: string,
  compute: () => T,
  usable: (kept: T) => boolean = () => true,
): T {
  let known = figures.get(invoices);
  if (known === undefined) {
    known = new Map();
    figures.set(invoices, known);
  }
  if (known.has(key)) {
    const kept = known.get(key) as T;
    if (usable(kept)) return kept;
  }
  const made = compute();
  known.set(key, made);
  return made;
}
