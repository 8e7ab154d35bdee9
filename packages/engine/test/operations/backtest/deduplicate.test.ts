/**
 * `deduplicate: false`: the transaction ids of a backtest's events are taken as distinct, so
 * none is remembered (memory flat in the number of events), and a repeat counts.
 */
import { describe, expect, it } from 'vitest';
import { backtest } from '../../../src/runtime';
import { billableMetrics, growth } from '../generated-history';
import { customer, leftOf, ok, subscription } from '../preview-invoice/builders';

const input = {
  plans: [growth],
  subscriptions: [{ customer: customer(), subscription: subscription() }],
  billableMetrics,
  from: '2025-03-01T00:00:00Z',
  to: '2025-04-01T00:00:00Z',
};
const call = (id: string, day: string, calls: string) => ({
  transaction_id: id,
  external_subscription_id: 'sub_1',
  code: 'api_calls',
  timestamp: `2025-03-${day}T10:00:00Z`,
  properties: { calls },
});
// t1 sent twice (a retry), t2 once.
const events = [call('t1', '03', '100'), call('t1', '03', '100'), call('t2', '04', '50')];

describe('backtest deduplicate', () => {
  it('by default leaves out a repeated transaction id, as previewInvoice does', () => {
    const [row] = ok(backtest({ ...input, events })).rows;
    const units = row?.fees.find((line) => line.code === 'api_calls')?.units;
    // 100 + 50: the repeat of t1 is left out and counted as rejected.
    expect(units).toBe('150');
    expect(row?.rejected_events).toBe(1);
  });

  it('leaves out a repeat in its period only: an id repeated in a later period counts there', () => {
    const april = (id: string, calls: string) => ({
      ...call(id, '05', calls),
      timestamp: '2025-04-05T10:00:00Z',
    });
    // t1 twice in March, then again in April (and t3 twice there).
    const twoMonths = [...events, april('t1', '100'), april('t3', '7'), april('t3', '7')];
    const rows = ok(backtest({ ...input, to: '2025-05-01T00:00:00Z', events: twoMonths })).rows;
    const units = rows.map((row) => row.fees.find((line) => line.code === 'api_calls')?.units);
    // March: 100 + 50 (the repeat of t1 left out); April: 100 + 7 (t1 is not March's repeat).
    expect(units).toEqual(['150', '107']);
    expect(rows.map((row) => row.rejected_events)).toEqual([1, 1]);
  });

  it('with deduplicate: false counts every event, remembering no id', () => {
    const [row] = ok(backtest({ ...input, events, deduplicate: false })).rows;
    const units = row?.fees.find((line) => line.code === 'api_calls')?.units;
    // 100 + 100 + 50.
    expect(units).toBe('250');
    expect(row?.rejected_events).toBe(0);
  });

  it('refuses a deduplicate that is not a boolean', () => {
    const bad = { ...input, events, deduplicate: 'no' } as unknown as Parameters<
      typeof backtest
    >[0];
    expect(leftOf(backtest(bad)).path).toEqual(['deduplicate']);
  });
});
