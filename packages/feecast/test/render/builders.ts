// Shared builders of the render suites: wire objects from the shared fixtures, changed where
// a test needs it, and a stream that records what a progress bar draws.
import type { CustomerProjectedUsage, Fee, Invoice } from '@feecast/models';
import { fixture } from '../inputs/builders';

/** Changes to a wire object, with plain values where the types are branded. */
type Changes = Readonly<Record<string, unknown>>;

/** The fee of the estimate-fees fixture (Seats, filter Europe, 10.00 + 2.00 USD), changed by `changes`. */
export function fee(changes: Changes = {}, item: Changes = {}): Fee {
  const [base] = (fixture('response.estimate_fees.json') as unknown as { fees: Fee[] }).fees;
  if (base === undefined) throw new Error('the estimate-fees fixture has no fee');
  // A test double: the changed values are valid wire values (the codecs' brands are not).
  return { ...base, ...changes, item: { ...base.item, ...item } } as unknown as Fee;
}

/** The invoice fixture (LAG-1234-001-002, 118.48 USD), changed by `changes`. */
export function invoice(changes: Changes = {}): Invoice {
  const base = (fixture('response.invoice.json') as unknown as { invoice: Invoice }).invoice;
  return { ...base, ...changes } as unknown as Invoice;
}

/** The projected-usage fixture (43.43 USD so far, 81.83 USD projected). */
export function projectedUsage(): CustomerProjectedUsage {
  return (
    fixture('response.customer_projected_usage.json') as unknown as {
      customer_projected_usage: CustomerProjectedUsage;
    }
  ).customer_projected_usage;
}

/** A stream double: what was written, and whether it is a terminal. */
export function stream(isTTY: boolean | undefined, columns = 60) {
  const writes: string[] = [];
  return {
    writes,
    columns,
    ...(isTTY === undefined ? {} : { isTTY }),
    write: (text: string) => writes.push(text),
  };
}
