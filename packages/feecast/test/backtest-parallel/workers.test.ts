/**
 * Issue 22 §2: `feecast backtest --workers N` gives exactly what one worker gives, on
 * generated histories whose lines the bytes cannot always place (escaped keys and values, a
 * nested external_subscription_id, events of no subscription, bad records, blank lines,
 * CRLF), in NDJSON and in a JSON array (parsed by every worker).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backtestCommand } from '../../src/commands/backtest';
import type { Io } from '../../src/io';
import { examplePath, writeTemp } from '../inputs/builders';

async function run(argv: readonly string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { stdout: (t) => out.push(t), stderr: (t) => err.push(t) };
  const code = await backtestCommand(argv, io, (async function* () {})());
  return { code, stdout: out.join(''), stderr: err.join('') };
}

const dir = (file: string) => examplePath(`backtest/${file}`);
const context = [
  ...['--customer', dir('customers.json')],
  ...['--subscription', dir('subscriptions.json')],
  ...['--plan', dir('plan-basic.json'), '--plan', dir('plan-scale.json')],
  ...['--billable-metrics', dir('billable_metrics.json')],
  ...['--from', '2026-09-01', '--to', '2026-12-01'],
];

/** One generated line: an event of acme, globex, someone else or no one, or junk. */
const aLine = fc
  .record({
    id: fc.integer({ min: 0, max: 40 }),
    who: fc.constantFrom('sub_acme', 'sub_globex', 'sub_other', undefined),
    how: fc.constantFrom(
      'plain',
      'plain',
      'plain',
      'escaped key',
      'escaped value',
      'nested',
      'nested only',
    ),
    code: fc.constantFrom('api_calls', 'seats'),
    day: fc.integer({ min: 0, max: 95 }),
    value: fc.constantFrom('100', '2.5', 'x'),
    user: fc.constantFrom('u1', 'u2', 'u3'),
    junk: fc.constantFrom(undefined, undefined, undefined, undefined, '', '{"broken', '[1]', '  '),
    crlf: fc.boolean(),
  })
  .map((g) => {
    if (g.junk !== undefined) return g.junk;
    const timestamp = new Date(Date.UTC(2026, 7, 25) + g.day * 86_400_000).toISOString();
    const properties = g.code === 'seats' ? { user: g.user } : { calls: g.value };
    const event: Record<string, unknown> = {
      transaction_id: `t${g.id}`,
      code: g.code,
      timestamp,
      properties,
    };
    if (g.how === 'nested' || g.how === 'nested only') {
      event.properties = { ...properties, external_subscription_id: 'sub_acme' };
    }
    if (g.who !== undefined && g.how !== 'nested only') event.external_subscription_id = g.who;
    let text = JSON.stringify(event);
    if (g.how === 'escaped key') {
      text = text.replace('"external_subscription_id"', '"external\\u005fsubscription_id"');
    }
    if (g.how === 'escaped value' && g.who !== undefined) {
      text = text.replace(`"${g.who}"`, `"${g.who.replace('_', '\\u005f')}"`);
    }
    return `${text}${g.crlf ? '\r' : ''}`;
  });

describe('feecast backtest --workers', () => {
  it('gives byte for byte what one worker gives, from NDJSON and from a JSON array', async () => {
    let file = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(aLine, { maxLength: 60 }), async (lines) => {
        file++;
        const ndjson = writeTemp(`workers-${file}.ndjson`, `${lines.join('\n')}\n`);
        const events = lines.filter((l) => l.trim().startsWith('{"') && !l.includes('broken'));
        const array = writeTemp(`workers-${file}.json`, `[${events.join(',\n')}]`);
        for (const path of [ndjson, array]) {
          const argv = [...context, '--events', path, '--format', 'json'];
          const one = await run([...argv, '--workers', '1']);
          for (const workers of ['2', '3']) {
            expect(await run([...argv, '--workers', workers])).toEqual(one);
          }
        }
      }),
      { numRuns: 10 },
    );
  }, 300_000);
});
