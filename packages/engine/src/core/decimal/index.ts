/**
 * The exact-decimal core: every amount of money in the engine flows through this module. A
 * decimal is a coefficient and a scale (`value.ts`), on native integers: doubles while the
 * coefficient is a safe integer, bigints beyond; no library.
 */
export { currencyExponent, fromCents, toCents } from './currency';
export {
  abs,
  add,
  compare,
  type Decimal,
  decimalFromCount,
  decimalFromInteger,
  divide,
  equals,
  isDecimal,
  max,
  min,
  movePoint,
  multiply,
  negate,
  ONE,
  sign,
  subtract,
  sum,
  ZERO,
} from './decimal';
export { formatDecimal, formatDecimalFixed } from './format';
export { parseDecimal, parseDecimalUnsafe } from './parse';
export { ceil, down, floor, halfAwayFromZero, halfEven, type Rounding, up } from './rounding';
export { isScale, MAX_SCALE, type Scale, scaleOf } from './scale';
export type { DecimalProblem } from './scan';
export { createDecimalSum, type DecimalSum } from './sum';
