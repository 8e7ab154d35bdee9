/**
 * Issue 19 §3: the operations accept a columnar batch (`eventBatch`) wherever they take events,
 * and answer exactly as they do for the same events as objects: current and projected usage,
 * an estimate over a history, an invoice preview of one or two subscriptions (events of
 * others listed as unassigned), and a comparison of plans. Histories are generated: several
 * subscriptions (and none), both timestamp forms, other periods, repeated ids, bad values.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventBatch, type UsageEvent } from '../../src/aggregation/index';
import { comparePlans } from '../../src/operations/compare-plans/index';
import { currentUsage, estimateFees, projectedUsage } from '../../src/operations/index';
import { previewInvoice } from '../../src/operations/preview-invoice/index';
import {
  billableMetrics,
  growth,
  history,
  inAdvance,
  NOW,
  oneSubscription,
  starter,
  twoSubscriptions,
} from './generated-history';
import { customer, ok, subscription } from './preview-invoice/builders';

/** Both answers as JSON (a Left's message included), for an exact comparison. */
function same(objects: unknown, batch: unknown): void {
  expect(JSON.stringify(batch)).toBe(JSON.stringify(objects));
}

function* generated(events: readonly UsageEvent[]): Generator<UsageEvent> {
  for (const event of events) yield event;
}

function batchOf(events: readonly UsageEvent[]) {
  return ok(eventBatch(events));
}

describe('the operations price a batch as they price the same events as objects', () => {
  const context = { customer: customer(), subscription: subscription(), billableMetrics };

  it('current and projected usage', () => {
    fc.assert(
      fc.property(history, fc.constantFrom(starter, growth, inAdvance), (events, priced) => {
        const batch = batchOf(events);
        const run = { ...context, plan: priced, now: NOW };
        same(currentUsage({ ...run, events }), currentUsage({ ...run, events: batch }));
        same(projectedUsage({ ...run, events }), projectedUsage({ ...run, events: batch }));
      }),
      { numRuns: 150 },
    );
  });

  it('an estimate over a stored history', () => {
    fc.assert(
      fc.property(history, (events) => {
        const event = { code: 'api_calls', properties: { calls: '2', region: 'eu' } };
        const run = { ...context, plan: inAdvance, now: NOW, event };
        same(estimateFees({ ...run, events }), estimateFees({ ...run, events: batchOf(events) }));
      }),
      { numRuns: 100 },
    );
  });

  it('an invoice preview of one subscription, and of two', () => {
    fc.assert(
      fc.property(history, (events) => {
        const one = oneSubscription;
        same(
          previewInvoice({ ...one, events }),
          previewInvoice({ ...one, events: batchOf(events) }),
        );
        const two = twoSubscriptions;
        same(
          previewInvoice({ ...two, events }),
          previewInvoice({ ...two, events: batchOf(events) }),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('a comparison of plans', () => {
    fc.assert(
      fc.property(history, (events) => {
        const run = { ...context, plans: [starter, growth], now: NOW };
        const objects = comparePlans({ ...run, events });
        same(objects, comparePlans({ ...run, events: batchOf(events) }));
        // A generator is read once, into a batch that every plan's preview reads.
        same(objects, comparePlans({ ...run, events: generated(events) }));
      }),
      { numRuns: 60 },
    );
  });
});
