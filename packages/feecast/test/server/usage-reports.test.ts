// Issue 23 §2: a usage answer is kept per subscription until something it read changes. Each
// trigger is checked on its own: the answer is computed again (the operation is called) and
// is the new one; a read with nothing changed is answered from what was kept.
import type { Timestamp } from '@feecast/models';
import { describe, expect, it } from 'vitest';
import { defaultOperations, type Operations } from '../../src/server/routes/operations';
import { reduce } from '../../src/server/routes/reducer';
import { asTimestamp } from '../../src/server/state/brands';
import type { ServerState } from '../../src/server/state/state';
import { clockSpan } from '../../src/server/state/usage-reports';
import { apiRequest, example, fixture } from './builders';

const SUB = 'sub_1234567890';
const PATH = `/api/v1/customers/hooli_1234/current_usage`;
const NOW = asTimestamp('2025-03-20T12:00:00.000Z');

/** The default operations, counting how often current usage is computed. */
function counting(): { operations: Operations; computed: () => number } {
  let calls = 0;
  return {
    operations: {
      ...defaultOperations,
      currentUsage: (input) => {
        calls++;
        return defaultOperations.currentUsage(input);
      },
    },
    computed: () => calls,
  };
}

interface Usage {
  readonly amount_cents: number;
  readonly from_datetime: string;
  readonly charges_usage: readonly {
    readonly units: string;
    readonly amount_cents: number;
    readonly billable_metric: { readonly code: string };
  }[];
}

/** The cpu charge's units and amount. */
function cpu(usage: Usage): { units: number; cents: number } {
  const row = usage.charges_usage.find((c) => c.billable_metric.code === 'cpu');
  return { units: Number(row?.units), cents: row?.amount_cents ?? Number.NaN };
}

/** Graduated cents: 10.00 flat and 0.50 a second up to 10 seconds, then `beyond` a second. */
function graduated(units: number, beyond: number): number {
  return Math.round(1000 + 50 * Math.min(units, 10) + beyond * 100 * Math.max(units - 10, 0));
}

function read(state: ServerState, operations: Operations, now: Timestamp = NOW): Usage {
  const answer = reduce(
    state,
    apiRequest('GET', PATH, undefined, `external_subscription_id=${SUB}`),
    now,
    operations,
  ).response;
  expect(answer.status).toBe(200);
  return (answer.body as { customer_usage: Usage }).customer_usage;
}

function change(state: ServerState, method: string, path: string, body: unknown): ServerState {
  const reduction = reduce(state, apiRequest(method, path, body), NOW);
  expect(reduction.response.status).toBeLessThan(300);
  return reduction.state;
}

/** A stored `cpu` event of the period (graduated: 0.5 per second up to 10, then 0.4). */
function cpuEvent(id: string, seconds: string): unknown {
  return {
    event: {
      transaction_id: id,
      code: 'cpu',
      external_subscription_id: SUB,
      timestamp: '2025-03-18T10:00:00Z',
      properties: { cpu_seconds: seconds },
    },
  };
}

describe('usage answers kept per subscription', () => {
  it('answers again from what it kept while nothing it read changes (same quarter of an hour)', () => {
    const { operations, computed } = counting();
    const state = example();
    const first = read(state, operations);
    expect(read(state, operations, asTimestamp('2025-03-20T12:14:59.999Z'))).toEqual(first);
    expect(computed()).toBe(1);
    // Another quarter of an hour: computed again (the same figures, the same day).
    expect(read(state, operations, asTimestamp('2025-03-20T12:15:00.000Z'))).toEqual(first);
    expect(computed()).toBe(2);
  });

  it('a stored event of the subscription computes the answer again', () => {
    const { operations, computed } = counting();
    let state = example();
    const before = read(state, operations);
    state = change(state, 'POST', '/api/v1/events', cpuEvent('kept-1', '1000'));
    const after = read(state, operations);
    expect(computed()).toBe(2);
    // 1,000 more cpu seconds, priced on the graduated ranges (0.40 beyond 10 seconds).
    expect(cpu(after).units).toBe(cpu(before).units + 1000);
    expect(cpu(after).cents).toBe(graduated(cpu(after).units, 0.4));
    expect(cpu(after).cents).toBeGreaterThan(cpu(before).cents);
  });

  it('a clock in the next period computes the answer again, for that period', () => {
    const { operations, computed } = counting();
    const state = example();
    expect(read(state, operations).from_datetime).toBe('2025-03-15T07:00:00Z');
    const april = read(state, operations, asTimestamp('2025-04-20T12:00:00.000Z'));
    expect(computed()).toBe(2);
    expect(april.from_datetime).toBe('2025-04-15T07:00:00Z');
  });

  it('a plan override computes the answer again, at the overridden price', () => {
    const { operations, computed } = counting();
    let state = change(example(), 'POST', '/api/v1/events', cpuEvent('kept-1', '1000'));
    const before = read(state, operations);
    state = change(state, 'PUT', `/api/v1/subscriptions/${SUB}`, {
      subscription: {
        plan_overrides: {
          charges: [
            {
              id: '1a3fad34-9976-4b06-9dd6-42b371cc2459',
              properties: {
                graduated_ranges: [
                  { from_value: 0, to_value: 10, flat_amount: '10', per_unit_amount: '0.5' },
                  { from_value: 11, to_value: null, flat_amount: '0', per_unit_amount: '0.5' },
                ],
              },
            },
          ],
        },
      },
    });
    const after = read(state, operations);
    expect(computed()).toBe(2);
    // The same seconds; those beyond 10 at 0.50 instead of 0.40.
    expect(cpu(after).units).toBe(cpu(before).units);
    expect(cpu(before).cents).toBe(graduated(cpu(before).units, 0.4));
    expect(cpu(after).cents).toBe(graduated(cpu(after).units, 0.5));
  });

  it('a metric update computes the answer again', () => {
    const { operations, computed } = counting();
    let state = example();
    read(state, operations);
    state = change(
      state,
      'PUT',
      '/api/v1/billable_metrics/seats',
      fixture('request.update_billable_metric.json'),
    );
    read(state, operations);
    expect(computed()).toBe(2);
  });

  it('the exact clock is the key in the quarter of an hour the subscription starts or ends', () => {
    const subscription = example().subscriptions.find((s) => s.external_id === SUB);
    if (subscription === undefined) throw new Error('no subscription');
    const ending = { ...subscription, terminated_at: asTimestamp('2025-03-20T12:05:00Z') };
    expect(clockSpan('2025-03-20T12:01:00Z', ending)).toBe('at:2025-03-20T12:01:00Z');
    // 12:00 UTC is quarter 1,936,080 since the epoch (1,742,472,000 s / 900 s).
    expect(clockSpan('2025-03-20T12:01:00Z', subscription)).toBe('q:1936080');
  });
});
