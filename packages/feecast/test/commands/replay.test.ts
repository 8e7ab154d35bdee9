// The pricing commands replay --events as of --now, and account for every event: what they
// reject is reported on standard error and in --json, and --strict makes it exit 1.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareCommand } from '../../src/commands/compare';
import { exampleArgs } from '../../src/commands/demo';
import { estimateCommand } from '../../src/commands/estimate';
import { invoiceCommand } from '../../src/commands/invoice';
import { usageCommand } from '../../src/commands/usage';
import type { Io } from '../../src/io';
import { examplePath, writeTemp } from '../inputs/builders';

/** Runs a command with its output captured. */
async function run(
  command: (argv: readonly string[], io: Io) => Promise<number>,
  argv: readonly string[],
) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command(argv, { stdout: (t) => out.push(t), stderr: (t) => err.push(t) });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

/** The bundled options with `--events` replaced by `events`. */
function withEvents(args: readonly string[], events: string): string[] {
  return args.map((arg, i) => (args[i - 1] === '--events' ? events : arg));
}

const MID_NOVEMBER = ['--now', '2026-11-15T00:00:00Z'];

describe('a history file is replayed as of --now', () => {
  it('usage --projected on 15 November counts the 97 events before it, and projects them once', async () => {
    const { code, stdout, stderr } = await run(usageCommand, [
      ...exampleArgs(),
      '--projected',
      ...MID_NOVEMBER,
    ]);
    expect(code).toBe(0);
    // Hand check (examples/cli/README.md), events up to tr_0097, 15 of 30 days elapsed (× 2):
    // EU 23,449.5 × 0.0025 = 58.62375 -> 58.62; projected 46,899 × 0.0025 = 117.2475 -> 117.25.
    expect(stdout).toMatch(
      /^ {2}API calls \(EU\)\s+23,449\.5\s+58\.62 EUR\s+46,899\s+117\.25 EUR$/m,
    );
    // US 14,043.5 × 0.002 = 28.087 -> 28.09; (no filter) 3,889 × 0.002 = 7.778 -> 7.78.
    expect(stdout).toMatch(/^API calls\s+41,382\s+94\.49 EUR\s+82,764\s+188\.98 EUR$/m);
    // Compute, 5 per started 10 hours: eu-west 53 h -> 6 × 5 = 30, us-east 26 h -> 3 × 5 = 15.
    expect(stdout).toMatch(/^Compute\s+79\s+45\.00 EUR\s+158\s+85\.00 EUR$/m);
    // 1.5 % of 3,430.74 = 51.4611, + 14 payments × 0.10 = 52.8611 -> 52.86.
    expect(stdout).toMatch(
      /^Payment processing\s+3,430\.74\s+52\.86 EUR\s+6,861\.48\s+105\.72 EUR$/m,
    );
    // 11 seats at 7 (6-20); projected 22 at 6 (21 and more).
    expect(stdout).toMatch(/^Seats\s+11\s+77\.00 EUR\s+22\s+132\.00 EUR$/m);
    // Max 75.25 GB: (75.25 − 10) × 0.10 = 6.525 -> 6.53; 150.5: 9 + 50.5 × 0.05 = 11.525 -> 11.53.
    expect(stdout).toMatch(/^Storage\s+75\.25\s+6\.53 EUR\s+150\.5\s+11\.53 EUR$/m);
    // 94.49 + 45.00 + 52.86 + 77.00 + 6.53 = 275.88; VAT 20 % 55.176 -> 55.18; 331.06.
    // Projected: 188.98 + 85.00 + 105.72 + 132.00 + 11.53 = 523.23.
    expect(stdout).toMatch(/^Total excluding taxes\s+275\.88 EUR\s+523\.23 EUR$/m);
    expect(stdout).toMatch(/^Total including taxes\s+331\.06 EUR$/m);
    expect(stderr).toBe(
      'feecast usage: not counted: 103 events dated after now (2026-11-15T00:00:00Z).\n',
    );
  });

  it('invoice and compare on 15 November bill the same 97 events: 49.00 + 275.88 of fees', async () => {
    const invoice = await run(invoiceCommand, [...exampleArgs(), ...MID_NOVEMBER, '--json']);
    expect(invoice.code).toBe(0);
    const body = JSON.parse(invoice.stdout);
    expect(body.invoice.fees_amount_cents).toBe(4900 + 27588);
    expect(body.events).toMatchObject({ read: 200, counted: 97, after_now: 103, rejected: 0 });
    const compared = await run(compareCommand, [
      ...exampleArgs(['plan-starter.json', 'plan-growth.json']),
      ...MID_NOVEMBER,
      '--json',
    ]);
    expect(compared.code).toBe(0);
    const starter = JSON.parse(compared.stdout).previews[0].invoice;
    expect(starter.fees_amount_cents).toBe(4900 + 27588);
  });
});

