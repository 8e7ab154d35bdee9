/**
 * The floor every stage stands on: exact decimals, time, errors, guards, money and wire
 * helpers, derived ids. Imports nothing else of the engine.
 */

// For the floors above (not part of the package surface: see the root index.ts).
export {
  add,
  ceil,
  compare,
  currencyExponent,
  type Decimal,
  type DecimalProblem,
  decimalFromInteger,
  divide,
  floor,
  formatDecimalFixed,
  fromCents,
  halfAwayFromZero,
  halfEven,
  isScale,
  MAX_SCALE,
  movePoint,
  multiply,
  negate,
  parseDecimal,
  parseDecimalUnsafe,
  type Rounding,
  type Scale,
  subtract,
  toCents,
  up,
} from './decimal/index';
export {
  abs,
  checkDecimalText,
  createDecimalSum,
  createScan,
  type DecimalSum,
  decimalFromCount,
  down,
  equals,
  formatDecimal,
  isDecimal,
  max,
  min,
  numberText,
  ONE,
  POW10,
  readDecimal,
  type Scaled,
  type ScaledBatch,
  type Scan,
  scaledBatch,
  scaledDecimal,
  scaledOf,
  scaledText,
  scaleOf,
  scanDecimal,
  sign,
  sum,
  wholeMinorUnits,
  ZERO,
} from './decimal/internal';
export { literalScale } from './decimal/scale';
export { decodePath } from './decode-path';
export {
  defaultId,
  derivedInputId,
  PROVIDER_PAYMENT_METHOD,
  textOf,
  UNKNOWN_CREATION,
} from './defaults';
export { derivedId } from './derived-id';
export { describeThrown, describeValue } from './describe-value';
export {
  FEECAST_ERROR_CODES,
  type FeecastError,
  type FeecastErrorCode,
  feecastError,
  orThrow,
} from './error';
export { extended } from './extended';
export { isIterableObject, isRecord } from './guards';
export {
  centsToUnits,
  type Money,
  moneyOf,
  PRICING_UNIT_CURRENCY,
  percentOf,
  ratioOr,
  roundToCent,
  unitsToCents,
} from './money';
export type { OtherWireKeys, Plain } from './plain';
export { sameData } from './same-data';
export {
  addDays,
  addMonths,
  type CalendarDate,
  compareDates,
  dayInMonth,
  daysFrom,
  formatDate,
  isLastDayOfMonth,
  isoWeekday,
  MONDAY,
  mod,
  monthIndex,
} from './time/calendar';
export {
  DAY_MS,
  formatInstant,
  type Instant,
  parseInstant,
  SECOND_MS,
  timestampInstant,
} from './time/instant';
export {
  endOfLocalDay,
  isStartOfLocalDay,
  localDate,
  localEpochDay,
  startOfLocalDay,
  type TimeZone,
  timeZone,
  wallClock,
} from './time/timezone';
export {
  countToWire,
  decimalText,
  rateNumber,
  readCents,
  roundCents,
  toWireCents,
  toWireDecimal,
  toWireTimestamp,
  truncateCents,
  WHOLE_CENTS,
} from './wire';
