/**
 * What each primitive of the wire format accepts, as plain predicates over any value: the one
 * home of the rules that the primitives' codecs (`Uuid`, `Cents`, `Timestamp`...) are built
 * from and that `checkResource` runs. This module imports no io-ts at run time, so an app's
 * bundler can keep a predicate without io-ts.
 */
import type * as t from 'io-ts';
import { isCalendarDate, isTimeOfDay } from '../internal/calendar';
import {
  CURRENCY_CODE_PATTERN,
  DECIMAL_STRING_PATTERN,
  ISO_DATE_PATTERN,
  UNIX_SECONDS_PATTERN,
  UUID_PATTERN,
} from '../internal/patterns';

/** The brand of `Uuid`. */
export interface UuidBrand {
  readonly Uuid: unique symbol;
}
/** The brand of `Timestamp`. */
export interface TimestampBrand {
  readonly Timestamp: unique symbol;
}
/** The brand of `IsoDate`. */
export interface IsoDateBrand {
  readonly IsoDate: unique symbol;
}
/** The brand of `DecimalString`. */
export interface DecimalStringBrand {
  readonly DecimalString: unique symbol;
}
/** The brand of `Cents`. */
export interface CentsBrand {
  readonly Cents: unique symbol;
}
/** The brand of `CurrencyCode`. */
export interface CurrencyCodeBrand {
  readonly CurrencyCode: unique symbol;
}
/** The brand of `FiniteNumber`. */
export interface FiniteNumberBrand {
  readonly FiniteNumber: unique symbol;
}
/** The brand of `NonNegativeNumber`. */
export interface NonNegativeNumberBrand {
  readonly NonNegativeNumber: unique symbol;
}
/** The brand of `Integer`. */
export interface IntegerBrand {
  readonly Integer: unique symbol;
}
/** The brand of `NonNegativeInteger`. */
export interface NonNegativeIntegerBrand {
  readonly NonNegativeInteger: unique symbol;
}
/** The brand of `PositiveInteger`. */
export interface PositiveIntegerBrand {
  readonly PositiveInteger: unique symbol;
}
/** The brand of `Rate`. */
export interface RateBrand {
  readonly Rate: unique symbol;
}
/** The brand of `EventTimestamp`. */
export interface EventTimestampBrand {
  readonly EventTimestamp: unique symbol;
}

const UUID = new RegExp(UUID_PATTERN);
const DECIMAL = new RegExp(DECIMAL_STRING_PATTERN);
const CURRENCY = new RegExp(CURRENCY_CODE_PATTERN);
const DATE = new RegExp(ISO_DATE_PATTERN);
const UNIX_SECONDS = new RegExp(UNIX_SECONDS_PATTERN);

/**
 * Whether `u` is a `Uuid`: a string of `8-4-4-4-12` hex digits, either case.
 *
 * @example
 * isUuid('66a81770-c736-48e0-9785-c276e2366448') // => true
 */
export function isUuid(u: unknown): u is t.Branded<string, UuidBrand> {
  return typeof u === 'string' && UUID.test(u);
}

