/**
 * `createPreviewEstimator`: `createEstimator` with the pricing parts the caller gives only (so
 * that a bundler leaves the others out). Its law: given the parts a context uses, it answers
 * exactly what `createEstimator` answers, errors included; a part not given is an error that
 * names the part to pass. Without `storedEvents` (the pass over stored events), it answers
 * what `createEstimator` answers or that error, never another figure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countAggregation,
  createEstimator,
  createPreviewEstimator,
  createPreviewSetEstimator,
  customModel,
  dynamicModel,
  expressionLanguage,
  graduatedModel,
  graduatedPercentageModel,
  latestAggregation,
  maxAggregation,
  type PricingPart,
  packageModel,
  percentageModel,
  proratedSumAggregation,
  standardModel,
  storedEvents,
  sumAggregation,
  uniqueCountAggregation,
  volumeModel,
  weightedSumAggregation,
} from '../../src/operations/index';
import { meteredCharge, stream } from './arbitraries';
import { charge, estimated, event, leftOf, marchContext, metric, rightOf } from './builders';

const MODEL_PARTS: Readonly<Record<string, PricingPart>> = {
  standard: standardModel,
  package: packageModel,
  graduated: graduatedModel,
  graduated_percentage: graduatedPercentageModel,
  volume: volumeModel,
  percentage: percentageModel,
  dynamic: dynamicModel,
  custom: customModel,
};

const AGGREGATION_PARTS: Readonly<Record<string, PricingPart>> = {
  count_agg: countAggregation,
  sum_agg: sumAggregation,
  max_agg: maxAggregation,
  latest_agg: latestAggregation,
  unique_count_agg: uniqueCountAggregation,
  weighted_sum_agg: weightedSumAggregation,
};

const MARCH = '2025-03-15T00:00:00Z';

/** A plan of one pay-in-advance charge on `m`, for a UTC customer, with 20 % VAT. */
function contextOf(m: ReturnType<typeof metric>, c: ReturnType<typeof charge>) {
  return marchContext([{ ...c, pay_in_advance: true }], [m], true);
}

/** The parts the plan of `contextOf(m, c)` uses: its charge model and aggregation type. */
function partsOf(m: ReturnType<typeof metric>, c: ReturnType<typeof charge>) {
  return [
    MODEL_PARTS[c.charge_model] ?? standardModel,
    c.prorated === true && m.aggregation_type === 'sum_agg'
      ? proratedSumAggregation
      : (AGGREGATION_PARTS[m.aggregation_type] ?? countAggregation),
  ];
}

