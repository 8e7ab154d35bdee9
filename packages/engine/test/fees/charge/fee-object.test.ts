/**
 * The wire `Fee` builder shared by every fee of the engine (spec.md "fee"): defaults of a fee
 * that is not stored yet, reuse for non-charge fees, and errors that name the field.
 */
import { describe, expect, it } from 'vitest';
import { parseDecimalUnsafe } from '../../../src/core/index';
import { feeObject, filterDisplayName } from '../../../src/fees/charge/index';
import { buildFee, feeLine } from '../../../src/fees/fee-object';
import { feeAmounts, pricingUnitAmounts } from '../../../src/fees/index';
import { CREDITS, expectDecodes, leftOf, METRIC_ID, rightOf, SUBSCRIPTION, uuid } from './support';

const item = {
  type: 'charge',
  code: 'api_calls',
  name: 'API calls',
  svc_item_id: METRIC_ID,
  item_type: 'BillableMetric',
} as const;
const amounts = rightOf(feeAmounts({ amount: '50.61725', unit_amount: '10.12345' }, 'EUR'));

describe('feeObject', () => {
  it('builds a fee before taxes and coupons: taxes 0, totals = amount, pending, null ids', () => {
    const fee = rightOf(feeObject({ item, currency: 'EUR', amounts, units: '5', events_count: 5 }));
    expectDecodes(fee);
    expect(fee).toEqual({
      svc_id: null,
      svc_charge_id: null,
      svc_charge_filter_id: null,
      svc_fixed_charge_id: null,
      svc_invoice_id: null,
      svc_true_up_fee_id: null,
      svc_true_up_parent_fee_id: null,
      svc_subscription_id: null,
      svc_customer_id: null,
      external_customer_id: null,
      external_subscription_id: null,
      amount_cents: 5062,
      precise_amount: '50.61725',
      precise_total_amount: '50.61725',
      amount_currency: 'EUR',
      taxes_amount_cents: 0,
      taxes_precise_amount: '0',
      taxes_rate: 0,
      units: '5',
      precise_unit_amount: '10.12345',
      total_aggregated_units: null,
      total_amount_cents: 5062,
      total_amount_currency: 'EUR',
      events_count: 5,
      pay_in_advance: false,
      invoiceable: true,
      payment_status: 'pending',
      created_at: null,
      succeeded_at: null,
      failed_at: null,
      refunded_at: null,
      description: null,
      precise_coupons_amount_cents: '0',
      self_billed: false,
      amount_details: {},
      item: {
        ...item,
        invoice_display_name: 'API calls',
        description: null,
        filter_invoice_display_name: null,
        filters: null,
        grouped_by: {},
      },
      pricing_unit_details: null,
      from_date: null,
      to_date: null,
      applied_taxes: [],
      sub_total_excluding_taxes_amount_cents: 5062,
      sub_total_excluding_taxes_precise_amount_cents: '5061.725',
    });
  });

  it('serves a subscription fee: item Subscription, plan_amount_cents details, UTC dates', () => {
    const fee = rightOf(
      feeObject({
        item: {
          type: 'subscription',
          code: 'premium',
          name: 'Premium',
          svc_item_id: SUBSCRIPTION.svc_id,
          item_type: 'Subscription',
          invoice_display_name: 'Premium plan',
        },
        currency: 'JPY',
        amounts: rightOf(feeAmounts({ amount: '1550', unit_amount: '1550' }, 'JPY')),
        units: '1.0',
        amount_details: { plan_amount_cents: 3100 },
        from_date: '2025-03-15T00:00:00+09:00',
        to_date: '2025-03-31T23:59:59Z',
        ids: { svc_subscription_id: SUBSCRIPTION.svc_id, external_subscription_id: 'sub_ext' },
      }),
    );
    expectDecodes(fee);
    expect(fee).toMatchObject({
      amount_cents: 1550,
      units: '1',
      amount_details: { plan_amount_cents: 3100 },
      from_date: '2025-03-14T15:00:00Z',
      item: { invoice_display_name: 'Premium plan', item_type: 'Subscription' },
      svc_subscription_id: SUBSCRIPTION.svc_id,
    });
  });

  it('§3 (pricing_unit_usage_spec:37,60): 10655.243249 PU, unit 5.5423123 at 0.0075 -> 1065524 PU cents -> 7991 USD cents', () => {
    const both = rightOf(
      pricingUnitAmounts(
        { amount: '10655.243249', unit_amount: '5.5423123' },
        {
          svc_pricing_unit_id: CREDITS.svc_id,
          pricing_unit_code: CREDITS.code,
          short_name: CREDITS.short_name,
          conversion_rate: '0.0075',
        },
        'USD',
      ),
    );
    const fee = rightOf(
      feeObject({
        item,
        currency: 'USD',
        amounts: both.fee,
        units: '1922.5',
        pricing_unit_details: both.pricing_unit_details,
      }),
    );
    expectDecodes(fee);
    expect(fee.pricing_unit_details).toMatchObject({
      amount_cents: 1065524,
      precise_amount_cents: '1065524.3249',
      unit_amount_cents: 554,
    });
    // The fiat unit comes from the truncated 554 PU cents: 554 × 0.0075 / 100.
    expect([
      fee.amount_cents,
      fee.sub_total_excluding_taxes_precise_amount_cents,
      fee.precise_unit_amount,
    ]).toEqual([7991, '7991.43', '0.04155']);
  });

  it('keeps the event of a pay-in-advance fee and the ids given', () => {
    const fee = rightOf(
      feeObject({
        item,
        currency: 'EUR',
        amounts,
        units: '1',
        pay_in_advance: true,
        invoiceable: false,
        event_transaction_id: 'tx-1',
        ids: { svc_id: uuid(42), svc_invoice_id: uuid(43) },
      }),
    );
    expect(fee).toMatchObject({
      svc_id: uuid(42),
      svc_invoice_id: uuid(43),
      event_transaction_id: 'tx-1',
      pay_in_advance: true,
      invoiceable: false,
    });
  });

  it('a value that does not fit the wire is a Left naming the field', () => {
    const badId = leftOf(
      feeObject({ item, currency: 'EUR', amounts, units: '1', ids: { svc_charge_id: 'charge-1' } }),
    );
    expect([badId.code, badId.path]).toEqual(['invalid_input', ['svc_charge_id']]);
    const badUnits = leftOf(feeObject({ item, currency: 'EUR', amounts, units: 'five' }));
    expect([badUnits.code, badUnits.path]).toEqual(['invalid_decimal', ['units']]);
    const badDate = leftOf(
      feeObject({ item, currency: 'EUR', amounts, units: '1', to_date: '2025-03-31' }),
    );
    expect([badDate.code, badDate.path]).toEqual(['invalid_timestamp', ['to_date']]);
  });
});

