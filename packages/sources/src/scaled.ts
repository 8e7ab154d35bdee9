/** Scaled integers (a DECIMAL's digits and scale, a timestamp's units) written exactly. */

/**
 * `value / 10^scale` written exactly (`12345n, 2` is `'123.45'`).
 *
 * @example
 * scaled(-5n, 3) // => '-0.005'
 * scaled(1250n, 2) // => '12.5'
 */
export function scaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString();
  if (scale <= 0) return `${negative ? '-' : ''}${digits}${'0'.repeat(-scale)}`;
  const padded = digits.padStart(scale + 1, '0');
  const whole = padded.slice(0, padded.length - scale);
  const fraction = padded.slice(padded.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}
