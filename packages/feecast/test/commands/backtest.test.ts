// `feecast backtest` on the bundled backtest example (examples/cli/backtest/README.md, whose
// figures are checked by hand there and in the engine's worked example).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UsageEvent } from '@feecast/models';
import { loadClickhouseEvents } from '@feecast/sources';
import { describe, expect, it } from 'vitest';
import { backtestCommand } from '../../src/commands/backtest';
import type { Io } from '../../src/io';
import {
  describeClickhouse,
  duckdbDatabase,
  examplePath,
  freshTable,
  writeTemp,
} from '../inputs/builders';
import { stream } from '../render/builders';

async function run(
  argv: readonly string[],
  stdin: AsyncIterable<string> = (async function* () {})(),
) {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { stdout: (t) => out.push(t), stderr: (t) => err.push(t) };
  const code = await backtestCommand(argv, io, stdin);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

const dir = (file: string) => examplePath(`backtest/${file}`);
const ARGS = [
  '--customer',
  dir('customers.json'),
  '--subscription',
  dir('subscriptions.json'),
  '--plan',
  dir('plan-basic.json'),
  '--plan',
  dir('plan-scale.json'),
  '--billable-metrics',
  dir('billable_metrics.json'),
  '--events',
  dir('events.ndjson'),
  '--from',
  '2026-09-01',
  '--to',
  '2026-12-01',
];

describe('feecast backtest', () => {
  it('prints one NDJSON row per subscription, period and plan, and the summary on standard error', async () => {
    const { code, stdout, stderr } = await run([
      ...ARGS,
      '--format',
      'ndjson',
      '--taxes',
      examplePath('taxes.json'),
    ]);
    expect(code).toBe(0);
    const rows = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    // acme Sep, Oct, Nov and globex Oct, Nov, each on basic ("current") and scale.
    expect(
      rows.map((r) => [
        r.external_customer_id,
        r.plan,
        r.month,
        r.revenue_cents,
        r.total_amount_cents,
      ]),
    ).toEqual([
      // Revenue before taxes; the total adds the 20 % VAT of taxes.json.
      ['acme', 'current', '2026-09', 4500, 5400],
      ['acme', 'current', '2026-10', 6500, 7800],
      ['acme', 'current', '2026-11', 3300, 3960],
      ['acme', 'scale', '2026-09', 5850, 7020],
      ['acme', 'scale', '2026-10', 6900, 8280],
      ['acme', 'scale', '2026-11', 5300, 6360],
      ['globex', 'current', '2026-10', 4200, 5040],
      ['globex', 'current', '2026-11', 13500, 16200],
      ['globex', 'scale', '2026-10', 6200, 7440],
      ['globex', 'scale', '2026-11', 10500, 12600],
    ]);
    // scale − basic: acme 18050 − 14300 = 37.50; globex 16700 − 17700 = −10.00.
    expect(stderr).toMatch(/^acme\s+pays more\s+143\.00 EUR\s+180\.50 EUR\s+37\.50 EUR$/m);
    expect(stderr).toMatch(/^globex\s+pays less\s+177\.00 EUR\s+167\.00 EUR\s+-10\.00 EUR$/m);
    expect(stderr).toContain('feecast backtest: 23 events read from');
    expect(stderr).toContain('10 invoices priced.');
  });

  it('shows on a terminal the invoices priced, then clears the line', async () => {
    const terminal = stream(true, 100);
    const io: Io = { stdout: () => undefined, stderr: () => undefined };
    const argv = [...ARGS, '--workers', '1'];
    expect(await backtestCommand(argv, io, (async function* () {})(), terminal)).toBe(0);
    const drawn = terminal.writes.filter((text) => text.includes('invoices priced'));
    // 10 invoices: 0 before the first, then one line per invoice.
    expect(drawn[0]).toMatch(/^\rfeecast backtest {2}0 \/ 10 invoices priced {3}0%/);
    expect(drawn.at(-1)).toMatch(/^\rfeecast backtest {2}10 \/ 10 invoices priced 100% {2}ETA 0s/);
    expect(terminal.writes.at(-1)).toBe('\r\u001b[K');
  });

  it('with workers, shows the invoices of every share once each has counted its own', async () => {
    const terminal = stream(true, 100);
    const io: Io = { stdout: () => undefined, stderr: () => undefined };
    const argv = [...ARGS, '--workers', '2'];
    expect(await backtestCommand(argv, io, (async function* () {})(), terminal)).toBe(0);
    const drawn = terminal.writes.filter((text) => text.includes('invoices priced'));
    // acme's 6 invoices and globex's 4, in two shares: the total is 10 from the first line.
    expect(drawn.length).toBeGreaterThan(0);
    for (const line of drawn) expect(line).toMatch(/ \/ 10 invoices priced/);
    expect(drawn.at(-1)).toMatch(/^\rfeecast backtest {2}10 \/ 10 invoices priced 100%/);
  });

  it('gives the same output with 1, 2 and 3 workers', async () => {
    const one = await run([...ARGS, '--format', 'json', '--workers', '1']);
    expect(one.code).toBe(0);
    for (const workers of ['2', '3']) {
      const many = await run([...ARGS, '--format', 'json', '--workers', workers]);
      expect(many).toEqual(one);
    }
    const bad = await run([...ARGS, '--workers', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--workers must be 1 or more/);
  });

  it('with --unique-ids, counts a repeated transaction id instead of leaving it out', async () => {
    // acme's 1,000 calls of 3 September, sent twice.
    const line = readFileSync(dir('events.ndjson'), 'utf8').split('\n')[0] ?? '';
    const events = writeTemp('backtest-repeat.ndjson', `${line}\n${line}\n`);
    const argv = [...ARGS.slice(0, -6), '--events', events, ...ARGS.slice(-4), '--format', 'json'];
    const calls = (stdout: string) =>
      JSON.parse(stdout).rows[0].fees.find((f: { code: string }) => f.code === 'api_calls');
    const deduplicated = await run(argv);
    expect(calls(deduplicated.stdout)).toMatchObject({ units: '1000', amount_cents: 1000 });
    const counted = await run([...argv, '--unique-ids']);
    // 2,000 calls at 0.01 EUR on basic.
    expect(calls(counted.stdout)).toMatchObject({ units: '2000', amount_cents: 2000 });
  });

  it('with --ordered, still leaves a repeat out, and refuses an event of a passed period', async () => {
    // acme's 1,000 calls of 3 September, sent twice in a row: in time order, a repeat.
    const line = readFileSync(dir('events.ndjson'), 'utf8').split('\n')[0] ?? '';
    const events = writeTemp('backtest-ordered.ndjson', `${line}\n${line}\n`);
    const argv = [...ARGS.slice(0, -6), '--events', events, ...ARGS.slice(-4), '--format', 'json'];
    const calls = (stdout: string) =>
      JSON.parse(stdout).rows[0].fees.find((f: { code: string }) => f.code === 'api_calls');
    const ordered = await run([...argv, '--ordered']);
    expect(calls(ordered.stdout)).toMatchObject({ units: '1000', amount_cents: 1000 });
    // The same event dated in October, then September's: September is passed.
    const october = line
      .replace(/2026-09-03/, '2026-10-03')
      .replace(/"transaction_id":"[^"]*"/, '"transaction_id":"oct"');
    const late = writeTemp('backtest-late.ndjson', `${october}\n${line}\n`);
    const lateArgv = [...ARGS.slice(0, -6), '--events', late, ...ARGS.slice(-4), '--ordered'];
    const refused = await run(lateArgv);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/events_out_of_order|time order/);
  });

  it('prints the summary tables by default, and CSV rows with a header', async () => {
    const table = await run(ARGS);
    expect(table.code).toBe(0);
    // basic: Oct 6500 + 4200 = 107.00; scale: Nov 5300 + 10500 = 158.00.
    expect(table.stdout).toMatch(/^current\s+2026-10\s+2\s+107\.00 EUR\s+107\.00 EUR$/m);
    expect(table.stdout).toMatch(/^scale\s+2026-11\s+2\s+158\.00 EUR\s+158\.00 EUR$/m);
    // 14,500 calls: 145.00 on basic, 250 + 1000 + 4000 cents = 52.50 on scale.
    expect(table.stdout).toMatch(/^current\s+charge api_calls\s+14,500\s+145\.00 EUR$/m);
    expect(table.stdout).toMatch(/^scale\s+charge api_calls\s+14,500\s+52\.50 EUR$/m);
    const csv = await run([...ARGS, '--format', 'csv']);
    const [header, first] = csv.stdout.split('\n');
    expect(header?.split(',').slice(0, 5)).toEqual([
      'external_customer_id',
      'external_subscription_id',
      'plan',
      'plan_code',
      'month',
    ]);
    expect(first).toMatch(/^acme,sub_acme,current,basic,2026-09,2026-09-01T00:00:00Z,/);
    // ... revenue_cents 4500, rejected_events 0, then the fee lines as JSON.
    expect(first).toContain(',4500,0,"[{""kind"":""subscription""');
  });

  it('reads the events from standard input too, and refuses an unknown candidate', async () => {
    const text = readFileSync(dir('events.ndjson'), 'utf8');
    const piped = await run(
      ARGS.map((arg, i) => (ARGS[i - 1] === '--events' ? '-' : arg)).concat(['--format', 'ndjson']),
      (async function* () {
        yield text;
      })(),
    );
    expect(piped.code).toBe(0);
    const fromFile = await run([...ARGS, '--format', 'ndjson']);
    expect(piped.stdout).toBe(fromFile.stdout);
    expect(piped.stderr).toContain('23 events read from standard input');
    const unknown = await run([...ARGS, '--candidate', 'enterprise']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      '--candidate enterprise: no --plan file has a plan of that code.',
    );
    const reversed = await run([
      ...ARGS.slice(0, -4),
      '--from',
      '2026-12-01',
      '--to',
      '2026-09-01',
    ]);
    expect(reversed.code).toBe(1);
    expect(reversed.stderr).toContain('must come after from');
  });

  it('writes the summary as an HTML report with --report, and says when the file cannot be written', async () => {
    const work = mkdtempSync(join(tmpdir(), 'feecast-backtest-report-'));
    try {
      const file = join(work, 'backtest.html');
      const written = await run([...ARGS, '--report', file]);
      expect(written.code).toBe(0);
      expect(written.stderr).toContain(`feecast backtest: report written to ${file}`);
      const page = readFileSync(file, 'utf8');
      // The plans' and metrics' names from the files; scale − basic over all months: 27.50.
      expect(page).toContain('<th class="num">Current plans</th><th class="num">Scale</th>');
      expect(page).toContain('<tr><td>Difference</td><td class="num">27.50 EUR</td></tr>');
      expect(page).toContain('<tr><td>Seats</td>');
      const missing = await run([...ARGS, '--report', join(work, 'no-such-dir', 'x.html')]);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('no-such-dir');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
  it('with --pushdown, DuckDB aggregates a table of the events: the same rows and summary', async () => {
    const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;
    const rows = readFileSync(dir('events.ndjson'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const e = JSON.parse(line) as Record<string, unknown>;
        const values = [e.transaction_id, e.external_subscription_id, e.code, e.timestamp];
        return `(${values.map((v) => sqlText(String(v))).join(', ')}, ${sqlText(JSON.stringify(e.properties))})`;
      });
    const database = await duckdbDatabase('backtest.duckdb', [
      'CREATE TABLE events (transaction_id VARCHAR, external_subscription_id VARCHAR, code VARCHAR, timestamp VARCHAR, properties VARCHAR)',
      `INSERT INTO events VALUES ${rows.join(', ')}`,
    ]);
    const events = ARGS.indexOf('--events') + 1;
    const table = ARGS.map((arg, i) => (i === events ? `duckdb:${database}#events` : arg));
    const want = await run([...ARGS, '--format', 'json', '--workers', '1']);
    const got = await run([...table, '--format', 'json', '--pushdown', '--workers', '1']);
    expect(want.code).toBe(0);
    expect(got.code).toBe(0);
    expect(JSON.parse(got.stdout)).toEqual(JSON.parse(want.stdout));
    expect(got.stderr).toMatch(/aggregated by DuckDB \(\d+ queries\)\.$/m);
    // The states priced by customer in 2 and 3 workers (acme's and globex's apart; 3 is no
    // more than the 2 customers): byte for byte the rows, the summary and the events read.
    for (const workers of ['2', '3']) {
      const shared = await run([...table, '--format', 'json', '--pushdown', '--workers', workers]);
      expect(shared).toEqual(got);
    }
    const ndjson = await run([...ARGS, '--pushdown']);
    expect(ndjson.code).toBe(2);
    expect(ndjson.stderr).toContain(
      '--pushdown reads --events duckdb:<file>#<table> or a Parquet file.',
    );
  });
});

describeClickhouse('feecast backtest --events clickhouse://...', (server) => {
  it('reads a ClickHouse table of the events once: the rows and summary of the NDJSON file, in 1 and 2 workers', async () => {
    const events = readFileSync(dir('events.ndjson'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as UsageEvent);
    const table = freshTable('backtest_history');
    const written = await loadClickhouseEvents({ url: server, table }, events);
    expect(written).toEqual({ _tag: 'Right', right: events.length });
    const address = `${server.replace(/^http/, 'clickhouse')}/default?table=${table}`;
    const at = ARGS.indexOf('--events') + 1;
    const fromTable = ARGS.map((arg, i) => (i === at ? address : arg));
    const want = await run([...ARGS, '--format', 'json', '--workers', '1']);
    expect(want.code).toBe(0);
    // acme's and globex's invoices over three months, on two plans.
    expect(JSON.parse(want.stdout).rows).toHaveLength(10);
    for (const workers of ['1', '2']) {
      const got = await run([...fromTable, '--format', 'json', '--workers', workers]);
      expect(got.code).toBe(0);
      expect(JSON.parse(got.stdout)).toEqual(JSON.parse(want.stdout));
    }
  });
});
