/**
 * `usageTaxes`: the taxes of current usage. Fees none of which gets a tax are not copied to be
 * taxed by nothing; the answer is the one of taxing them all (`kept` given: every fee taxed and
 * the invoice's taxes computed), errors included, and the same when some fees were found
 * untaxed before (`checked`).
 */
import { left, right } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { type ChargeFee, type PlanChargeFeesInput, planChargeFees } from '../../src/fees/index';
import { applyTaxes, type TaxSources } from '../../src/invoice/index';
import { untaxedFees, usageTaxes } from '../../src/operations/usage-taxes';
import { charge, customer, event, metric, plan, rightOf, subscription, tax } from './builders';

const calls = metric('calls', 'count_agg');
const storage = metric('storage', 'sum_agg');
const vat20 = tax('vat', 20);
const period = {
  charges_from_datetime: '2025-03-01T00:00:00Z',
  charges_to_datetime: '2025-03-31T23:59:59Z',
};
const AT = '2025-03-01T00:00:00Z';

/** The plan of a subscription's tax sources. */
type TaxPlanOf = NonNullable<TaxSources['subscriptions']>[number]['plan'];

/** The tax sources of the builders' subscription on `p`, with the billing entity's `taxes`. */
function sourcesOf(p: TaxPlanOf, taxes?: TaxSources['billing_entity']): TaxSources {
  const own = subscription() as NonNullable<TaxSources['subscriptions']>[number]['subscription'];
  return {
    subscriptions: [{ subscription: own, plan: p }],
    ...(taxes === undefined ? {} : { billing_entity: taxes }),
  };
}

/** 10 calls at 0.5 EUR (500 cents) and 3 GB at 2 EUR (600 cents); `taxed`: the calls' charge has VAT. */
function feesOf(taxed: boolean) {
  // The builders' inputs are wire inputs; the engine reads them as full objects.
  const p = plan([
    charge(calls, 'standard', { amount: '0.5' }, taxed ? { taxes: [vat20] } : {}),
    charge(storage, 'standard', { amount: '2' }),
  ]) as PlanChargeFeesInput['plan'] & TaxPlanOf;
  const events = [
    ...Array.from({ length: 10 }, () => event('calls', '2025-03-02T00:00:00Z')),
    event('storage', '2025-03-03T00:00:00Z', { value: '3' }),
  ];
  const fees = rightOf(
    planChargeFees({
      plan: p,
      billableMetrics: [calls, storage],
      events,
      period,
      subscription: subscription(),
      customer: customer(),
    }),
  );
  return { plan: p, fees };
}

/**
 * `usageTaxes` without `kept`, taxing every fee (`kept` given), and with the fees of each
 * first part found untaxed before (`checked`, by `untaxedFees`): the same answer.
 */
function both(...args: Parameters<typeof usageTaxes>) {
  const [fees, sources, amount, at] = args;
  const quick = usageTaxes(fees, sources, amount, at);
  expect(quick).toEqual(usageTaxes(fees, sources, amount, at, new WeakMap()));
  for (let k = 1; k <= fees.length; k++) {
    const checked = untaxedFees(fees.slice(0, k), sources);
    if (checked !== undefined) {
      expect(usageTaxes(fees, sources, amount, at, undefined, checked)).toEqual(quick);
    }
  }
  return quick;
}

describe('usageTaxes', () => {
  const untaxed = feesOf(false);
  const sources = sourcesOf(untaxed.plan);

  it('is 0 when no tax applies, as taxing every fee gives', () => {
    expect(untaxed.fees.map((fee) => fee.amount_cents)).toEqual([500, 600]);
    expect(both(untaxed.fees, sources, 1100, AT)).toEqual(right(0));
    expect(untaxedFees(untaxed.fees, sources)).toEqual(new Set(untaxed.fees));
    expect(untaxedFees(untaxed.fees, sourcesOf(untaxed.plan, [vat20]))).toBeUndefined();
  });

  it('taxes the fees when a source has taxes: 20 % of 1,100 cents, or of the 500 of one charge', () => {
    expect(both(untaxed.fees, sourcesOf(untaxed.plan, [vat20]), 1100, AT)).toEqual(right(220));
    const one = feesOf(true);
    const own = sourcesOf(one.plan);
    expect(both(one.fees, own, 1100, AT)).toEqual(right(100));
  });

  it('leaves a fee already taxed as it is, as taxing every fee does: its 20 % of 500 cents', () => {
    const [first, second] = untaxed.fees as [ChargeFee, ChargeFee];
    const vat = rightOf(applyTaxes([first], sourcesOf(untaxed.plan, [vat20])));
    const [taxed] = vat.fees as [ChargeFee];
    expect(taxed.taxes_amount_cents).toBe(100);
    expect(both([taxed, second], sources, 1100, AT)).toEqual(right(100));
  });

  it('answers the errors of taxing every fee', () => {
    const bad = both(untaxed.fees, sources, 1100, 'March');
    expect(bad).toEqual(left(expect.objectContaining({ code: 'invalid_input', path: ['now'] })));
    const fraction = both(untaxed.fees, sources, 1100.5, AT);
    expect(fraction._tag).toBe('Left');
    const [first, second] = untaxed.fees as [ChargeFee, ChargeFee];
    const usd = { ...second, amount_currency: 'USD' } as ChargeFee;
    expect(both([first, usd], sources, 1100, AT)).toEqual(
      left(expect.objectContaining({ code: 'currency_mismatch' })),
    );
    const unread = { ...second, amount_cents: 1.5 } as unknown as ChargeFee;
    expect(both([first, unread], sources, 1100, AT)._tag).toBe('Left');
  });
});