describe('an event whose value is "abc" is rejected, never dropped silently', () => {
  const abc = {
    transaction_id: 'tr_abc',
    external_subscription_id: 'sub_acme_starter',
    code: 'api_calls',
    timestamp: '2026-11-10T12:00:00Z',
    properties: { calls: 'abc', region: 'eu' },
  };
  const file = writeTemp(
    'with-abc.ndjson',
    `${readFileSync(examplePath('events.ndjson'), 'utf8')}${JSON.stringify(abc)}\n`,
  );
  const estimateEvent = [
    '--event',
    '{"code":"api_calls","properties":{"calls":"1000","region":"eu"}}',
  ];
  const commands = [
    ['usage', usageCommand, withEvents(exampleArgs(), file)],
    ['invoice', invoiceCommand, withEvents(exampleArgs(), file)],
    [
      'compare',
      compareCommand,
      withEvents(exampleArgs(['plan-starter.json', 'plan-growth.json']), file),
    ],
    [
      'estimate',
      estimateCommand,
      [...withEvents(exampleArgs(['plan-starter-in-advance.json']), file), ...estimateEvent],
    ],
  ] as const;

  it.each(commands)(
    '%s: exit 0, a summary on standard error naming the line (201)',
    async (name, command, args) => {
      const { code, stdout, stderr } = await run(command, [...args, ...MID_NOVEMBER]);
      expect(code).toBe(0);
      expect(stdout).not.toBe('');
      expect(stderr).toContain(`feecast ${name}: 1 event rejected, not counted: 1 invalid_value\n`);
      expect(stderr).toContain(
        `  ${file}:201: Event "tr_abc" left out: The metric field value is not a decimal number. (properties.calls is "abc") Fix: Give the metric's field a decimal number, such as "12.5".\n`,
      );
    },
  );

  it.each(commands)('%s --json: the rejected event and the counts', async (_, command, args) => {
    const { code, stdout } = await run(command, [...args, ...MID_NOVEMBER, '--json']);
    expect(code).toBe(0);
    const body = JSON.parse(stdout);
    expect(body.rejected).toEqual([
      {
        file,
        line: 201,
        transaction_id: 'tr_abc',
        reason: 'invalid_value',
        message:
          'Event "tr_abc" left out: The metric field value is not a decimal number. (properties.calls is "abc")',
      },
    ]);
    expect(body.events.rejected).toBe(1);
    expect(body.events.read).toBe(201);
  });

  it.each(commands)(
    '%s --strict: exit 1, no result, the summary on standard error',
    async (name, command, args) => {
      const { code, stdout, stderr } = await run(command, [...args, ...MID_NOVEMBER, '--strict']);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toContain(`${file}:201:`);
      expect(stderr).toContain(`feecast ${name}: --strict: events were rejected`);
    },
  );

  it('--strict with nothing rejected prints the result and exits 0', async () => {
    const { code, stdout } = await run(usageCommand, [
      ...exampleArgs(),
      ...MID_NOVEMBER,
      '--strict',
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain('Total including taxes');
  });
});
