/**
 * The engine builds its fees as typed values from checked lines (`feeLine`: ids, currency,
 * dates, item) and its own figures (`buildFee`), without the `Fee` codec. This property
 * decodes every fee the fee functions and the operations return with that codec.
 */
import { decode, Fee } from '@feecast/models';
import fc from 'fast-check';
import { isRight } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { planChargeFeesReport } from '../../../src/fees/charge/index';
import { estimateFees } from '../../../src/operations/index';
import { anyCharge, cloudMetric, stream } from '../../operations/arbitraries';
import { customer, plan, subscription } from '../../operations/builders';
import { MARCH, period } from './support';

const SUBSCRIPTION = subscription('2025-03-01T00:00:00Z');
const APRIL = period('2025-04-01', '2025-04-30', 30);

/** The problems of the fees that do not decode with the `Fee` codec (none expected). */
function undecodable(fees: readonly unknown[]): string[] {
  const problems: string[] = [];
  for (const fee of fees) {
    const decoded = decode(Fee, fee);
    if (!isRight(decoded)) problems.push(decoded.left.message);
  }
  return problems;
}

/** A metric of the cloud arbitraries: a count, a sum, or a recurring sum. */
const anyMetric = fc
  .constantFrom('count_agg', 'sum_agg', 'recurring_sum')
  .map((type) =>
    type === 'recurring_sum' ? { ...cloudMetric('sum_agg'), recurring: true } : cloudMetric(type),
  );

describe('every fee decodes with the Fee codec', () => {
  it('planChargeFeesReport: usage and invoice, in arrears with a minimum, in advance, carried', () => {
    fc.assert(
      fc.property(
        anyMetric.chain((m) =>
          fc.tuple(
            fc.constant(m),
            fc.boolean().chain((inAdvance) => anyCharge(m, inAdvance)),
            fc.integer({ min: 0, max: 100_000 }),
          ),
        ),
        stream(),
        fc.constantFrom('usage', 'invoice') as fc.Arbitrary<'usage' | 'invoice'>,
        ([m, c, minimum], events, purpose) => {
          // anyCharge's charges all have their svc_id; in arrears, a minimum to true up.
          const charge = {
            ...c,
            svc_id: String(c.svc_id),
            min_amount_cents: c.pay_in_advance === true ? 0 : minimum,
          };
          const report = planChargeFeesReport({
            plan: { amount_currency: 'EUR', charges: [charge] },
            billableMetrics: [m],
            events,
            period: MARCH,
            next_period: APRIL,
            purpose,
            subscription: SUBSCRIPTION,
            customer: customer(),
            period_ratio: '0.5',
          });
          // A model that cannot price this metric is refused; every fee given decodes.
          fc.pre(isRight(report));
          if (!isRight(report)) return;
          expect(undecodable(report.right.fees)).toEqual([]);
          expect(undecodable(report.right.carried)).toEqual([]);
        },
      ),
    );
  });

  it('estimateFees: the fee of each event of a pay-in-advance charge', () => {
    fc.assert(
      fc.property(
        anyMetric.chain((m) => fc.tuple(fc.constant(m), anyCharge(m, true))),
        stream(),
        ([m, c], events) => {
          for (const [i, e] of events.entries()) {
            const estimate = estimateFees({
              customer: customer(),
              subscription: SUBSCRIPTION,
              plan: plan([c]),
              billableMetrics: [m],
              now: String(e.timestamp),
              events: events.slice(0, i),
              event: {
                code: 'm',
                transaction_id: e.transaction_id,
                properties: e.properties ?? null,
                precise_total_amount_cents: e.precise_total_amount_cents ?? null,
              },
            });
            if (isRight(estimate)) expect(undecodable(estimate.right.fees)).toEqual([]);
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
