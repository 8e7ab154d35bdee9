// The audit of a replay: every record of an events file is counted, left out as designed, or
// rejected with its file and line, and the rejected ones are exactly the engine's.
import {
  aggregate,
  type BillableMetricInput,
  type FeecastError,
  type Rejection,
} from '@feecast/engine';
import type { UsageEvent } from '@feecast/models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AuditInput,
  auditEvents,
  type EventsAudit,
  openEventsFile,
  type ReplayScope,
  scopeOf,
} from '../../src/replay/index';
import { examplePath, writeTemp } from '../inputs/builders';

const calls: BillableMetricInput = {
  code: 'api_calls',
  aggregation_type: 'sum_agg',
  field_name: 'calls',
};
const seats: BillableMetricInput = {
  code: 'seats',
  aggregation_type: 'unique_count_agg',
  field_name: 'user_id',
};
const november = { from_datetime: '2026-11-01T00:00:00Z', to_datetime: '2026-11-30T23:59:59Z' };
const midNovember: ReplayScope = {
  subscriptionId: 'sub_acme_starter',
  nowMs: Date.parse('2026-11-15T00:00:00Z'),
};

function unwrap<T>(result: { _tag: 'Left'; left: FeecastError } | { _tag: 'Right'; right: T }): T {
  if (result._tag === 'Left') throw new Error(result.left.message);
  return result.right;
}

async function audit(
  path: string,
  scope: ReplayScope,
  metrics: readonly BillableMetricInput[] = [calls, seats],
): Promise<EventsAudit> {
  const file = unwrap(await openEventsFile(path, undefined));
  const input: AuditInput = { file, scope, metrics, period: november, timezone: null };
  return unwrap(auditEvents(input));
}

describe('scopeOf', () => {
  // A test double: the timestamps are valid wire values (the codec's brand is not).
  const event = (changes: Readonly<Record<string, unknown>>): UsageEvent =>
    ({
      transaction_id: 't',
      code: 'seats',
      timestamp: '2026-11-14T23:59:59Z',
      ...changes,
    }) as unknown as UsageEvent;

  it('the subscription events up to now are in scope, others and later ones are not', () => {
    expect(scopeOf(event({}), midNovember)).toBe('in_scope');
    expect(scopeOf(event({ timestamp: '2026-11-15T00:00:00Z' }), midNovember)).toBe('in_scope');
    expect(scopeOf(event({ timestamp: '2026-11-15T00:00:01Z' }), midNovember)).toBe('after_now');
    // Unix seconds: 1794700800 is 2026-11-15T00:00:00Z, one second later is after now.
    expect(scopeOf(event({ timestamp: 1794700801 }), midNovember)).toBe('after_now');
    expect(scopeOf(event({ external_subscription_id: 'sub_acme_starter' }), midNovember)).toBe(
      'in_scope',
    );
    expect(scopeOf(event({ external_subscription_id: 'sub_other' }), midNovember)).toBe(
      'other_subscription',
    );
  });
});

describe('auditEvents on the bundled month', () => {
  it('as of 2026-11-15T00:00:00Z: 97 events counted, 103 after now (examples/cli/README.md)', async () => {
    // events.ndjson is in time order: tr_0097 (2026-11-14T23:30:00Z) is the last one before
    // now, tr_0098 (2026-11-15T04:05:00Z) the first after; 200 − 97 = 103.
    const metrics: BillableMetricInput[] = [
      calls,
      seats,
      { code: 'storage_gb', aggregation_type: 'max_agg', field_name: 'gb' },
      { code: 'payments', aggregation_type: 'sum_agg', field_name: 'amount' },
      { code: 'compute_hours', aggregation_type: 'sum_agg', field_name: 'hours' },
    ];
    const result = await audit(examplePath('events.ndjson'), midNovember, metrics);
    expect(result.summary).toEqual({
      read: 200,
      counted: 97,
      rejected: 0,
      other_subscription: 0,
      after_now: 103,
      outside_period: 0,
      not_charged: 0,
    });
    expect(result.rejected).toEqual([]);
  });
});

