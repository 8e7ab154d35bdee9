import type { Cents, DecimalString, Timestamp } from '@feecast/models';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { type Decimal, decimalFromInteger, equals } from './decimal/decimal';
import { formatDecimal } from './decimal/format';
import { type FeecastError, feecastError } from './error';
import { roundToCent } from './money';
import { formatInstant, type Instant } from './time/instant';

/**
 * Converters between the wire's branded scalars and the engine's exact values, for the
 * adjustments modules. Reading never throws: a value that is not what its type promises (an
 * object built by hand rather than decoded) is a `Left` naming its path.
 * @internal
 */

/**
 * A `*_cents` integer as an exact decimal; a fraction or a non-number is a `Left`.
 *
 * @example
 * readCents(1000, ['balance_cents']) // right(1000)
 * readCents(10.5, ['balance_cents']) // left({ code: 'invalid_input', ... })
 * @internal
 */
export function readCents(value: unknown, path: readonly string[]): Either<FeecastError, Decimal> {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    return left(
      feecastError(
        'invalid_input',
        `${path.join('.')} must be an integer number of minor units, got ${JSON.stringify(value) ?? typeof value}.`,
        path,
        { value },
      ),
    );
  }
  return decimalFromInteger(value);
}

/**
 * An exact decimal that is a whole number of minor units as a wire `*_cents` integer; a value
 * with a fraction or beyond ±(2^53 − 1) is a `Left`.
 *
 * @example
 * toWireCents(d('103'), ['amount_cents'])   // right(103)
 * toWireCents(d('103.5'), ['amount_cents']) // left({ code: 'out_of_range', ... })
 * @internal
 */
export function toWireCents(value: Decimal, path: readonly string[]): Either<FeecastError, Cents> {
  const text = formatDecimal(value);
  // Not float arithmetic: the plain text of an exact integer, read as a JSON number would be,
  // and checked to be a safe integer (so it is exactly that integer).
  const n = Number(text);
  if (!equals(roundToCent(value), value) || !Number.isSafeInteger(n)) {
    return left(
      feecastError(
        'out_of_range',
        `${path.join('.')} would be ${text} minor units, which is not a safe integer.`,
        path,
        { value: text },
      ),
    );
  }
  // `Cents` is a safe integer, checked just above.
  return right((n === 0 ? 0 : n) as Cents);
}

/**
 * A decimal as a wire decimal string, in plain notation.
 *
 * @example
 * toWireDecimal(d('1.5e3')) // '1500'
 * @internal
 */
export function toWireDecimal(value: Decimal): DecimalString {
  // formatDecimal writes plain notation (`-?digits(.digits)?`), inside the DecimalString grammar.
  return formatDecimal(value) as DecimalString;
}

/**
 * An instant as a wire timestamp (`YYYY-MM-DDTHH:MM:SSZ`).
 *
 * @example
 * toWireTimestamp(86_400_000) // '1970-01-02T00:00:00Z'
 * @internal
 */
export function toWireTimestamp(instant: Instant): Timestamp {
  // formatInstant writes the service's own UTC form, inside the Timestamp grammar.
  return formatInstant(instant) as Timestamp;
}

/**
 * An integer the engine counted itself (a sequence number, a count) as a wire integer.
 *
 * @example
 * countToWire<Integer>(50) // 50, typed as a wire Integer
 * @internal
 */
export function countToWire<B extends number>(n: number): B {
  // Callers pass small non-negative integers they produced (array lengths plus one).
  return n as B;
}
