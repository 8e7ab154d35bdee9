/**
 * The decimals kept beside a fee's money texts (`fees/fee-decimals.ts`, issue 20 §3): taken
 * instead of the text only while the field holds the very text they were kept with, carried by
 * a spread copy in the spread's order, and never a different figure than reading the text.
 */
import { isLeft, isRight } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { formatDecimal, parseDecimalUnsafe, ZERO } from '../../src/core/index';
import { feeDecimal, keepDecimal, spreadDecimals } from '../../src/fees/index';

const d = parseDecimalUnsafe;

/** The decimal `feeDecimal` gives, as text (a `Left` as its code). */
function read(owner: Record<string, unknown>, fallback?: ReturnType<typeof d>): string {
  const value = feeDecimal(owner, 'precise_amount', ['precise_amount'], fallback);
  return isLeft(value) ? value.left.code : formatDecimal(value.right);
}

describe('kept decimals of a fee', () => {
  it('are taken while the field holds the text they were kept with', () => {
    // A kept value that is not the text's (never done by the engine) shows which was taken.
    const fee = keepDecimal({ precise_amount: '1.5' }, 'precise_amount', '1.5', d('99'));
    expect(read(fee)).toBe('99');
  });

  it('are not taken once the field holds another text: the text is read', () => {
    const fee: Record<string, unknown> = keepDecimal(
      { precise_amount: '1.5' },
      'precise_amount',
      '1.5',
      d('99'),
    );
    fee.precise_amount = '2.25';
    expect(read(fee)).toBe('2.25');
    expect(read({ ...fee })).toBe('2.25');
    expect(read({ precise_amount: 'x' })).toBe('invalid_decimal');
  });

  it('are no field of the fee: JSON, keys, spreads and deep equality see none', () => {
    const fee = keepDecimal({ precise_amount: '1.5' }, 'precise_amount', '1.5', d('99'));
    expect(JSON.stringify(fee)).toBe('{"precise_amount":"1.5"}');
    expect(Object.keys(fee)).toEqual(['precise_amount']);
    expect(fee).toStrictEqual({ precise_amount: '1.5' });
    // A spread copy does not carry them (spreadDecimals does): its text is read.
    expect(read({ ...fee })).toBe('1.5');
    expect(read(structuredClone(fee))).toBe('1.5');
  });

  it('are kept for an object that cannot take a property (frozen), without a throw', () => {
    const fee = keepDecimal(
      Object.freeze({ precise_amount: '1.5' }),
      'precise_amount',
      '1.5',
      d('99'),
    );
    expect(read(fee)).toBe('99');
  });

  it('follow a spread copy, the later source winning as its fields do', () => {
    const fee = keepDecimal({ precise_amount: '1.5' }, 'precise_amount', '1.5', d('10'));
    const fields = keepDecimal({ precise_amount: '3' }, 'precise_amount', '3', d('30'));
    expect(read({ ...fee })).toBe('1.5'); // a plain copy has none: its text is read
    expect(read(spreadDecimals({ ...fee }, fee))).toBe('10');
    expect(read(spreadDecimals({ ...fee, ...fields }, fee, fields))).toBe('30');
    // The other order: the fee's text wins, and so does its kept decimal.
    expect(read(spreadDecimals({ ...fields, ...fee }, fields, fee))).toBe('10');
  });

  it('keep each field apart, and an absent field reads as the fallback', () => {
    const fee = keepDecimal(
      keepDecimal(
        { precise_amount: '1', precise_coupons_amount_cents: '0' },
        'precise_amount',
        '1',
        d('1'),
      ),
      'precise_coupons_amount_cents',
      '0',
      ZERO,
    );
    const coupons = feeDecimal(fee, 'precise_coupons_amount_cents', []);
    expect(isRight(coupons) && formatDecimal(coupons.right)).toBe('0');
    expect(read(fee)).toBe('1');
    const notes = feeDecimal(fee, 'precise_credit_notes_amount_cents', [], d('0.5'));
    expect(isRight(notes) && formatDecimal(notes.right)).toBe('0.5');
    expect(read({}, d('7'))).toBe('7');
    expect(read({ precise_amount: null }, d('7'))).toBe('7');
    expect(read({})).toBe('invalid_decimal');
  });
});
