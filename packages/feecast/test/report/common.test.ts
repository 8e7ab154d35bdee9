import { parseDecimalUnsafe } from '@feecast/engine';
import { describe, expect, it } from 'vitest';
import { moneyText } from '../../src/report/common';

describe('moneyText', () => {
  it('shows an amount as the bill does: rounded half away from zero to the minor unit', () => {
    // Growth's API calls at 91,755 calls: 41,755 paid × 0.001 = 41.755 EUR, billed 4176 cents.
    expect(moneyText(parseDecimalUnsafe('41.755'), 'EUR')).toBe('41.76 EUR');
    expect(moneyText(parseDecimalUnsafe('-0.125'), 'EUR')).toBe('-0.13 EUR');
    expect(moneyText(parseDecimalUnsafe('1234.5'), 'JPY')).toBe('1,235 JPY');
  });
});
