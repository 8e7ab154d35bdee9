// The declarative option parser: values of every kind, --help, and usage errors (exit 2).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  closestName,
  defineCommand,
  longName,
  parseCommand,
  readCommandLine,
  renderHelp,
} from '../../src/args/index';
import { compareSpec, recordingIo } from './builders';

const BASE = ['--customer', 'c.json'];

function usageMessage(argv: readonly string[]): string | undefined {
  const parsed = parseCommand(compareSpec, argv);
  if (parsed._tag === 'Right') return undefined;
  expect(parsed.left.code).toBe('invalid_usage');
  return parsed.left.message;
}

describe('parseCommand: values', () => {
  it('reads every kind of option, in any order, with = or a separate value', () => {
    const parsed = parseCommand(compareSpec, [
      'events.ndjson',
      '--plan',
      'a.json',
      '-p',
      'b.json',
      '--plan=c=1.json',
      '--customer=c.json',
      '--now',
      '2026-11-15T13:00:00+01:00',
      '-j',
      '--apply-taxes',
      '--port',
      '8080',
    ]);
    expect(parsed).toEqual({
      _tag: 'Right',
      right: {
        help: false,
        options: {
          plan: ['a.json', 'b.json', 'c=1.json'],
          customer: 'c.json',
          now: '2026-11-15T12:00:00Z',
          port: 8080,
          json: true,
          applyTaxes: true,
        },
        positionals: ['events.ndjson'],
      },
    });
  });

  it('options left out: false, undefined, []', () => {
    expect(parseCommand(compareSpec, BASE)).toEqual({
      _tag: 'Right',
      right: {
        help: false,
        options: {
          plan: [],
          customer: 'c.json',
          now: undefined,
          port: undefined,
          json: false,
          applyTaxes: false,
        },
        positionals: [],
      },
    });
  });

  it('after --, everything is positional', () => {
    const parsed = parseCommand(compareSpec, [...BASE, '--', '--json']);
    expect(parsed._tag === 'Right' && !parsed.right.help && parsed.right.positionals).toEqual([
      '--json',
    ]);
    expect(parsed._tag === 'Right' && !parsed.right.help && parsed.right.options.json).toBe(false);
  });

  it('a negative number is a value, not an option', () => {
    const spec = defineCommand({
      name: 'x',
      summary: 'x',
      options: { offset: defineOffset() },
      examples: [],
    });
    expect(parseCommand(spec, ['--offset', '-5'])).toMatchObject({
      right: { options: { offset: '-5' } },
    });
  });

  it('--help or -h anywhere (before --) asks for the help, even with bad options', () => {
    expect(parseCommand(compareSpec, ['--bogus', '-h'])).toEqual({
      _tag: 'Right',
      right: { help: true },
    });
    expect(parseCommand(compareSpec, ['--help'])).toEqual({ _tag: 'Right', right: { help: true } });
    expect(parseCommand(compareSpec, [...BASE, '--', '--help'])._tag).toBe('Right');
  });
});

function defineOffset() {
  return {
    kind: 'optional' as const,
    description: 'An offset',
    valueName: 'n',
    parse: (raw: string) => ({ _tag: 'Right' as const, right: raw }),
  };
}