describe('createPreviewEstimator', () => {
  it('given the parts its plan uses and storedEvents, it answers exactly what createEstimator answers', () => {
    let priced = 0;
    fc.assert(
      fc.property(
        meteredCharge(['count_agg', 'sum_agg', 'unique_count_agg'], true),
        stream(),
        fc.array(
          fc.record({
            history: fc.nat(),
            cloud: fc.constantFrom('aws', 'gcp', 'azure'),
            value: fc.constantFrom('3', '0.5', 'abc', undefined),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        ([m, c], events, requests) => {
          const context = contextOf(m, c);
          const parts = [...partsOf(m, c), storedEvents];
          const preview = rightOf(createPreviewEstimator(context, parts));
          const full = rightOf(createEstimator(context));
          for (const request of requests) {
            const asked = {
              now: MARCH,
              events: events.slice(0, request.history % (events.length + 1)),
              event: estimated('m', { cloud: request.cloud, value: request.value }),
            };
            const answer = preview.estimateFees(asked);
            expect(answer).toEqual(full.estimateFees(asked));
            if (answer._tag === 'Right') priced++;
          }
          // The sets of estimates are createPreviewSetEstimator's (a preview estimator has none).
          expect('estimateFeesOf' in preview).toBe(false);
          const previewSet = rightOf(createPreviewSetEstimator(context, parts));
          const newEvents = requests.map((r) => estimated('m', { cloud: r.cloud, value: r.value }));
          expect(previewSet.estimateFeesOf({ newEvents, events, now: MARCH })).toEqual(
            full.estimateFeesOf({ newEvents, events, now: MARCH }),
          );
          const one = { now: MARCH, events, event: estimated('m', { cloud: 'aws', value: '3' }) };
          expect(previewSet.estimateFees(one)).toEqual(full.estimateFees(one));
        },
      ),
    );
    // Not only errors: requests are priced too.
    expect(priced).toBeGreaterThan(10);
  });

  it('without storedEvents, it answers what createEstimator answers, or the error that names the part', () => {
    let priced = 0;
    let refused = 0;
    fc.assert(
      fc.property(
        meteredCharge(['count_agg', 'sum_agg', 'unique_count_agg'], true),
        stream(),
        fc.array(
          fc.record({
            history: fc.nat(),
            cloud: fc.constantFrom('aws', 'gcp', 'azure'),
            value: fc.constantFrom('3', '0.5', '-2', 'abc', undefined),
            now: fc.constantFrom(MARCH, '2025-03-01T00:00:00Z', '2025-03-31T23:59:59Z'),
            timestamp: fc.constantFrom(undefined, '2025-02-20T00:00:00Z', '2025-03-10T12:00:00Z'),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        ([m, c], events, requests) => {
          const context = contextOf(m, c);
          const parts = partsOf(m, c);
          const preview = rightOf(createPreviewEstimator(context, parts));
          const full = rightOf(createEstimator(context));
          for (const request of requests) {
            const history = events.slice(0, request.history % (events.length + 1));
            const event = {
              ...estimated('m', { cloud: request.cloud, value: request.value }),
              ...(request.timestamp === undefined ? {} : { timestamp: request.timestamp }),
            };
            const asked = {
              now: request.now,
              event,
              ...(history.length > 0 ? { events: history } : {}),
            };
            const answer = preview.estimateFees(asked);
            if (answer._tag === 'Left' && answer.left.message.includes('add `storedEvents`')) {
              refused++;
              expect(answer.left.code).toBe('invalid_input');
              expect([['events'], ['plan', 'charges', '0']]).toContainEqual(answer.left.path);
              // Refused for stored events only when some are given.
              if (history.length === 0) expect(answer.left.path).toEqual(['plan', 'charges', '0']);
              continue;
            }
            expect(history).toEqual([]);
            expect(answer).toEqual(full.estimateFees(asked));
            if (answer._tag === 'Right') priced++;
          }
        },
      ),
    );
    // Both happen: first events are priced, and what needs the pass is refused.
    expect(priced).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(10);
  });

  it('without storedEvents, stored events or a charge that needs the pass are an error naming the part', async () => {
    const calls = metric('calls', 'sum_agg');
    const context = contextOf(calls, charge(calls, 'standard', { amount: '1' }));
    const preview = rightOf(createPreviewEstimator(context, [standardModel, sumAggregation]));
    const asked = estimated('calls', { value: '3' });
    const stored = [event('calls', '2025-03-10T00:00:00Z', { value: '2' })];
    const error = leftOf(preview.estimateFees({ event: asked, events: stored, now: MARCH }));
    expect(error.code).toBe('invalid_input');
    expect(error.path).toEqual(['events']);
    expect(error.message).toBe(
      'The request gives stored events: pricing it needs the pass over stored events; add `storedEvents` to the parts of createPreviewEstimator.',
    );
    // Asynchronous events: the same error, as a Promise.
    async function* later() {
      yield* stored;
    }
    expect(await preview.estimateFees({ event: asked, events: later(), now: MARCH })).toEqual(
      preview.estimateFees({ event: asked, events: stored, now: MARCH }),
    );
    // No events, or none stored: the fee from the event alone, createEstimator's (3 x 1 = 300 cents).
    const full = rightOf(createEstimator(context)).estimateFees({ event: asked, now: MARCH });
    expect(rightOf(full).fees.map((f) => f.amount_cents)).toEqual([300]);
    expect(preview.estimateFees({ event: asked, now: MARCH })).toEqual(full);
    expect(preview.estimateFees({ event: asked, events: [], now: MARCH })).toEqual(full);
    expect(preview.estimateFees({ event: asked, events: null, now: MARCH })).toEqual(full);
    // With the part, the history is read: 2 before, then 3 more at 1 = 300 cents again.
    const withPass = rightOf(
      createPreviewEstimator(context, [standardModel, sumAggregation, storedEvents]),
    );
    const after = withPass.estimateFees({ event: asked, events: stored, now: MARCH });
    expect(rightOf(after).fees.map((f) => f.amount_cents)).toEqual([300]);
    expect(after).toEqual(
      rightOf(createEstimator(context)).estimateFees({ event: asked, events: stored, now: MARCH }),
    );
    // A unique count is never priced from the event alone: the charge's path and the part.
    const users = metric('users', 'unique_count_agg', { field_name: 'user' });
    const unique = rightOf(
      createPreviewEstimator(contextOf(users, charge(users, 'standard', { amount: '1' })), [
        standardModel,
        uniqueCountAggregation,
      ]),
    );
    const needs = leftOf(
      unique.estimateFees({ event: estimated('users', { user: 'u1' }), now: MARCH }),
    );
    expect(needs.code).toBe('invalid_input');
    expect(needs.path).toEqual(['plan', 'charges', '0']);
    expect(needs.message).toContain('add `storedEvents` to the parts');
  });

  it('prices a standard charge on a sum with those two parts: the same fee as createEstimator', () => {
    // 1,000 calls at 0.0025 = 2.50 → 250 cents; 20 % VAT on 250 = 50; total 300.
    const calls = metric('calls', 'sum_agg');
    const context = contextOf(calls, charge(calls, 'standard', { amount: '0.0025' }));
    const request = { event: estimated('calls', { value: '1000' }), now: MARCH };
    const preview = rightOf(createPreviewEstimator(context, [standardModel, sumAggregation]));
    const fees = rightOf(preview.estimateFees(request)).fees;
    expect(fees.map((f) => [f.amount_cents, f.taxes_amount_cents, f.total_amount_cents])).toEqual([
      [250, 50, 300],
    ]);
    expect(preview.estimateFees(request)).toEqual(
      rightOf(createEstimator(context)).estimateFees(request),
    );
  });

  it('a charge model not given is an error naming its part', () => {
    const calls = metric('calls', 'sum_agg');
    const context = contextOf(
      calls,
      charge(calls, 'package', { amount: '1', package_size: 10, free_units: 0 }),
    );
    const preview = rightOf(createPreviewEstimator(context, [standardModel, sumAggregation]));
    const error = leftOf(
      preview.estimateFees({ event: estimated('calls', { value: '3' }), now: MARCH }),
    );
    expect(error.code).toBe('unsupported_charge_model');
    expect(error.path).toEqual(['plan', 'charges', '0', 'charge_model']);
    expect(error.message).toContain('pass packageModel to createPreviewEstimator');
  });

  it('an aggregation type not given is an error naming its part', () => {
    const calls = metric('calls', 'count_agg');
    const context = contextOf(calls, charge(calls, 'standard', { amount: '1' }));
    const preview = rightOf(createPreviewEstimator(context, [standardModel, sumAggregation]));
    const error = leftOf(preview.estimateFees({ event: estimated('calls'), now: MARCH }));
    expect(error.code).toBe('invalid_input');
    expect(error.path).toEqual(['billableMetrics', '0', 'aggregation_type']);
    expect(error.message).toContain('pass its part (countAggregation)');
  });

  it('a prorated sum needs proratedSumAggregation: without it an error naming it, with it the same fee', () => {
    // 3 seats at 10 EUR, prorated on 15 March: 17 of March's 31 days are left (15th to 31st),
    // 3 x 17 / 31 = 1.645161... ceiled to 5 decimals = 1.64517 units x 10 = 16.4517 EUR →
    // 1645 cents; 20 % VAT = 329; total 1974.
    const seats = metric('seats', 'sum_agg', { recurring: true });
    const context = contextOf(
      seats,
      charge(seats, 'standard', { amount: '10' }, { prorated: true }),
    );
    const request = { event: estimated('seats', { value: '3' }), now: MARCH };
    // A prorated charge is priced by the pass over stored events: storedEvents is given.
    const without = rightOf(
      createPreviewEstimator(context, [standardModel, sumAggregation, storedEvents]),
    );
    const error = leftOf(without.estimateFees(request));
    expect(error.code).toBe('invalid_input');
    expect(error.path).toEqual(['plan', 'charges', '0', 'prorated']);
    expect(error.message).toContain('pass proratedSumAggregation');
    const full = rightOf(createEstimator(context)).estimateFees(request);
    expect(
      rightOf(full).fees.map((f) => [f.amount_cents, f.taxes_amount_cents, f.total_amount_cents]),
    ).toEqual([[1645, 329, 1974]]);
    // Either order of the two sum parts: the one that prorates is kept.
    for (const parts of [
      [standardModel, proratedSumAggregation, storedEvents],
      [standardModel, sumAggregation, proratedSumAggregation, storedEvents],
      [standardModel, proratedSumAggregation, sumAggregation, storedEvents],
    ]) {
      expect(rightOf(createPreviewEstimator(context, parts)).estimateFees(request)).toEqual(full);
    }
  });

  it('an expression without the expression language is an error; with it, the same fee', () => {
    // value = a * 2: 3 * 2 = 6 units at 1 = 6.00 → 600 cents; 20 % VAT = 120; total 720.
    const doubled = metric('doubled', 'sum_agg', { expression: 'event.properties.a * 2' });
    const context = contextOf(doubled, charge(doubled, 'standard', { amount: '1' }));
    const request = { event: estimated('doubled', { a: '3' }), now: MARCH };
    const without = rightOf(createPreviewEstimator(context, [standardModel, sumAggregation]));
    const error = leftOf(without.estimateFees(request));
    expect(error.path).toEqual(['billableMetrics', '0', 'expression']);
    expect(error.message).toContain('pass expressionLanguage');
    const parts = [standardModel, sumAggregation, expressionLanguage, storedEvents];
    const fees = rightOf(
      rightOf(createPreviewEstimator(context, parts)).estimateFees(request),
    ).fees;
    expect(fees.map((f) => [f.amount_cents, f.taxes_amount_cents, f.total_amount_cents])).toEqual([
      [600, 120, 720],
    ]);
  });

  it('parts that are not the engine’s are an invalid_input under parts', () => {
    const calls = metric('calls', 'sum_agg');
    const context = contextOf(calls, charge(calls, 'standard', { amount: '1' }));
    expect(leftOf(createPreviewEstimator(context, 'standard' as never)).path).toEqual(['parts']);
    const forged = { part: 'charge_model', name: 'standard' } as PricingPart;
    expect(leftOf(createPreviewEstimator(context, [sumAggregation, forged])).path).toEqual([
      'parts',
      '1',
    ]);
    expect(leftOf(createPreviewSetEstimator(context, [sumAggregation, forged])).path).toEqual([
      'parts',
      '1',
    ]);
  });
});
