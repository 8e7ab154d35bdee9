import fc from 'fast-check';

/** A string of decimal digits of the given length range. */
const digits = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength, maxLength });

/**
 * Decimal strings in the accepted grammar: optional minus, up to `maxDigits` significant
 * digits split between integer and fraction, optionally in exponent notation.
 */
export function decimalString({
  maxDigits = 30,
  exponent = true,
}: {
  maxDigits?: number;
  exponent?: boolean;
} = {}): fc.Arbitrary<string> {
  return fc
    .record({
      negative: fc.boolean(),
      integer: digits(1, maxDigits),
      fraction: digits(0, maxDigits),
      exp: exponent ? fc.option(fc.integer({ min: -40, max: 40 })) : fc.constant(null),
      upper: fc.boolean(),
    })
    .filter(
      ({ integer, fraction }) => integer.replace(/^0+/, '').length + fraction.length <= maxDigits,
    )
    .map(({ negative, integer, fraction, exp, upper }) => {
      const body = fraction.length > 0 ? `${integer}.${fraction}` : integer;
      const e =
        exp === null ? '' : `${upper ? 'E' : 'e'}${exp >= 0 && exp % 2 === 0 ? '+' : ''}${exp}`;
      return `${negative ? '-' : ''}${body}${e}`;
    });
}

/** Decimal strings shaped like event values: up to 15 significant digits, plain notation. */
export const eventValue: fc.Arbitrary<string> = decimalString({ maxDigits: 15, exponent: false });

/** The aggregation types without a proration or history of their own, for laws over all of them. */
export const AGGREGATION_TYPES = [
  'count_agg',
  'sum_agg',
  'max_agg',
  'latest_agg',
  'unique_count_agg',
  'weighted_sum_agg',
] as const;
