import { longName, type OptionSpecs } from './args/index';
import { backtestCommand, backtestSpec } from './commands/backtest';
import { compareCommand, compareSpec } from './commands/compare';
import { type CompletionCommand, completionCommand } from './commands/completion';
import { demo } from './commands/demo';
import { estimateCommand, estimateSpec } from './commands/estimate';
import { invoiceCommand, invoiceSpec } from './commands/invoice';
import { usageCommand, usageSpec } from './commands/usage';
import { EXIT, type Io } from './io';
import { SERVE_HELP, serveCommand } from './server/index';
import { feecastVersion } from './version';

/** One command of `feecast`: what `--help` lists, what completion offers, what runs it. */
interface Command extends CompletionCommand {
  /** The text after the summary in the command list (`(feecast usage --help)`). */
  readonly more?: string;
  readonly run: (argv: readonly string[], io: Io) => number | Promise<number>;
}

const DEMO_HELP =
  'Usage: feecast demo\n\nRuns estimate, usage --projected, invoice and compare on the bundled examples (examples/cli, hand-checked in its README) and prints their figures.\n\nExamples:\n  feecast demo\n';

function optionsOf(options: OptionSpecs): string[] {
  return Object.keys(options).map(longName);
}

/** The options listed in `feecast serve --help` (two spaces, then `--name`). */
const SERVE_OPTIONS = Array.from(
  SERVE_HELP.matchAll(/^ {2}(--[a-z-]+)/gm),
  (match) => match[1] ?? '',
);

/** Runs `feecast demo` with `argv` (the arguments after `demo`). */
function demoCommand(argv: readonly string[], io: Io): Promise<number> | number {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(DEMO_HELP);
    return EXIT.ok;
  }
  if (argv.length > 0) {
    io.stderr(`feecast demo: unexpected argument ${JSON.stringify(argv[0])}\n\n${help()}`);
    return EXIT.usage;
  }
  return demo(io);
}

/** Every command, in the order `--help` lists them. */
const COMMANDS: readonly Command[] = [
  {
    name: 'demo',
    summary: 'Price the bundled example events and print the worked figures',
    options: [],
    run: demoCommand,
  },
  {
    name: 'estimate',
    summary: 'The fees of one more event',
    options: optionsOf(estimateSpec.options),
    run: (argv, io) => estimateCommand(argv, io),
  },
  {
    name: 'usage',
    summary: 'Current or projected usage of the period',
    options: optionsOf(usageSpec.options),
    run: (argv, io) => usageCommand(argv, io),
  },
  {
    name: 'invoice',
    summary: 'Preview the invoice of the current billing period',
    options: optionsOf(invoiceSpec.options),
    run: (argv, io) => invoiceCommand(argv, io),
  },
  {
    name: 'compare',
    summary: 'Price the same usage on several plans, with an HTML report',
    options: optionsOf(compareSpec.options),
    run: (argv, io) => compareCommand(argv, io),
  },
  {
    name: 'backtest',
    summary: 'Every subscription, period and plan over a history of events',
    options: optionsOf(backtestSpec.options),
    run: (argv, io) => backtestCommand(argv, io),
  },
  {
    name: 'serve',
    summary: 'Serve the billing API locally',
    options: SERVE_OPTIONS,
    run: (argv, io) => serveCommand(argv, io),
  },
  {
    name: 'completion',
    summary: 'Print a shell completion script',
    more: '(feecast completion bash|zsh|fish)',
    options: [],
    run: (argv, io) => completionCommand(argv, COMMANDS, io),
  },
  {
    name: 'help',
    summary: "Show this help, or a command's",
    more: '(feecast help <command>)',
    options: [],
    run: (argv, io) => helpCommand(argv, io),
  },
];

/** The commands that have their own `--help` (`feecast <command> --help`). */
const WITH_OWN_HELP = new Set(['estimate', 'usage', 'invoice', 'compare', 'backtest', 'serve']);

/** The text of `feecast --help`: the commands with one line each, then examples. */
function help(): string {
  const width = Math.max(0, ...COMMANDS.map((command) => command.name.length));
  const lines = COMMANDS.map((command) => {
    const more =
      command.more ?? (WITH_OWN_HELP.has(command.name) ? `(feecast ${command.name} --help)` : '');
    return `  ${command.name.padEnd(width)}  ${command.summary}${more === '' ? '' : ` ${more}`}`;
  });
  return `feecast: exact, offline pricing and fee estimation for usage-based billing

Usage: feecast <command> [options]
       feecast --version

Commands:
${lines.join('\n')}

Examples:
  feecast demo
  feecast help usage
  FEECAST_API_KEYS=secret feecast serve --port 3000
`;
}

/** `feecast help [command]`: the general help, or that command's (`feecast <command> --help`). */
function helpCommand(argv: readonly string[], io: Io): number | Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    io.stdout(help());
    return EXIT.ok;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (command === undefined || rest.length > 0) {
    const problem =
      command === undefined
        ? `unknown command ${JSON.stringify(name)}`
        : `unexpected argument ${JSON.stringify(rest[0])}`;
    io.stderr(`feecast help: ${problem}\n\n${help()}`);
    return EXIT.usage;
  }
  return command.name === 'help' ? helpCommand([], io) : command.run(['--help'], io);
}

/**
 * The `feecast` command: runs `argv` (without the node and script paths) and resolves to the
 * exit code (0 ok, 1 bad input, 2 bad usage).
 *
 * @example
 * // `feecast demo`: the bundled example priced, its report on `stdout`; the exit code.
 * const printed: string[] = [];
 * await main(['demo'], { stdout: (text) => printed.push(text), stderr: () => undefined }) // => 0
 * printed.length > 0 // => true
 */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    io.stdout(help());
    return EXIT.ok;
  }
  if (name === '--version' || name === '-V') {
    io.stdout(`${feecastVersion()}\n`);
    return EXIT.ok;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (command === undefined) {
    io.stderr(`feecast: unknown command ${JSON.stringify(name)}\n\n${help()}`);
    return EXIT.usage;
  }
  return command.run(rest, io);
}
