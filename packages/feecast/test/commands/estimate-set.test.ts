/**
 * `feecast estimate` with a JSON array of events: `estimateFeesOf`, each event after the ones
 * before it, and their total, on the bundled customer and the Starter plan with API calls paid
 * in advance (examples/cli: standard 0.0025 EUR a call in the EU, 20 % VAT).
 */
import { describe, expect, it } from 'vitest';
import { exampleArgs } from '../../src/commands/demo';
import { estimateCommand } from '../../src/commands/estimate';

async function run(argv: readonly string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await estimateCommand(argv, {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
  });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

const args = [...exampleArgs(['plan-starter-in-advance.json']), '--now', '2026-11-15T00:00:00Z'];

describe('feecast estimate with several events', () => {
  it('prices each event of a JSON array and totals them', async () => {
    const events = [
      { code: 'api_calls', properties: { calls: '1000', region: 'eu' } },
      {
        code: 'api_calls',
        timestamp: '2026-11-16T00:00:00Z',
        properties: { calls: '400', region: 'eu' },
      },
    ];
    const { code, stdout } = await run([...args, '--event', JSON.stringify(events), '--json']);
    expect(code).toBe(0);
    const body = JSON.parse(stdout);
    // 1,000 x 0.0025 = 2.50 -> 250, VAT 50; 400 x 0.0025 = 1.00 -> 100, VAT 20.
    expect(
      body.estimates.map((e: { fees: { amount_cents: number }[] }) => e.fees[0]?.amount_cents),
    ).toEqual([250, 100]);
    expect(body.total).toEqual({
      amount_cents: 350,
      taxes_amount_cents: 70,
      total_amount_cents: 420,
      currency: 'EUR',
      fees_count: 2,
    });
  });

  it('events out of time order are bad input: exit 1 with the reason', async () => {
    const events = [
      {
        code: 'api_calls',
        timestamp: '2026-11-16T00:00:00Z',
        properties: { calls: '1', region: 'eu' },
      },
      {
        code: 'api_calls',
        timestamp: '2026-11-15T00:00:00Z',
        properties: { calls: '1', region: 'eu' },
      },
    ];
    const { code, stderr } = await run([...args, '--event', JSON.stringify(events)]);
    expect(code).toBe(1);
    expect(stderr).toContain('time order');
  });
});
