import { type Either, isLeft, left } from 'fp-ts/lib/Either.js';
import {
  type Decimal,
  describeValue,
  type FeecastError,
  feecastError,
  parseDecimal,
  sign,
} from '../../core/index';

/**
 * A tax rate in percent (`tax.rate`, `applied_tax.tax_rate`: a JSON number such as `20.0`)
 * read exactly from its shortest decimal form (`5.5` is 5.5, never 5.4999...). A rate must be
 * a finite number of 0 or more; anything else is a `Left` naming the field.
 *
 * @example
 * readTaxRate(5.5, ['customer', '0', 'rate']) // right(5.5)
 * readTaxRate(-1, ['customer', '0', 'rate'])  // left(invalid_input)
 */
export function readTaxRate(
  value: unknown,
  path: readonly string[],
): Either<FeecastError, Decimal> {
  const rate = parseDecimal(value, path);
  if (isLeft(rate) || sign(rate.right) >= 0) return rate;
  return left(
    feecastError(
      'invalid_input',
      `A tax rate is a percentage of 0 or more, got ${describeValue(value)}.`,
      path,
      { value },
    ),
  );
}