/** The number written by the `count` ASCII digits of `s` at `at`, or -1. */
function digitsAt(s: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const digit = s.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** Where the zone of `s` starts: after `YYYY-MM-DDTHH:MM:SS` and 1 to 9 fraction digits, or -1. */
function zoneStart(s: string): number {
  if (s.charCodeAt(19) !== 46) return 19; // no '.'
  let at = 20;
  while (at < s.length && at < 29 && digitsAt(s, at, 1) >= 0) at++;
  return at === 20 ? -1 : at;
}

/**
 * Whether `s` is an ISO 8601 UTC timestamp naming a real instant, in one of the forms
 * `Timestamp` accepts (anything but a string is not). Read character by character (it
 * runs for every fee checked).
 *
 * @example
 * isTimestamp('2025-01-15T10:00:00.000Z') // => true
 * isTimestamp('2025-02-30T10:00:00Z') // => false
 */
export function isTimestamp(s: unknown): s is t.Branded<string, TimestampBrand> {
  if (
    typeof s !== 'string' ||
    s.length < 20 ||
    s.charCodeAt(4) !== 45 || // '-'
    s.charCodeAt(7) !== 45 ||
    s.charCodeAt(10) !== 84 || // 'T'
    s.charCodeAt(13) !== 58 || // ':'
    s.charCodeAt(16) !== 58
  ) {
    return false;
  }
  const zone = zoneStart(s);
  const utc =
    (zone === s.length - 1 && s.charCodeAt(zone) === 90) || // 'Z'
    (zone === s.length - 6 && s.startsWith('+00:00', zone));
  if (!utc) return false;
  const year = digitsAt(s, 0, 4);
  const month = digitsAt(s, 5, 2);
  const day = digitsAt(s, 8, 2);
  const hour = digitsAt(s, 11, 2);
  const minute = digitsAt(s, 14, 2);
  const second = digitsAt(s, 17, 2);
  return (
    Math.min(year, month, day, hour, minute, second) >= 0 &&
    isCalendarDate(year, month, day) &&
    isTimeOfDay(hour, minute, second)
  );
}

/**
 * Whether `u` is an `IsoDate`: a string `YYYY-MM-DD` naming a real day.
 *
 * @example
 * isIsoDate('2024-02-29') // => true
 */
export function isIsoDate(u: unknown): u is t.Branded<string, IsoDateBrand> {
  if (typeof u !== 'string') return false;
  const m = DATE.exec(u);
  if (m === null) return false;
  const [, year, month, day] = m.map(Number);
  return isCalendarDate(year ?? 0, month ?? 0, day ?? 0);
}

/**
 * Whether `u` is a `DecimalString`: a string `-?\d+(\.\d+)?([eE][+-]?\d+)?`.
 *
 * @example
 * isDecimalString('12.3456') // => true
 */
export function isDecimalString(u: unknown): u is t.Branded<string, DecimalStringBrand> {
  return typeof u === 'string' && DECIMAL.test(u);
}

/**
 * Whether `u` is `Cents`: a JSON number that is a safe integer.
 *
 * @example
 * isCents(1000) // => true
 */
export function isCents(u: unknown): u is t.Branded<number, CentsBrand> {
  return typeof u === 'number' && Number.isSafeInteger(u);
}

/**
 * Whether `u` is a `CurrencyCode`: three upper-case letters.
 *
 * @example
 * isCurrencyCode('EUR') // => true
 */
export function isCurrencyCode(u: unknown): u is t.Branded<string, CurrencyCodeBrand> {
  return typeof u === 'string' && CURRENCY.test(u);
}

/**
 * Whether `u` is a `FiniteNumber`: a JSON number, neither `NaN` nor infinite.
 *
 * @example
 * isFiniteNumber(5) // => true
 */
export function isFiniteNumber(u: unknown): u is t.Branded<number, FiniteNumberBrand> {
  return typeof u === 'number' && Number.isFinite(u);
}

/**
 * Whether `u` is a `NonNegativeNumber`: a finite JSON number `>= 0`.
 *
 * @example
 * isNonNegativeNumber(0.1) // => true
 */
export function isNonNegativeNumber(
  u: unknown,
): u is t.Branded<t.Branded<number, FiniteNumberBrand>, NonNegativeNumberBrand> {
  return isFiniteNumber(u) && u >= 0;
}

/**
 * Whether `u` is an `Integer`: a JSON number that is a safe integer.
 *
 * @example
 * isInteger(3) // => true
 */
export function isInteger(u: unknown): u is t.Branded<number, IntegerBrand> {
  return typeof u === 'number' && Number.isSafeInteger(u);
}

/**
 * Whether `u` is a `NonNegativeInteger`: a safe integer `>= 0`.
 *
 * @example
 * isNonNegativeInteger(0) // => true
 */
export function isNonNegativeInteger(
  u: unknown,
): u is t.Branded<t.Branded<number, IntegerBrand>, NonNegativeIntegerBrand> {
  return isInteger(u) && u >= 0;
}

/**
 * Whether `u` is a `PositiveInteger`: a safe integer `>= 1`.
 *
 * @example
 * isPositiveInteger(0) // => false
 */
export function isPositiveInteger(
  u: unknown,
): u is t.Branded<t.Branded<number, IntegerBrand>, PositiveIntegerBrand> {
  return isInteger(u) && u >= 1;
}

/**
 * Whether `u` is a `Rate`: a finite JSON number (percent).
 *
 * @example
 * isRate(20) // => true
 */
export function isRate(u: unknown): u is t.Branded<number, RateBrand> {
  return typeof u === 'number' && Number.isFinite(u);
}

/**
 * Whether `u` is an `EventTimestamp`: an ISO 8601 UTC timestamp, or unix seconds as a finite
 * JSON number `>= 0` or a string of digits.
 *
 * @example
 * isEventTimestamp(1741996800) // => true
 */
export function isEventTimestamp(u: unknown): u is t.Branded<string | number, EventTimestampBrand> {
  if (typeof u === 'number') return Number.isFinite(u) && u >= 0;
  return typeof u === 'string' && (UNIX_SECONDS.test(u) || isTimestamp(u));
}
