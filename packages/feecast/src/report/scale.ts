/**
 * Chart geometry from exact decimals: "nice" axis ticks and the pixel position of a value,
 * computed with the engine's decimals (no float ever touches an amount) and written with
 * two decimal places.
 */
import {
  compare,
  type Decimal,
  decimalFromCount,
  divide,
  formatDecimal,
  halfAwayFromZero,
  isScale,
  max,
  min,
  multiply,
  ONE,
  parseDecimal,
  ZERO,
} from '@feecast/engine';
import { isLeft, isRight } from 'fp-ts/lib/Either.js';

const NICE = ['1', '2', '2.5', '5', '10'];
const MAX_TICKS = 50;

function decimal(text: string): Decimal {
  const parsed = parseDecimal(text);
  return isRight(parsed) ? parsed.right : ZERO;
}

/** The exponent `e` of the power of ten with 10^e <= value < 10^(e+1), for value > 0. */
function magnitude(value: Decimal): number {
  const text = formatDecimal(value);
  const dot = text.indexOf('.');
  const whole = dot === -1 ? text : text.slice(0, dot);
  if (whole !== '0') return whole.length - 1;
  const fraction = text.slice(dot + 1);
  return -(fraction.length - fraction.replace(/^0+/, '').length + 1);
}

/**
 * Axis ticks from 0 to at least `top`, about `count` steps of 1, 2, 2.5 or 5 times a power
 * of ten. A `top` of zero or less gives `[0, 1]`.
 *
 * @example
 * niceTicks(parseDecimalUnsafe('87.5'), 4).map(formatDecimal) // ['0', '25', '50', '75', '100']
 */
export function niceTicks(top: Decimal, count: number): Decimal[] {
  if (compare(top, ZERO) <= 0) return [ZERO, ONE];
  const raw = divide(top, decimalFromCount(Math.max(1, count)));
  if (isLeft(raw)) return [ZERO, top];
  const power = decimal(`1e${magnitude(raw.right)}`);
  const step =
    NICE.map((nice) => multiply(decimal(nice), power)).find((s) => compare(s, raw.right) >= 0) ??
    multiply(decimal('10'), power);
  const ticks = [ZERO];
  let tick = ZERO;
  while (compare(tick, top) < 0 && ticks.length <= MAX_TICKS) {
    tick = multiply(step, decimalFromCount(ticks.length));
    ticks.push(tick);
  }
  return ticks;
}

/**
 * `value` as a share of `domain`, in `pixels`: `value / domain × pixels`, kept within
 * `[0, pixels]`. A zero domain gives 0.
 *
 * @example
 * formatDecimal(toPixels(parseDecimalUnsafe('25'), parseDecimalUnsafe('100'), 400)) // '100'
 */
export function toPixels(value: Decimal, domain: Decimal, pixels: number): Decimal {
  const share = divide(value, domain);
  if (isLeft(share)) return ZERO;
  const size = decimalFromCount(pixels);
  return min(size, max(ZERO, multiply(share.right, size)));
}

/**
 * A pixel position rounded to two decimal places (half away from zero).
 *
 * @example
 * formatDecimal(roundPixels(parseDecimalUnsafe('12.345'))) // '12.35'
 */
export function roundPixels(value: Decimal): Decimal {
  const places: number = 2;
  return isScale(places) ? halfAwayFromZero(value, places) : value;
}

/**
 * A pixel position written with at most two decimal places (half away from zero).
 *
 * @example
 * px(parseDecimalUnsafe('12.345')) // '12.35'
 */
export function px(value: Decimal): string {
  return formatDecimal(roundPixels(value));
}
