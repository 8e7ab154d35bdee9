/**
 * The file and line of each event the engine's aggregation refused. The audit gives each
 * charged metric's accumulator only that metric's in-scope events, in the order of the file,
 * and the engine names each refused event by its position in its accumulator's stream
 * (`Rejection.index`); so a second pass re-reads the file, counts the same events per metric
 * and gives each refused position its line. Memory: the refused rejections, nothing per event.
 */
import type { FeecastError, Rejection } from '@feecast/engine';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import type { AuditInput, RejectedEvent } from './events-audit';
import { scopeOf } from './scope';

/**
 * Every event of the audit's scope that the engine's aggregation refused, with its file and
 * line, in the order of the file. `refused` holds, per metric code, the rejections of that
 * metric's accumulator by stream position (the audit's first pass found them).
 *
 * @example
 * locateRejections(input, new Map([['api_calls', new Map([[11, rejection]])]]))
 * // right([{ file: 'events.ndjson', line: 12, transaction_id: 'tr_0012', reason: 'invalid_value', message: '...' }])
 */
export function locateRejections(
  input: AuditInput,
  refused: ReadonlyMap<string, ReadonlyMap<number, Rejection>>,
): Either<FeecastError, RejectedEvent[]> {
  const { file } = input;
  const charged = new Set(input.metrics.map((metric) => metric.code));
  const positions = new Map<string, number>();
  const located: RejectedEvent[] = [];
  const pass = file.read(() => undefined);
  for (const event of pass.events) {
    if (!charged.has(event.code) || scopeOf(event, input.scope) !== 'in_scope') continue;
    const position = positions.get(event.code) ?? 0;
    positions.set(event.code, position + 1);
    const rejection = refused.get(event.code)?.get(position);
    if (rejection === undefined) continue;
    located.push({
      file: file.name,
      line: pass.line(),
      transaction_id: event.transaction_id === '' ? null : event.transaction_id,
      reason: rejection.reason,
      message: rejection.message,
    });
  }
  const broken = file.error();
  return broken === undefined ? right(located) : left(broken);
}
