import BigJs from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecimalUnsafe as d, formatDecimal } from '../../../src/core/decimal/index';
import { allocateProportionally } from '../../../src/invoice/coupons/index';
import { failure, ok } from '../builders';

const Reference = BigJs();
Reference.DP = 60;

const spread = (amount: string, weights: readonly string[], scale = 5) =>
  ok(allocateProportionally(d(amount), weights.map(d), scale)).map(formatDecimal);

describe('allocateProportionally: figures', () => {
  it('spreads 1000 over 1000/2000 as 333.33333/666.66667 (reference invoicing.md §2.3 coupon spread)', () => {
    expect(spread('1000', ['1000', '2000'])).toEqual(['333.33333', '666.66667']);
  });

  it('spreads 12 over fees 200/100 as 8/4 (reference invoicing.md §4 spread example)', () => {
    expect(spread('12', ['200', '100'])).toEqual(['8', '4']);
  });

  it('spreads 72 over bases 35/105 as 18/54 (reference invoicing.md §4 BM-limited example)', () => {
    expect(spread('72', ['35', '105'])).toEqual(['18', '54']);
  });

  it('gives the leftover units to the largest remainders, the earlier one on a tie', () => {
    // 1 cent over three equal weights: 0.33333 each, 0.00001 left for the first.
    expect(spread('1', ['1', '1', '1'])).toEqual(['0.33334', '0.33333', '0.33333']);
    expect(spread('2', ['1', '1', '1'], 0)).toEqual(['1', '1', '0']);
  });

  it('gives a zero weight nothing', () => {
    expect(spread('10', ['0', '3', '0', '7'])).toEqual(['0', '3', '0', '7']);
  });

  it('spreads a negative amount as the negation of the positive spread', () => {
    expect(spread('-1', ['1', '2'])).toEqual(['-0.33333', '-0.66667']);
  });

  it('spreads 0 over weights adding up to 0 as zeros', () => {
    expect(spread('0', ['0', '0'])).toEqual(['0', '0']);
  });

  it('refuses a negative weight, an amount off the scale, and a non-zero amount over zero weights', () => {
    expect(failure(allocateProportionally(d('1'), [d('2'), d('-1')], 5))).toMatchObject({
      code: 'invalid_input',
      path: ['weights', '1'],
    });
    expect(failure(allocateProportionally(d('0.001'), [d('1')], 2))).toMatchObject({
      code: 'invalid_input',
      path: ['amount'],
    });
    expect(failure(allocateProportionally(d('5'), [d('0'), d('0')], 5)).code).toBe(
      'division_by_zero',
    );
    expect(failure(allocateProportionally(d('5'), [d('1')], 1.5)).code).toBe('out_of_range');
  });
});

/** Amounts on a 5-decimal grid and non-negative weights with up to 5 decimals. */
const gridDecimal = (maxUnits: number) =>
  fc.integer({ min: 0, max: maxUnits }).map((units) => new Reference(units).div(100000).toFixed());
const weights = fc.array(gridDecimal(1e12), { minLength: 1, maxLength: 12 });

describe('allocateProportionally: laws', () => {
  it('the shares sum exactly to the amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        weights.filter((ws) => ws.some((w) => w !== '0')),
        (units, ws) => {
          const amount = new Reference(units).div(100000).toFixed();
          const shares = spread(amount, ws);
          const total = shares.reduce((t, s) => t.plus(s), new Reference(0));
          expect(total.eq(amount)).toBe(true);
        },
      ),
    );
  });

  it('each share lies within one unit of its exact proportional part', () => {
    fc.assert(
      fc.property(
        gridDecimal(1e12),
        weights.filter((ws) => ws.some((w) => w !== '0')),
        (amount, ws) => {
          const shares = spread(amount, ws);
          const total = ws.reduce((t, w) => t.plus(w), new Reference(0));
          for (const [i, share] of shares.entries()) {
            const exact = new Reference(amount).times(ws[i] ?? '0').div(total);
            expect(new Reference(share).minus(exact).abs().lt('0.00001')).toBe(true);
          }
        },
      ),
    );
  });

  it('no share exceeds its weight when the amount is at most the sum of the weights', () => {
    fc.assert(
      fc.property(weights, fc.double({ min: 0, max: 1, noNaN: true }), (ws, fraction) => {
        const total = ws.reduce((t, w) => t.plus(w), new Reference(0));
        // Not money: a generated fraction picks an amount on the grid between 0 and the total.
        const amount = total.times(fraction.toFixed(6)).round(5, Reference.roundDown).toFixed();
        if (total.eq(0)) return;
        const shares = spread(amount, ws);
        for (const [i, share] of shares.entries()) {
          expect(new Reference(share).lte(ws[i] ?? '0')).toBe(true);
          expect(new Reference(share).gte(0)).toBe(true);
        }
      }),
    );
  });

  it('a larger weight never gets a share smaller by more than one unit', () => {
    fc.assert(
      fc.property(
        gridDecimal(1e9),
        weights.filter((ws) => ws.some((w) => w !== '0')),
        (amount, ws) => {
          const shares = spread(amount, ws);
          for (const [i, a] of ws.entries()) {
            for (const [j, b] of ws.entries()) {
              if (new Reference(a).gt(b)) {
                expect(new Reference(shares[i] ?? '0').plus('0.00001').gte(shares[j] ?? '0')).toBe(
                  true,
                );
              }
            }
          }
        },
      ),
    );
  });
});
