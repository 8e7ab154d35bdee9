/**
 * Charges priced in a pricing unit (charge-models.md §3): the pricing-unit details and their
 * conversion to the currency from the rounded pricing-unit cents.
 */
import { describe, expect, it } from 'vitest';
import { applyChargeModel } from '../../src/charge-models/index';
import {
  type AppliedPricingUnit,
  pricingUnitAmounts,
  pricingUnitDetails,
  pricingUnitToFiat,
} from '../../src/fees/index';
import { graduated, leftOf, rightOf, standard, units } from '../charge-models/support';

const credits = (conversion_rate: string): AppliedPricingUnit => ({
  svc_pricing_unit_id: '6f8a2bd5-3c5f-4a73-9a52-0a3a1c0d0e11',
  pricing_unit_code: 'credits',
  short_name: 'CR',
  conversion_rate,
});

describe('charge-models.md §3 pricing units', () => {
  it('§3: standard 20 PU × 1 unit at rate 0.25 -> 2000 PU cents -> 5.00 EUR = 500 cents', () => {
    const model = rightOf(applyChargeModel(standard('20'), units('1')));
    const { fee, pricing_unit_details } = rightOf(
      pricingUnitAmounts(model, credits('0.25'), 'EUR'),
    );
    expect(pricing_unit_details).toEqual({
      ...credits('0.25'),
      amount_cents: 2000,
      unit_amount_cents: 2000,
      precise_amount_cents: '2000',
      precise_unit_amount: '20',
    });
    expect([fee.amount_cents, fee.precise_amount]).toEqual([500, '5']);
  });
  it('§3: graduated 0.01/0.01 × 2 units at rate 2 -> 3 PU cents -> 6 cents; unit 0.015 -> 1 PU cent -> 0.02', () => {
    const model = rightOf(applyChargeModel(graduated([[0, null, '0.01', '0.01']]), units('2')));
    const { fee, pricing_unit_details } = rightOf(pricingUnitAmounts(model, credits('2'), 'EUR'));
    expect([pricing_unit_details.amount_cents, pricing_unit_details.unit_amount_cents]).toEqual([
      3, 1,
    ]);
    expect(fee).toEqual({
      amount_cents: 6,
      precise_amount_cents: '6',
      unit_amount_cents: 2,
      precise_unit_amount: '0.02',
      precise_amount: '0.06',
    });
  });
  it('§3 model level: 10655.243249, unit 5.5423123 -> 1065524 / 1065524.3249 / 554', () => {
    const details = rightOf(
      pricingUnitDetails(
        { amount: '10655.243249', unit_amount: '5.5423123' },
        credits('3.0150695'),
      ),
    );
    expect(details).toMatchObject({
      amount_cents: 1065524,
      precise_amount_cents: '1065524.3249',
      unit_amount_cents: 554,
      precise_unit_amount: '5.5423123',
      conversion_rate: '3.0150695',
    });
  });
  it('§3 to USD at 0.0075: 7991 cents, precise 7991.43, unit cents 4.125 (stored 4), precise unit 0.04125', () => {
    expect(
      rightOf(
        pricingUnitToFiat(
          { amount_cents: 1065524, unit_amount_cents: 550, conversion_rate: '0.0075' },
          'USD',
        ),
      ),
    ).toEqual({
      amount_cents: 7991,
      precise_amount_cents: '7991.43',
      unit_amount_cents: 4,
      precise_unit_amount: '0.04125',
      precise_amount: '79.9143',
    });
  });
  it('§3 scenario: 300 units × 1.0 PU at 0.5 -> 30000 PU cents, 15000 EUR cents', () => {
    const model = rightOf(applyChargeModel(standard('1.0'), units('300')));
    const { fee, pricing_unit_details } = rightOf(pricingUnitAmounts(model, credits('0.5'), 'EUR'));
    expect([pricing_unit_details.amount_cents, fee.amount_cents]).toEqual([30000, 15000]);
  });
  it('§3 pay in advance: 10 PU cents at 0.5 -> 5 cents; unit 0.0111 -> 1 PU cent -> 0.005 -> 0 cents', () => {
    const { fee, pricing_unit_details } = rightOf(
      pricingUnitAmounts({ amount: '0.10', unit_amount: '0.0111' }, credits('0.5'), 'EUR'),
    );
    expect([pricing_unit_details.amount_cents, pricing_unit_details.unit_amount_cents]).toEqual([
      10, 1,
    ]);
    expect([fee.amount_cents, fee.unit_amount_cents, fee.precise_unit_amount]).toEqual([
      5,
      0,
      '0.005',
    ]);
  });
  it('§3: the fiat amount uses the ROUNDED pricing-unit amount (0.006 PU -> 1 PU cent -> 100 cents at 100)', () => {
    const { fee } = rightOf(
      pricingUnitAmounts({ amount: '0.006', unit_amount: '0' }, credits('100'), 'EUR'),
    );
    expect(fee.amount_cents).toBe(100);
  });
  it('a conversion rate that is not > 0 is a Left', () => {
    const error = leftOf(
      pricingUnitAmounts({ amount: '1', unit_amount: '1' }, credits('0'), 'EUR'),
    );
    expect([error.code, error.path]).toEqual(['invalid_input', ['conversion_rate']]);
  });
});
