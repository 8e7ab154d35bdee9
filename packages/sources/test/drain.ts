// Everything an event source gives: its events, its rejections (row or line, and message),
// and the error it ended with.
import type { FeecastError } from '@feecast/engine';
import type { UsageEvent } from '@feecast/models';
import type { AsyncEventSource, RejectionListener } from '../src/index';

/** What a source gave. */
export interface Drained {
  events: UsageEvent[];
  rejected: [number, string][];
  error: FeecastError | undefined;
}

/** Reads every event of the source `make` builds around the listener it is given. */
export async function drain(
  make: (onRejected: RejectionListener) => AsyncEventSource,
): Promise<Drained> {
  const rejected: [number, string][] = [];
  const source = make((error, row) => rejected.push([row, error.message]));
  const events: UsageEvent[] = [];
  for await (const event of source.events) events.push(event);
  return { events, rejected, error: source.error() };
}
