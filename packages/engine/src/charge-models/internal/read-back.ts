import { isRight } from 'fp-ts/lib/Either.js';
import { type Decimal, parseDecimal, ZERO } from '../../core/index';

/**
 * A decimal text that the engine formatted itself (a model's amount, a detail, a running total)
 * read back; such texts always parse, so no `Either` is needed (undefined reads as 0).
 *
 * @example
 * formatDecimal(readBack('12.5')) // '12.5'
 * formatDecimal(readBack(undefined)) // '0'
 * @internal
 */
export function readBack(text: string | undefined): Decimal {
  if (text === undefined) return ZERO;
  const parsed = parseDecimal(text);
  return isRight(parsed) ? parsed.right : ZERO;
}
