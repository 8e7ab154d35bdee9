import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDecimalFixed, fromCents } from '@feecast/engine';
import { describe, expect, it } from 'vitest';
import { money, parseTables, tableProblems } from './tables';

const bin = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'packages',
  'feecast',
  'bin',
  'feecast.js',
);

function feecast(...args: string[]) {
  const run = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const examples = join(dirname(fileURLToPath(import.meta.url)), '..', 'examples', 'cli');
const file = (name: string) => join(examples, name);
/** The bundled customer, subscription, metrics, taxes and events (examples/cli/README.md). */
const context = [
  ...['--customer', file('customer.json')],
  ...['--subscription', file('subscription.json')],
  ...['--plan', file('plan-starter.json')],
  ...['--billable-metrics', file('billable_metrics.json')],
  ...['--taxes', file('taxes.json')],
  ...['--events', file('events.ndjson')],
];

describe('the built feecast command', () => {
  it('demo runs estimate, usage, invoice and compare on the bundled examples', () => {
    const { code, stdout, stderr } = feecast('demo');
    // Mid-November, the 103 events after 15 November have not happened yet; the in-advance
    // plan of the estimate charges API calls only (examples/cli/README.md).
    expect(stderr).toBe(
      [
        'feecast estimate: not counted: 103 events dated after now (2026-11-15T00:00:00Z), 58 events of metrics no charge prices (compute_hours, payments, seats, storage_gb).',
        'feecast usage: not counted: 103 events dated after now (2026-11-15T00:00:00Z).',
        '',
      ].join('\n'),
    );
    expect(code).toBe(0);
    expect(stdout).toContain('== feecast estimate');
    // examples/cli/README.md: 1,000 EU calls at 0.0025 = 2.50 EUR, VAT 20 % 0.50, 3.00 in all.
    expect(stdout).toMatch(/API calls \(EU\)\s+1,000\s+2\.50 EUR\s+0\.50 EUR\s+3\.00 EUR/);
    expect(stdout).toContain('== feecast usage --projected');
    expect(stdout).toContain('== feecast invoice');
    expect(stdout).toContain('== feecast compare');
    // Hand-checked in examples/cli/README.md: the November invoice of the Starter plan.
    expect(stdout).toMatch(/Fees excluding taxes\s+551\.91 EUR/);
    expect(stdout).toMatch(/Total including taxes\s+625\.29 EUR/);
    // Starter 551.91 + 20 % VAT 110.38 = 662.29; Growth 455.64 + 91.13 = 546.77.
    expect(stdout).toMatch(/Tax VAT FR 20%\s+110\.38 EUR\s+91\.13 EUR/);
    expect(stdout).toMatch(/Total including taxes\s+662\.29 EUR\s+546\.77 EUR/);
  });

  it('usage --projected: mid-November doubles the units of the events so far (15 of 30 days)', () => {
    const { code, stdout } = feecast(
      'usage',
      '--projected',
      ...context,
      '--now',
      '2026-11-15T00:00:00Z',
    );
    expect(code).toBe(0);
    // The 97 events up to now (examples/cli/README.md): EU API calls 23,449.5 × 0.0025 =
    // 58.62375 -> 58.62; projected 46,899 × 0.0025 = 117.2475 -> 117.25.
    expect(stdout).toMatch(/API calls \(EU\)\s+23,449\.5\s+58\.62 EUR\s+46,899\s+117\.25 EUR/);
    // Storage, graduated 0-10 free, 11-100 at 0.10, 101+ at 0.05: 75.25 GB -> 6.525 -> 6.53;
    // projected 150.5 GB -> 9 + 2.525 = 11.525 -> 11.53.
    expect(stdout).toMatch(/Storage\s+75\.25\s+6\.53 EUR\s+150\.5\s+11\.53 EUR/);
    // Usage total 275.88, taxes 20 % = 55.176 -> 55.18, total 331.06.
    expect(stdout).toMatch(/Total excluding taxes\s+275\.88 EUR\s+523\.23 EUR/);
    expect(stdout).toMatch(/Total including taxes\s+331\.06 EUR/);
  });

  it('invoice --periods previews the next periods under a rate per metric', () => {
    const args = ['invoice', ...context, '--now', '2026-11-15T00:00:00Z', '--periods', '2'];
    const { code, stdout } = feecast(...args, '--rate', 'api_calls=20000', '--json');
    expect(code).toBe(0);
    const body = JSON.parse(stdout) as {
      usage_source: string;
      periods: {
        now: string;
        issued_at: string;
        invoice: { fees_amount_cents: number; total_amount_cents: number };
      }[];
    };
    expect(body.usage_source).toBe('rates');
    // December and January: 49.00, and 20,000 calls of no region at 0.002 EUR = 40.00: 89.00
    // EUR of fees (the other metrics have no usage: 0), + 20 % VAT 17.80 = 106.80 EUR.
    expect(
      body.periods.map((p) => [
        p.now,
        p.issued_at,
        p.invoice.fees_amount_cents,
        p.invoice.total_amount_cents,
      ]),
    ).toEqual([
      ['2026-12-01T00:00:00Z', '2027-01-01T00:00:00Z', 8900, 10680],
      ['2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z', 8900, 10680],
    ]);
    // The tables: the current period, then each next one under its heading.
    const table = feecast(...args, '--rate', 'api_calls=20000');
    expect(table.stdout).toContain('Period 2 (from 2027-01-01T00:00:00Z, usage: rates)');
    // A rate without --periods, or a malformed one, is bad usage.
    expect(feecast('invoice', ...context, '--rate', 'api_calls=1').code).toBe(2);
    expect(feecast(...args, '--rate', 'api_calls').code).toBe(2);
  });

  it('invoice --json prints a wire invoice: 551.91 of fees, 10.00 coupon, 20 % taxes, 25.00 prepaid', () => {
    const { code, stdout } = feecast(
      'invoice',
      ...context,
      ...['--coupons', file('coupon.json'), '--applied-coupons', file('applied_coupon.json')],
      ...['--wallets', file('wallet.json'), '--now', '2026-11-30T23:59:59Z', '--json'],
    );
    expect(code).toBe(0);
    const { invoice } = JSON.parse(stdout);
    expect(invoice.fees_amount_cents).toBe(55191);
    expect(invoice.coupons_amount_cents).toBe(1000);
    // (55191 − 1000) × 20 % = 10838.2 -> 10838.
    expect(invoice.taxes_amount_cents).toBe(10838);
    expect(invoice.prepaid_credit_amount_cents).toBe(2500);
    expect(invoice.total_amount_cents).toBe(55191 - 1000 + 10838 - 2500);
  });

  it('compare --report writes a self-contained HTML page with SVG charts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'feecast-report-'));
    const report = join(dir, 'report.html');
    const { code, stdout, stderr } = feecast(
      'compare',
      ...context,
      ...['--plan', file('plan-growth.json'), '--now', '2026-11-30T23:59:59Z', '--report', report],
    );
    expect(code).toBe(0);
    expect(stderr).toContain('report written');
    expect(stdout).toMatch(/Subscription fee\s+49\.00 EUR\s+199\.00 EUR/);
    const html = readFileSync(report, 'utf8');
    expect(html).toContain('<svg');
    expect(html).not.toMatch(/(src|href)="https?:/);
  });

  it('the README tour shows the real output of usage --projected and compare', () => {
    const readme = readFileSync(join(examples, '..', '..', 'README.md'), 'utf8');
    /** The first fenced block after `heading` in the README. */
    const blockAfter = (heading: string): string => {
      const at = readme.indexOf(heading);
      const block = /```\n([\s\S]*?)```/.exec(readme.slice(at))?.[1];
      if (at < 0 || block === undefined)
        throw new Error(`no block after "${heading}" in README.md`);
      return block;
    };
    const usage = feecast('usage', '--projected', ...context, '--now', '2026-11-15T00:00:00Z');
    expect(usage.code).toBe(0);
    expect(usage.stdout).toContain(
      blockAfter('`feecast usage $C --projected --now 2026-11-15T00:00:00Z`'),
    );
    const compared = feecast(
      'compare',
      ...context,
      ...['--plan', file('plan-growth.json'), '--now', '2026-11-30T23:59:59Z'],
    );
    expect(compared.code).toBe(0);
    expect(compared.stdout).toContain(
      blockAfter(
        '`feecast compare $C --plan examples/cli/plan-growth.json --now 2026-11-30T23:59:59Z`',
      ),
    );
  });

  it('estimate, as the README and --help show it, prices one more event on the in-advance plan', () => {
    const { code, stdout, stderr } = feecast(
      'estimate',
      ...context.map((arg) =>
        arg === file('plan-starter.json') ? file('plan-starter-in-advance.json') : arg,
      ),
      ...['--event', '{"code":"api_calls","properties":{"calls":"1000","region":"eu"}}'],
      ...['--now', '2026-11-15T00:00:00Z', '--json'],
    );
    // The in-advance plan charges API calls only; events after now have not happened yet.
    expect(stderr).toBe(
      'feecast estimate: not counted: 103 events dated after now (2026-11-15T00:00:00Z), 58 events of metrics no charge prices (compute_hours, payments, seats, storage_gb).\n',
    );
    expect(code).toBe(0);
    const body = JSON.parse(stdout) as { fees: Record<string, unknown>[] };
    // 1,000 × 0.0025 = 2.50 EUR; VAT 20 %: 0.50 EUR; 3.00 EUR in all (examples/cli/README.md).
    expect(body.fees).toHaveLength(1);
    expect(body.fees[0]).toMatchObject({
      units: '1000',
      amount_cents: 250,
      taxes_amount_cents: 50,
      total_amount_cents: 300,
      pay_in_advance: true,
    });
  });

  it('a demo piped into a reader that stops early ends quietly, without a stack trace', () => {
    const run = spawnSync('sh', ['-c', `"${process.execPath}" "${bin}" demo | head -n 1`], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      'feecast demo: the bundled customer acme on the Starter plan, November 2026\n',
    );
    // No stack trace and no error. A step may already have run before the reader stopped
    // (the pipe takes its first lines at once), so its notes on standard error can be there:
    // only those notes.
    for (const line of run.stderr.split('\n').filter((l) => l !== '')) {
      expect(line).toMatch(/^feecast (estimate|usage|invoice|compare): not counted: /);
    }
  });

  it('estimate on a plan without pay-in-advance charges is bad input: exit 1 with the reason', () => {
    const { code, stderr } = feecast(
      'estimate',
      ...context,
      ...[
        '--event',
        '{"code":"seats","properties":{"user_id":"u_13"}}',
        '--now',
        '2026-11-15T00:00:00Z',
      ],
    );
    expect(code).toBe(1);
    expect(stderr).toContain('No pay-in-advance charge');
  });

  it('a line that is not an event is rejected, named by file and line; --strict makes it exit 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'feecast-events-'));
    const events = join(dir, 'events.ndjson');
    writeFileSync(
      events,
      '{"transaction_id":"t","code":"seats","timestamp":"2026-11-02T00:00:00Z","properties":{"user_id":"u"}}\nnot json\n',
    );
    const args = [...context.slice(0, -2), '--events', events, '--now', '2026-11-30T23:59:59Z'];
    const reported = feecast('invoice', ...args);
    expect(reported.code).toBe(0);
    expect(reported.stderr).toContain(
      'feecast invoice: 1 event rejected, not counted: 1 invalid_event',
    );
    expect(reported.stderr).toContain(`${events} line 2, column 1: not valid JSON`);
    const strict = feecast('invoice', ...args, '--strict');
    expect(strict.code).toBe(1);
    expect(strict.stdout).toBe('');
  });

  it('a broken events file is bad input: exit 1 naming the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'feecast-events-'));
    const events = join(dir, 'events.json');
    writeFileSync(events, '[{"transaction_id":"t","code":"seats","timestamp":1},,]');
    const args = [...context.slice(0, -2), '--events', events, '--now', '2026-11-30T23:59:59Z'];
    const { code, stdout, stderr } = feecast('invoice', ...args);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain(events);
  });

  it('--events - reads standard input, as many times as the command needs', () => {
    const input = readFileSync(file('events.ndjson'), 'utf8');
    const args = [...context.slice(0, -2), '--plan', file('plan-growth.json')];
    const now = ['--now', '2026-11-30T23:59:59Z'];
    const fromFile = feecast('compare', ...context, '--plan', file('plan-growth.json'), ...now);
    const run = spawnSync(process.execPath, [bin, 'compare', ...args, '--events', '-', ...now], {
      encoding: 'utf8',
      input,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(fromFile.stdout);
  });

  it('an unknown option is a usage error: exit 2', () => {
    const { code, stderr } = feecast('usage', '--projectd');
    expect(code).toBe(2);
    expect(stderr).toContain('--projected');
  });

  it('every command has --help with its usage line and an example', () => {
    for (const command of ['estimate', 'usage', 'invoice', 'compare', 'serve', 'demo']) {
      const { code, stdout } = feecast(command, '--help');
      expect(code).toBe(0);
      expect(stdout).toContain(`Usage: feecast ${command}`);
      expect(stdout).toMatch(new RegExp(`Examples?:\\n(?:[\\s\\S]*\\n)?\\s+feecast ${command}\\b`));
    }
  });
  it('help exits 0 and lists the commands', () => {
    const { code, stdout } = feecast('--help');
    expect(code).toBe(0);
    expect(stdout).toMatch(/Commands:\n\s+demo/);
  });

  it('an unknown command is a usage error: exit 2, help on stderr, nothing on stdout', () => {
    const { code, stdout, stderr } = feecast('estimat');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('unknown command "estimat"');
  });
});

describe('every table the command prints adds up', () => {
  const coupons = [
    ...['--coupons', file('coupon.json'), '--applied-coupons', file('applied_coupon.json')],
    ...['--wallets', file('wallet.json')],
  ];
  const endOfMonth = ['--now', '2026-11-30T23:59:59Z'];
  const midMonth = ['--now', '2026-11-15T00:00:00Z'];
  const inAdvance = context.map((arg) =>
    arg === file('plan-starter.json') ? file('plan-starter-in-advance.json') : arg,
  );
  const estimate = ['--event', '{"code":"api_calls","properties":{"calls":"1000","region":"eu"}}'];
  /** A second tax on top of the bundled VAT, so that invoices show two tax lines. */
  const twoTaxes = (() => {
    const dir = mkdtempSync(join(tmpdir(), 'feecast-taxes-'));
    const path = join(dir, 'taxes.json');
    const { taxes } = JSON.parse(readFileSync(file('taxes.json'), 'utf8'));
    const eco = {
      ...taxes[0],
      svc_id: '00000000-0000-4000-8000-000000000901',
      name: 'Eco 5.5%',
      code: 'eco_5_5',
      rate: 5.5,
    };
    writeFileSync(path, JSON.stringify({ taxes: [...taxes, eco] }));
    return path;
  })();
  const withTwoTaxes = (args: readonly string[]) =>
    args.map((arg) => (arg === file('taxes.json') ? twoTaxes : arg));

  const runs: readonly [string, readonly string[]][] = [
    ['usage', ['usage', ...context, ...midMonth]],
    ['usage --projected', ['usage', '--projected', ...context, ...midMonth]],
    ['usage --no-taxes', ['usage', '--no-taxes', ...context, ...endOfMonth]],
    ['invoice with a coupon and a wallet', ['invoice', ...context, ...coupons, ...endOfMonth]],
    [
      'compare with a coupon and a wallet',
      ['compare', ...context, '--plan', file('plan-growth.json'), ...coupons, ...endOfMonth],
    ],
    ['estimate', ['estimate', ...inAdvance, ...estimate, ...midMonth]],
    ['invoice, two taxes', ['invoice', ...withTwoTaxes(context), ...coupons, ...endOfMonth]],
    [
      'compare, two taxes',
      [
        'compare',
        ...withTwoTaxes(context),
        ...['--plan', file('plan-growth.json'), ...coupons, ...endOfMonth],
      ],
    ],
    ['usage, two taxes', ['usage', ...withTwoTaxes(context), ...endOfMonth]],
    ['estimate, two taxes', ['estimate', ...withTwoTaxes(inAdvance), ...estimate, ...midMonth]],
  ];

  /** The totals of the API's response body (`--json`), in cents: one per plan for compare. */
  function apiTotals(args: readonly string[]): number[] {
    const { code, stdout } = feecast(...args, '--json');
    expect(code).toBe(0);
    const body = JSON.parse(stdout);
    const usage = body.customer_usage ?? body.customer_projected_usage;
    if (usage !== undefined) return [usage.total_amount_cents];
    if (body.invoice !== undefined) return [body.invoice.total_amount_cents];
    if (body.previews !== undefined) {
      return body.previews.map(
        (p: { invoice: { total_amount_cents: number } }) => p.invoice.total_amount_cents,
      );
    }
    let fees = 0;
    for (const fee of body.fees) fees += fee.total_amount_cents;
    return [fees];
  }

  it.each(runs)('%s', (_, args) => {
    const { code, stdout } = feecast(...args);
    expect(code).toBe(0);
    const tables = parseTables(stdout);
    expect(tables.length).toBeGreaterThan(0);
    const expected = apiTotals(args).map((cents) => {
      const amount = fromCents(cents, 'EUR');
      return amount._tag === 'Right' ? formatDecimalFixed(amount.right, 2) : amount.left.message;
    });
    for (const table of tables) {
      expect(table.rows.length).toBeGreaterThan(0);
      expect(tableProblems(table)).toEqual([]);
      // Every row labelled as the total (taxes included) shows the API's total.
      for (const row of table.footer.filter((r) =>
        /^Total( including taxes)?$/.test(r.cells[0] ?? ''),
      )) {
        const shown = row.cells.flatMap((cell) => {
          const amount = money(cell);
          return amount === undefined ? [] : [formatDecimalFixed(amount, 2)];
        });
        expect(shown.slice(-expected.length)).toEqual(expected);
      }
    }
  });

  it('two taxes: one line each, 20 % and 5.5 % of the 541.91 EUR after the coupon', () => {
    const { stdout } = feecast('invoice', ...withTwoTaxes(context), ...coupons, ...endOfMonth);
    // 541.91 × 20 % = 108.382 -> 108.38; 541.91 × 5.5 % = 29.80505 -> 29.81.
    expect(stdout).toMatch(/^Tax VAT FR 20%\s+108\.38 EUR$/m);
    expect(stdout).toMatch(/^Tax Eco 5\.5%\s+29\.81 EUR$/m);
    // 541.91 + 108.38 + 29.81 = 680.10; less 25.00 of prepaid credits: 655.10.
    expect(stdout).toMatch(/^Sub-total including taxes\s+680\.10 EUR$/m);
    expect(stdout).toMatch(/^Total including taxes\s+655\.10 EUR$/m);
  });

  it('the check finds the gap of a table whose total has taxes but no tax row', () => {
    const before = [
      'Charge               Starter',
      '----------------  ----------',
      'Subscription fee   49.00 EUR',
      'API calls         502.91 EUR',
      '----------------  ----------',
      'Total             662.29 EUR',
      '',
    ].join('\n');
    const [table] = parseTables(before);
    expect(table === undefined ? [] : tableProblems(table)).toEqual([
      'Total (column 1): 662.29, the rows give 551.91',
    ]);
  });

  it('backtest --workers 2 prices in worker threads and prints what one thread prints', () => {
    const dir = (name: string) => file(join('backtest', name));
    const args = [
      'backtest',
      ...['--customer', dir('customers.json'), '--subscription', dir('subscriptions.json')],
      ...['--plan', dir('plan-basic.json'), '--plan', dir('plan-scale.json')],
      ...['--billable-metrics', dir('billable_metrics.json'), '--events', dir('events.ndjson')],
      ...['--from', '2026-09-01', '--to', '2026-12-01', '--format', 'ndjson'],
    ];
    const one = feecast(...args, '--workers', '1');
    expect(one.code).toBe(0);
    // 10 rows: acme 3 months and globex 2, each on basic and scale.
    expect(one.stdout.trimEnd().split('\n')).toHaveLength(10);
    expect(feecast(...args, '--workers', '2')).toEqual(one);
  });
});
