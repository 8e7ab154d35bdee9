// Issue 23 §2: the stored events as an append-only log shared by the states made by appending.
// Each state sees its own events only, whatever was appended after it; a log appended to
// twice from one state forks; the events appended since an older log are those of the journal
// record; a subscription's events and transaction ids are found without a pass over the others.
import type { UsageEventRecord } from '@feecast/models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventLog, eventLog } from '../../src/server/state/event-index';

function event(n: number, subscription: string | undefined, code = 'api_calls'): UsageEventRecord {
  return {
    svc_id: `fe000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    transaction_id: `tx_${n}`,
    code,
    timestamp: '2025-03-20T11:00:00Z',
    created_at: '2025-03-20T11:00:00Z',
    svc_subscription_id: null,
    svc_customer_id: null,
    properties: {},
    ...(subscription === undefined ? {} : { external_subscription_id: subscription }),
  } as unknown as UsageEventRecord;
}

/** What a log must hold, from the arrays it stands for. */
function expectLog(log: EventLog, events: readonly UsageEventRecord[]): void {
  expect(log.length).toBe(events.length);
  expect([...log]).toEqual(events);
  expect(JSON.parse(JSON.stringify(log))).toEqual(JSON.parse(JSON.stringify(events)));
  for (const sub of ['sub_a', 'sub_b']) {
    const own = events.filter((e) => e.external_subscription_id === sub);
    expect(log.ofSubscription(sub).all).toEqual(own);
    expect(log.ofSubscription(sub).byCode.get('seats') ?? []).toEqual(
      own.filter((e) => e.code === 'seats'),
    );
    for (const e of events) {
      expect(log.has(sub, e.transaction_id)).toBe(own.some((o) => o === e));
    }
  }
}

describe('the event log', () => {
  it('gives every state the events it was made with, as arrays would', () => {
    // Steps: append an event (to a subscription or none) to one of the states made so far.
    const steps = fc.array(
      fc.record({
        from: fc.nat(),
        subscription: fc.constantFrom('sub_a', 'sub_b', undefined),
        code: fc.constantFrom('seats', 'api_calls'),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(steps, (appends) => {
        const arrays: UsageEventRecord[][] = [[]];
        const logs: EventLog[] = [EventLog.of([])];
        for (const [n, step] of appends.entries()) {
          const at = step.from % logs.length;
          const added = event(n, step.subscription, step.code);
          arrays.push([...(arrays[at] as UsageEventRecord[]), added]);
          logs.push((logs[at] as EventLog).append(added));
        }
        for (const [i, log] of logs.entries()) expectLog(log, arrays[i] as UsageEventRecord[]);
      }),
      { numRuns: 60 },
    );
  });

  it('names the events appended since an older log of the same line, and only then', () => {
    const a = event(1, 'sub_a');
    const b = event(2, 'sub_b');
    const c = event(3, 'sub_a');
    const start = EventLog.of([a]);
    const one = start.append(b);
    const two = one.append(c);
    expect(two.since(start)).toEqual([b, c]);
    expect(two.since(two)).toEqual([]);
    // Not made from it by appending: another store, or a longer log.
    expect(two.since(EventLog.of([a]))).toBeUndefined();
    expect(start.since(two)).toBeUndefined();
    // A second append to `one` forks: the new log does not extend `two`.
    const other = one.append(event(4, 'sub_b'));
    expect(other.since(two)).toBeUndefined();
    expect([...two]).toEqual([a, b, c]);
  });

  it('indexes an array once, and appends to the index it made', () => {
    const events = [event(1, 'sub_a'), event(2, 'sub_b', 'seats')];
    expect(eventLog(events)).toBe(eventLog(events));
    const log = eventLog(events);
    expect(eventLog(log)).toBe(log);
    const next = log.append(event(3, 'sub_b', 'seats'));
    expect(
      next
        .ofSubscription('sub_b')
        .byCode.get('seats')
        ?.map((e) => e.transaction_id),
    ).toEqual(['tx_2', 'tx_3']);
    // The newest log's lists grow in place (the accumulators read on from where they were).
    const list = next.ofSubscription('sub_b').all;
    const third = next.append(event(4, 'sub_b'));
    expect(third.ofSubscription('sub_b').all).toBe(list);
    expect(list.length).toBe(3);
  });
});
