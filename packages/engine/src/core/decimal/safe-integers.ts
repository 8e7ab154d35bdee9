/**
 * The exact-integer range of a double, shared by the decimal core's fast paths (the exact sum
 * and scaled batches): integers within ±`MAX_SAFE` add, subtract and compare exactly, and a
 * mantissa times `POW10[k]` is checked against `MAX_SAFE` before it is kept. Not floats for
 * money: every value kept is an exact integer.
 * @internal
 */
export const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** 10^k for k = 0..15, each exact in a double. @internal */
export const POW10: readonly number[] = Array.from({ length: 16 }, (_, k) => 10 ** k);
