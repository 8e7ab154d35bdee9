/**
 * The decimal cores of the fee-amount functions: fee fields of amounts already read as
 * decimals equal those of the same amounts given as text (the text functions read, then the
 * same core runs).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecimalUnsafe } from '../../src/core/decimal/index';
import { modelFeeAmounts, readModelAmounts } from '../../src/fees/fee-amounts';
import { feeAmounts, pricingUnitAmounts } from '../../src/fees/index';
import { modelPricingUnitAmounts } from '../../src/fees/pricing-units';
import { decimalString } from '../arbitraries';

const credits = (conversion_rate: string) => ({
  svc_pricing_unit_id: '6f8a2bd5-3c5f-4a73-9a52-0a3a1c0d0e11',
  pricing_unit_code: 'credits',
  short_name: 'CR',
  conversion_rate,
});

const amount = decimalString({ maxDigits: 14, exponent: false });
const currency = fc.constantFrom('EUR', 'JPY', 'KWD', 'XXX');

describe('fee amounts from decimals', () => {
  it('equal the fee amounts of the same figures as text, in the currency or a pricing unit', () => {
    fc.assert(
      fc.property(
        amount,
        amount,
        currency,
        fc.constantFrom('0.25', '0.0075', '0'),
        (a, u, c, r) => {
          const decimals = { amount: parseDecimalUnsafe(a), unitAmount: parseDecimalUnsafe(u) };
          const text = { amount: a, unit_amount: u };
          expect(modelFeeAmounts(decimals, c)).toEqual(feeAmounts(text, c));
          expect(modelPricingUnitAmounts(decimals, credits(r), c)).toEqual(
            pricingUnitAmounts(text, credits(r), c),
          );
        },
      ),
    );
  });

  it('reads text amounts, naming the one that is not a decimal', () => {
    expect(readModelAmounts({ amount: '1.5', unit_amount: 'x' })).toMatchObject({
      _tag: 'Left',
      left: { code: 'invalid_decimal', path: ['unit_amount'] },
    });
    const read = readModelAmounts({ amount: '1.50', unit_amount: '0.5' });
    expect(read._tag === 'Right' && modelFeeAmounts(read.right, 'EUR')).toMatchObject({
      _tag: 'Right',
      right: { amount_cents: 150, unit_amount_cents: 50, precise_amount: '1.5' },
    });
  });
});