describe('filterDisplayName (estimate-and-usage.md §2.12)', () => {
  it("is the filter's own name, else its values joined, a wildcard key shown as the key", () => {
    expect(filterDisplayName({ invoice_display_name: 'Europe', values: { region: ['eu'] } })).toBe(
      'Europe',
    );
    expect(
      filterDisplayName({ values: { region: ['eu', 'us'], tier: ['__ALL_FILTER_VALUES__'] } }),
    ).toBe('eu, us, tier');
  });
});

describe('feeLine: what the fees of one line share, checked once', () => {
  it('names a bad shared prop: an id, the item, the currency, a date', () => {
    const badId = leftOf(feeLine({ item, currency: 'EUR', ids: { svc_charge_id: 'charge-1' } }));
    expect([badId.code, badId.path]).toEqual(['invalid_input', ['svc_charge_id']]);
    const badItem = leftOf(
      feeLine({ item: { ...item, svc_item_id: 'metric-1' }, currency: 'EUR' }),
    );
    expect([badItem.code, badItem.path]).toEqual(['invalid_input', ['item', 'svc_item_id']]);
    const badCurrency = leftOf(feeLine({ item, currency: 'eur' }));
    expect([badCurrency.code, badCurrency.path]).toEqual(['invalid_input', ['amount_currency']]);
    const badDate = leftOf(feeLine({ item, currency: 'EUR', from_date: '2025-03-01' }));
    expect([badDate.code, badDate.path]).toEqual(['invalid_timestamp', ['from_date']]);
  });

  it("builds each fee from the line and the figures: feeObject's fee, the dates in UTC", () => {
    const line = rightOf(
      feeLine({
        item,
        currency: 'EUR',
        from_date: '2025-03-01T00:00:00+01:00',
        pay_in_advance: true,
      }),
    );
    // 1.50 written back as the engine writes decimals: '1.5'.
    const fee = buildFee(line, { amounts, units: parseDecimalUnsafe('1.50'), events_count: 1 });
    expectDecodes(fee);
    expect(fee).toEqual(
      rightOf(
        feeObject({
          item,
          currency: 'EUR',
          from_date: '2025-03-01T00:00:00+01:00',
          pay_in_advance: true,
          amounts,
          units: '1.50',
          events_count: 1,
        }),
      ),
    );
    expect([fee.from_date, fee.units, fee.pay_in_advance]).toEqual([
      '2025-02-28T23:00:00Z',
      '1.5',
      true,
    ]);
  });
});
