/**
 * 10^n as a bigint, for the exact decimal's arithmetic beyond the safe integers: made once per
 * exponent up to 255 (the scales money uses), computed for larger ones.
 * @internal
 */
const POWERS: bigint[] = [];

/** 10^n (n ≥ 0) as a bigint. @internal */
export function pow10n(n: number): bigint {
  let power = POWERS[n];
  if (power === undefined) {
    power = 10n ** BigInt(n);
    if (n < 256) POWERS[n] = power;
  }
  return power;
}
