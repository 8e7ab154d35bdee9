/**
 * The plain decimal text of `coefficient` × 10^-`scale`: no exponent notation, however large
 * or small the value (`15` at scale -3 is `"15000"`, at scale 8 `"0.00000015"`), no sign on
 * zero, and exactly the digits of the coefficient (the exact decimal keeps no trailing zeros,
 * so none are written). Digits only: no binary float is involved.
 * @internal
 */
export function plainText(coefficient: number | bigint, scale: number): string {
  const signed = String(coefficient);
  const negative = coefficient < 0;
  const digits = negative ? signed.slice(1) : signed;
  let text: string;
  if (scale <= 0) {
    text = coefficient === 0 || scale === 0 ? digits : digits + '0'.repeat(-scale);
  } else {
    const padded = digits.length > scale ? digits : digits.padStart(scale + 1, '0');
    const point = padded.length - scale;
    text = `${padded.slice(0, point)}.${padded.slice(point)}`;
  }
  return negative ? `-${text}` : text;
}

/**
 * {@link plainText} with at least `places` decimal places, padding with zeros; never fewer
 * than the value has (this never rounds).
 * @internal
 */
export function plainTextFixed(
  coefficient: number | bigint,
  scale: number,
  places: number,
): string {
  const text = plainText(coefficient, scale);
  const decimals = Math.max(scale, 0);
  if (places <= decimals) return text;
  return decimals === 0 ? `${text}.${'0'.repeat(places)}` : text + '0'.repeat(places - decimals);
}
