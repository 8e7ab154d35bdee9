import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type FeecastError,
  feecastError,
  formatInstant,
  type Instant,
  parseInstant,
  type TimeZone,
  timeZone,
} from '../core/index';

/** A range of instants and the zone whose local days it is counted in. */
export interface LocalRange {
  readonly zone: TimeZone;
  readonly from: Instant;
  readonly to: Instant;
}

/**
 * Reads the zone and the two ends of a range given as wire timestamps, naming each input by
 * its key in errors; with `ordered`, an end before the start is a `Left` too.
 * @internal
 */
export function localRange<K extends string>(
  timezone: unknown,
  ends: Readonly<Record<K, unknown>>,
  [fromKey, toKey]: readonly [K, K],
  ordered: boolean,
): Either<FeecastError, LocalRange> {
  const zone = timeZone(timezone, ['timezone']);
  if (isLeft(zone)) return zone;
  const from = parseInstant(ends[fromKey], [fromKey]);
  if (isLeft(from)) return from;
  const to = parseInstant(ends[toKey], [toKey]);
  if (isLeft(to)) return to;
  if (ordered && to.right < from.right) {
    return left(
      feecastError(
        'invalid_input',
        `${toKey} (${formatInstant(to.right)}) is before ${fromKey} (${formatInstant(from.right)}); give the start, then the end.`,
        [toKey],
      ),
    );
  }
  return right({ zone: zone.right, from: from.right, to: to.right });
}