describe('auditEvents on a file with every kind of event', () => {
  const at = (day: string) => `2026-11-${day}T10:00:00Z`;
  const lines = [
    { transaction_id: 'a1', code: 'api_calls', timestamp: at('02'), properties: { calls: '10' } },
    { transaction_id: 'a2', code: 'api_calls', timestamp: at('02'), properties: { calls: 'abc' } },
    // A repeat of a1: the first one counts.
    { transaction_id: 'a1', code: 'api_calls', timestamp: at('03'), properties: { calls: '5' } },
    'not json',
    { transaction_id: '', code: 'seats', timestamp: at('03'), properties: { user_id: 'u1' } },
    // A sum needs its field (a unique count counts events without it as one value).
    { transaction_id: 's1', code: 'api_calls', timestamp: at('04') },
    {
      transaction_id: 'o1',
      code: 'api_calls',
      timestamp: '2026-10-31T23:59:59Z',
      properties: { calls: '1' },
    },
    { transaction_id: 'l1', code: 'api_calls', timestamp: at('20'), properties: { calls: '1' } },
    {
      transaction_id: 'x1',
      external_subscription_id: 'sub_other',
      code: 'api_calls',
      timestamp: at('02'),
      properties: { calls: '1' },
    },
    { transaction_id: 'n1', code: 'storage_gb', timestamp: at('02'), properties: { gb: '1' } },
    { transaction_id: 'a3', code: 'api_calls', timestamp: at('05'), properties: { calls: '2' } },
    // A repeat of a2, whose value was refused: a2 had claimed the id, so this is a duplicate.
    { transaction_id: 'a2', code: 'api_calls', timestamp: at('06'), properties: { calls: '7' } },
  ];
  const text = lines
    .map((line) => (typeof line === 'string' ? line : JSON.stringify(line)))
    .join('\n');

  it('counts each kind, and lists the rejected with their line, id, reason and message', async () => {
    const path = writeTemp('every-kind.ndjson', text);
    const result = await audit(path, midNovember);
    // 12 records: a1, a3 counted (2); a2 twice, a1's repeat, line 4, the '' id, s1 rejected
    // (6); o1 outside the period, l1 after now, x1 another subscription's, n1 not charged.
    expect(result.summary).toEqual({
      read: 12,
      counted: 2,
      rejected: 6,
      other_subscription: 1,
      after_now: 1,
      outside_period: 1,
      not_charged: 1,
    });
    expect(result.notChargedCodes).toEqual(['storage_gb']);
    expect(
      result.rejected.map((r) => [r.file === path, r.line, r.transaction_id, r.reason]),
    ).toEqual([
      [true, 2, 'a2', 'invalid_value'],
      [true, 3, 'a1', 'duplicate_transaction_id'],
      [true, 4, null, 'invalid_event'],
      [true, 5, null, 'missing_transaction_id'],
      [true, 6, 's1', 'missing_value'],
      [true, 12, 'a2', 'duplicate_transaction_id'],
    ]);
    expect(result.rejected[0]?.message).toBe(
      'Event "a2" left out: The metric field value is not a decimal number. (properties.calls is "abc")',
    );
    expect(result.rejected[2]?.message).toMatch(/line 4, column 1: not valid JSON/);
  });
});

/** A generated events file: valid events (some repeated ids, bad values) and broken lines. */
const record = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      transaction_id: fc.constantFrom('t1', 't2', 't3', 't4', 't5', ''),
      external_subscription_id: fc.constantFrom(undefined, 'sub_acme_starter', 'sub_other'),
      code: fc.constantFrom('api_calls', 'seats', 'storage_gb'),
      // Days from 30 October to 16 November, at 10:00: before the period, in it, after now.
      day: fc.integer({ min: -1, max: 15 }),
      value: fc.constantFrom('3', '0.5', 'abc', undefined),
    }),
  },
  { weight: 1, arbitrary: fc.constant('{broken') },
);

type Generated = typeof record extends fc.Arbitrary<infer T> ? T : never;

function lineOf(generated: Generated): string {
  if (typeof generated === 'string') return generated;
  const { transaction_id, external_subscription_id, code, day, value } = generated;
  const timestamp = new Date(Date.UTC(2026, 10, 1 + day, 10)).toISOString();
  const field = code === 'seats' ? 'user_id' : 'calls';
  return JSON.stringify({
    transaction_id,
    ...(external_subscription_id === undefined ? {} : { external_subscription_id }),
    code,
    timestamp,
    ...(value === undefined ? {} : { properties: { [field]: value } }),
  });
}

/** The engine's rejections of the replayed events, per metric. */
function engineRejections(events: readonly UsageEvent[]): Rejection[] {
  return [calls, seats].flatMap((metric) => unwrap(aggregate(metric, events, november)).rejected);
}

describe('auditEvents on generated files', () => {
  it('every record is accounted for once, and the rejected are the engine rejections, each on its own line', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(record, { maxLength: 40 }), async (generated) => {
        const texts = generated.map(lineOf);
        const path = writeTemp(`generated-${run++}.ndjson`, texts.join('\n'));
        const result = await audit(path, midNovember);
        const { summary } = result;
        expect(summary.read).toBe(texts.length);
        expect(
          summary.counted +
            summary.rejected +
            summary.other_subscription +
            summary.after_now +
            summary.outside_period +
            summary.not_charged,
        ).toBe(summary.read);
        const parsed = texts.map((text) => {
          try {
            return JSON.parse(text) as UsageEvent;
          } catch {
            return undefined;
          }
        });
        const inScope = parsed.filter(
          (e): e is UsageEvent => e !== undefined && scopeOf(e, midNovember) === 'in_scope',
        );
        const key = (id: string | null, reason: string) => `${id ?? ''} ${reason}`;
        const engine = engineRejections(inScope).map((r) => key(r.transaction_id, r.reason));
        const located = result.rejected.filter((r) => r.reason !== 'invalid_event');
        expect(located.map((r) => key(r.transaction_id, r.reason)).sort()).toEqual(engine.sort());
        // Each located line holds an event with that id, and without the rejected lines the
        // file has nothing left to reject and the same figures.
        const rejectedLines = new Set(result.rejected.map((r) => r.line));
        for (const r of located)
          expect(parsed[r.line - 1]?.transaction_id ?? null).toBe(r.transaction_id ?? '');
        const kept = inScope.filter((e) => !rejectedLines.has(parsed.indexOf(e) + 1));
        expect(engineRejections(kept)).toEqual([]);
        for (const metric of [calls, seats]) {
          const figures = (events: readonly UsageEvent[]) =>
            unwrap(aggregate(metric, events, november)).aggregation;
          expect(figures(kept)).toBe(figures(inScope));
        }
        expect(
          result.rejected.filter((r) => r.reason === 'invalid_event').map((r) => r.line),
        ).toEqual(texts.flatMap((text, i) => (text === '{broken' ? [i + 1] : [])));
      }),
      { numRuns: 60 },
    );
  });
});
