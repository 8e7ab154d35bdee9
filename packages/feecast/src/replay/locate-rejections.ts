/**
 * The file and line of each event the engine's aggregation refused. The engine names a
 * refused event by its transaction id only, and an id can repeat (a duplicate, a missing id);
 * so a second pass re-reads the file and asks the engine about each event whose id was
 * refused, on its own.
 *
 * Only events that share an id act on each other in an aggregation: the first one that gets
 * past the checks of the event itself claims the id, and the later ones are duplicates. So an
 * event's fate is the engine's verdict on the id's claimers followed by the event, given
 * twice: the second copy is refused as `duplicate_transaction_id` exactly when the first one
 * claims the id. Each check is a fresh accumulator of a few events, so the pass costs the same
 * per rejected event, however many there are.
 */
import {
  type BillableMetricInput,
  createAccumulator,
  type FeecastError,
  type Rejection,
} from '@feecast/engine';
import type { UsageEvent } from '@feecast/models';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import type { AuditInput, RejectedEvent } from './events-audit';
import { scopeOf } from './scope';

/** The events that claimed an id (one per subscription key at most), and their own rejections. */
interface Claims {
  readonly events: UsageEvent[];
  refused: number;
}

/** What the engine makes of `event` after the id's claimers. */
interface Verdict {
  /** The event's own rejection; `undefined` when it counts. */
  readonly rejection: Rejection | undefined;
  /** Whether it claims the id (a later event with the id is a duplicate). */
  readonly claims: boolean;
}

function verdict(
  metric: BillableMetricInput,
  input: AuditInput,
  claims: Claims,
  event: UsageEvent,
): Either<FeecastError, Verdict> {
  const accumulator = createAccumulator(metric, { ...input.period, timezone: input.timezone });
  if (accumulator._tag === 'Left') return accumulator;
  for (const claimer of claims.events) accumulator.right.add(claimer);
  accumulator.right.add(event);
  accumulator.right.add(event);
  const [first, second] = accumulator.right.result().rejected.slice(claims.refused);
  if (second === undefined) return right({ rejection: undefined, claims: true });
  const isDuplicate = (r: Rejection | undefined) => r?.reason === 'duplicate_transaction_id';
  return right({ rejection: first, claims: !isDuplicate(first) && isDuplicate(second) });
}

/**
 * Every event of the audit's scope that the engine's aggregation refuses for another reason
 * than the period, with its file and line, in the order of the file. `refused` holds the
 * transaction ids refused per metric code (the audit's first pass found them).
 *
 * @example
 * locateRejections(input, new Map([['api_calls', new Set(['tr_0012'])]]))
 * // right([{ file: 'events.ndjson', line: 12, transaction_id: 'tr_0012', reason: 'invalid_value', message: '...' }])
 */
export function locateRejections(
  input: AuditInput,
  refused: ReadonlyMap<string, ReadonlySet<string>>,
): Either<FeecastError, RejectedEvent[]> {
  const { file } = input;
  const metrics = new Map(input.metrics.map((metric) => [metric.code, metric]));
  const claimed = new Map<string, Claims>();
  const located: RejectedEvent[] = [];
  const pass = file.read(() => undefined);
  for (const event of pass.events) {
    const id = event.transaction_id;
    const metric = metrics.get(event.code);
    if (metric === undefined || refused.get(event.code)?.has(id) !== true) continue;
    if (scopeOf(event, input.scope) !== 'in_scope') continue;
    const key = `${event.code}\u0000${id}`;
    const claims = claimed.get(key) ?? { events: [], refused: 0 };
    const found = verdict(metric, input, claims, event);
    if (found._tag === 'Left') return found;
    const { rejection } = found.right;
    if (found.right.claims) {
      claims.events.push(event);
      if (rejection !== undefined) claims.refused++;
      claimed.set(key, claims);
    }
    if (rejection === undefined || rejection.reason === 'outside_period') continue;
    located.push({
      file: file.name,
      line: pass.line(),
      transaction_id: id === '' ? null : id,
      reason: rejection.reason,
      message: rejection.message,
    });
  }
  const broken = file.error();
  return broken === undefined ? right(located) : left(broken);
}