describe('parseCommand: usage errors', () => {
  const HELP = ' Run "feecast compare --help" for the options.';
  it.each([
    [[...BASE, '--pln', 'a.json'], 'Unknown option "--pln" (did you mean "--plan"?).'],
    [[...BASE, '--jsn'], 'Unknown option "--jsn" (did you mean "--json"?).'],
    [[...BASE, '--zzzzzz'], 'Unknown option "--zzzzzz".'],
    [[...BASE, '-x'], 'Unknown option "-x".'],
    [[...BASE, '--json=yes'], '--json is a flag and takes no value (got "yes").'],
    [[...BASE, '--plan'], '--plan needs a value: --plan <file>.'],
    [[...BASE, '--plan', '--json'], '--plan needs a value: --plan <file>.'],
    [
      ['--customer', 'a.json', '--customer', 'b.json'],
      '--customer was given more than once; give it once.',
    ],
    [[], '--customer is required: --customer <file> (The customer file).'],
    [
      [...BASE, 'a.ndjson', 'b.ndjson'],
      'Unexpected argument "b.ndjson": at most 1 <events-file> may be given.',
    ],
    [[...BASE, '--port', '99999'], '--port: must be an integer from 0 to 65535, got "99999".'],
    [
      [...BASE, '--now', '2026-11-15T12:00:00'],
      '--now: "2026-11-15T12:00:00" has no time zone (add Z for UTC); give an ISO 8601 timestamp such as 2026-11-15T12:00:00Z (or 2026-11-15T13:00:00+01:00, or a date such as 2026-11-15 for midnight UTC).',
    ],
  ])('%j: %s', (argv, message) => {
    expect(usageMessage(argv)).toBe(`${message}${HELP}`);
  });

  it('the error path names the option', () => {
    const parsed = parseCommand(compareSpec, [...BASE, '--pln']);
    expect(parsed._tag === 'Left' && parsed.left.path).toEqual(['--pln']);
  });

  it('a command without positionals refuses one', () => {
    const spec = defineCommand({
      name: 'feecast demo',
      summary: 'Demo',
      options: {},
      examples: [],
    });
    const parsed = parseCommand(spec, ['extra']);
    expect(parsed._tag === 'Left' && parsed.left.message).toBe(
      'Unexpected argument "extra": this command takes only options. Run "feecast demo --help" for the options.',
    );
  });

  it('a required positional that is missing is named', () => {
    const spec = defineCommand({
      name: 'feecast estimate',
      summary: 'Estimate',
      options: {},
      positionals: { name: 'event', description: 'the event to estimate', min: 1, max: 1 },
      examples: [],
    });
    const parsed = parseCommand(spec, []);
    expect(parsed._tag === 'Left' && parsed.left.message).toBe(
      'Missing <event>: the event to estimate. Run "feecast estimate --help" for the options.',
    );
  });

  it('parsing never throws, whatever the arguments', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string(),
            fc.constantFrom(
              '--plan',
              '-p',
              '--json',
              '--now',
              '--',
              '-h',
              '--customer',
              '--port=1',
            ),
          ),
        ),
        (argv) => {
          const parsed = parseCommand(compareSpec, argv);
          expect(['Left', 'Right']).toContain(parsed._tag);
          if (parsed._tag === 'Left') expect(parsed.left.code).toBe('invalid_usage');
        },
      ),
    );
  });

  it('repeated options keep every value in order', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z][a-z0-9.]*$/), { maxLength: 6 }), (files) => {
        const parsed = parseCommand(compareSpec, [...BASE, ...files.flatMap((f) => ['--plan', f])]);
        expect(parsed._tag === 'Right' && !parsed.right.help && parsed.right.options.plan).toEqual(
          files,
        );
      }),
    );
  });
});

describe('help and exit codes', () => {
  it('renders usage, options, examples', () => {
    expect(renderHelp(compareSpec)).toBe(
      [
        'Usage: feecast compare [options] [events-file]',
        '',
        'Price the same usage on several plans.',
        '',
        'Arguments:',
        '  events-file  the usage events (NDJSON or a JSON array)',
        '',
        'Options:',
        // Labels are padded to the widest ("    --now <timestamp>", 21 characters), then 2 spaces.
        '  -p, --plan <file>      A plan file (repeat for each plan) (repeatable)',
        '      --customer <file>  The customer file (required)',
        '      --now <timestamp>  Price at this instant instead of the clock',
        '      --port <n>         A port',
        '  -j, --json             Print the wire-format result',
        '      --apply-taxes      Apply taxes',
        '  -h, --help             Show this help',
        '',
        'Examples:',
        '  # Two plans, the bundled events',
        '  feecast compare --customer c.json --plan a.json --plan b.json events.ndjson',
        '',
      ].join('\n'),
    );
  });

  it('--help prints the help on stdout and exits 0', () => {
    const io = recordingIo();
    expect(readCommandLine(compareSpec, ['--help'], io)).toEqual({ _tag: 'Exit', code: 0 });
    expect(io.out.join('')).toBe(renderHelp(compareSpec));
    expect(io.err).toEqual([]);
  });

  it('an unknown option prints the error on stderr and exits 2', () => {
    const io = recordingIo();
    expect(readCommandLine(compareSpec, ['--bogus'], io)).toEqual({ _tag: 'Exit', code: 2 });
    expect(io.err.join('')).toBe(
      'feecast compare: Unknown option "--bogus". Run "feecast compare --help" for the options.\n',
    );
    expect(io.out).toEqual([]);
  });

  it('a good command line runs', () => {
    const io = recordingIo();
    expect(readCommandLine(compareSpec, [...BASE, '-j'], io)).toMatchObject({
      _tag: 'Run',
      options: { json: true, customer: 'c.json' },
    });
  });
});

describe('names', () => {
  it('camelCase keys are kebab-case options', () => {
    expect(longName('applyTaxes')).toBe('--apply-taxes');
    expect(longName('billableMetrics')).toBe('--billable-metrics');
  });

  it('closestName suggests near names only', () => {
    expect(closestName('--pln', ['--plan', '--now'])).toBe('--plan');
    expect(closestName('--wallet', ['--wallets', '--plan'])).toBe('--wallets');
    expect(closestName('--xyzzy', ['--plan', '--now'])).toBeUndefined();
  });
});
