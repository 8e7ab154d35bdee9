/**
 * The exact-decimal core: every amount of money in the engine flows through this module,
 * and this directory is the only place that imports big.js.
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
