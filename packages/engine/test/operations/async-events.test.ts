/**
 * Issue 21 §1: every operation and accumulator that takes events also takes them
 * asynchronously (an `AsyncIterable` or a web `ReadableStream`) and answers, as a promise,
 * exactly what it answers for the same events in an array. The public functions are used (the
 * package's guarded runtime), so a failing stream is a `Left` there, never a rejected promise.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UsageEvent } from '../../src/aggregation/index';
import {
  aggregate,
  chargeFees,
  comparePlans,
  createAccumulator,
  createEstimator,
  currentUsage,
  currentUsageUnsafe,
  estimateFees,
  eventBatch,
  payInAdvanceFees,
  planChargeFees,
  previewInvoice,
  projectedUsage,
} from '../../src/runtime';
import {
  billableMetrics,
  calls,
  growth,
  history,
  inAdvance,
  NOW,
  oneSubscription,
  seats,
  starter,
  twoSubscriptions,
} from './generated-history';
import { customer, ok, subscription } from './preview-invoice/builders';

const MARCH = { from_datetime: '2025-03-01T00:00:00Z', to_datetime: '2025-03-31T23:59:59Z' };
const PERIOD = {
  charges_from_datetime: MARCH.from_datetime,
  charges_to_datetime: MARCH.to_datetime,
  charges_duration: 31,
};

/** The events as an async generator that waits a turn between events, as a network would. */
async function* arriving(events: readonly unknown[]): AsyncGenerator<UsageEvent> {
  for (const event of events) {
    await Promise.resolve();
    yield event as UsageEvent;
  }
}

/** The events as a web stream (Node 20's global `ReadableStream`). */
function streamed(events: readonly unknown[]): ReadableStream<UsageEvent> {
  let i = 0;
  return new ReadableStream<UsageEvent>({
    pull(controller) {
      if (i < events.length) controller.enqueue(events[i++] as UsageEvent);
      else controller.close();
    },
  });
}

/** Both answers as JSON (a Left's message included), for an exact comparison. */
function same(now: unknown, later: unknown): void {
  expect(JSON.stringify(later)).toBe(JSON.stringify(now));
}

const context = { customer: customer(), subscription: subscription(), billableMetrics };

// Properties of whole operations: seconds each, more on a loaded machine than the default 5 s.
describe('the operations answer for events given asynchronously as for an array', {
  timeout: 60_000,
}, () => {
  it('aggregate and an accumulator, from an async iterable and from a web stream', async () => {
    await fc.assert(
      fc.asyncProperty(history, async (events) => {
        for (const metric of [calls, seats]) {
          const options = { ...MARCH, grouped_by: ['region'] };
          const now = aggregate(metric, events, options);
          same(now, await aggregate(metric, arriving(events), options));
          same(now, await aggregate(metric, streamed(events), options));
          const accumulator = ok(createAccumulator(metric, MARCH));
          await accumulator.addAll(arriving(events));
          same(aggregate(metric, events, MARCH), { _tag: 'Right', right: accumulator.result() });
        }
      }),
      { numRuns: 60 },
    );
  });

  it('chargeFees, planChargeFees and payInAdvanceFees', async () => {
    await fc.assert(
      fc.asyncProperty(history, async (events) => {
        const [grouped] = starter.charges;
        const [perEvent] = inAdvance.charges;
        const base = { billableMetric: calls, period: PERIOD, currency: 'EUR' };
        const one = { ...base, charge: grouped as NonNullable<typeof grouped> };
        same(
          chargeFees({ ...one, events }),
          await chargeFees({ ...one, events: arriving(events) }),
        );
        const plan = { plan: growth, billableMetrics, period: PERIOD };
        same(
          planChargeFees({ ...plan, events }),
          await planChargeFees({ ...plan, events: streamed(events) }),
        );
        const advance = { ...base, charge: perEvent as NonNullable<typeof perEvent> };
        same(
          payInAdvanceFees({ ...advance, events }),
          await payInAdvanceFees({ ...advance, events: arriving(events) }),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('current and projected usage', async () => {
    await fc.assert(
      fc.asyncProperty(
        history,
        fc.constantFrom(starter, growth, inAdvance),
        async (events, priced) => {
          const run = { ...context, plan: priced, now: NOW };
          same(
            currentUsage({ ...run, events }),
            await currentUsage({ ...run, events: arriving(events) }),
          );
          same(
            projectedUsage({ ...run, events }),
            await projectedUsage({ ...run, events: streamed(events) }),
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it('an estimate, and a prepared estimator, over a stored history', async () => {
    const estimator = ok(createEstimator({ ...context, plan: inAdvance }));
    await fc.assert(
      fc.asyncProperty(history, async (events) => {
        const event = { code: 'api_calls', properties: { calls: '2', region: 'eu' } };
        const run = { ...context, plan: inAdvance, now: NOW, event };
        const now = estimateFees({ ...run, events });
        same(now, await estimateFees({ ...run, events: arriving(events) }));
        same(now, await estimator.estimateFees({ event, now: NOW, events: streamed(events) }));
      }),
      { numRuns: 100 },
    );
  });

  it('an invoice preview of one subscription and of two, a comparison, a batch', async () => {
    await fc.assert(
      fc.asyncProperty(history, async (events) => {
        const one = oneSubscription;
        same(
          previewInvoice({ ...one, events }),
          await previewInvoice({ ...one, events: arriving(events) }),
        );
        const two = twoSubscriptions;
        same(
          previewInvoice({ ...two, events }),
          await previewInvoice({ ...two, events: streamed(events) }),
        );
        const compare = { ...context, plans: [starter, growth], now: NOW };
        same(
          comparePlans({ ...compare, events }),
          await comparePlans({ ...compare, events: arriving(events) }),
        );
        const batch = ok(await eventBatch(arriving(events)));
        same(
          currentUsage({ ...context, plan: growth, now: NOW, events }),
          currentUsage({ ...context, plan: growth, now: NOW, events: batch }),
        );
      }),
      { numRuns: 60 },
    );
  });
});

describe('a stream that fails', () => {
  /** Two events, then the source fails. */
  async function* failing(): AsyncGenerator<UsageEvent> {
    yield {
      transaction_id: 'a',
      code: 'api_calls',
      timestamp: '2025-03-02T10:00:00Z',
      properties: { calls: '2' },
    };
    await Promise.resolve();
    throw new Error('connection reset');
  }

  it('is a Left naming the events and what failed, not a rejected promise', async () => {
    const answer = await currentUsage({ ...context, plan: starter, now: NOW, events: failing() });
    expect(answer._tag).toBe('Left');
    if (answer._tag === 'Left') {
      expect([answer.left.code, answer.left.path]).toEqual(['invalid_input', ['events']]);
      expect(answer.left.message).toContain('connection reset');
    }
  });

  it('ends an accumulator with an unreadable_event rejection after what it read', async () => {
    const accumulator = ok(createAccumulator(calls, MARCH));
    await accumulator.addAll(failing());
    const result = accumulator.result();
    // The first event (2) was counted; the failure is one rejection at the next position.
    expect([result.aggregation, result.count]).toEqual(['2', 1]);
    expect(result.rejected.map((r) => [r.index, r.reason])).toEqual([[1, 'unreadable_event']]);
  });

  it('rejects the throwing twin with the documented Error', async () => {
    await expect(
      // The throwing twins are typed for arrays; given a stream, they answer with a promise.
      currentUsageUnsafe({ ...context, plan: starter, now: NOW, events: failing() } as never),
    ).rejects.toThrow(/invalid_input: The event stream failed: .*connection reset/);
  });
});
