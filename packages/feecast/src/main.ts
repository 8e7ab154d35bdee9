import { backtestCommand } from './commands/backtest';
import { compareCommand } from './commands/compare';
import { demo } from './commands/demo';
import { estimateCommand } from './commands/estimate';
import { invoiceCommand } from './commands/invoice';
import { usageCommand } from './commands/usage';
import { EXIT, type Io } from './io';
import { serveCommand } from './server/index';

const HELP = `feecast: exact, offline pricing and fee estimation for usage-based billing

Usage: feecast <command> [options]

Commands:
  demo      Price the bundled example events and print the worked figures
  estimate  The fees of one more event (feecast estimate --help)
  usage     Current or projected usage of the period (feecast usage --help)
  invoice   Preview the invoice of the current billing period (feecast invoice --help)
  compare   Price the same usage on several plans, with an HTML report (feecast compare --help)
  backtest  Every subscription, period and plan over a history of events (feecast backtest --help)
  serve     Serve the billing API locally (feecast serve --help)
  help      Show this help

Examples:
  feecast demo
  FEECAST_API_KEYS=secret feecast serve --port 3000
`;

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
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    io.stdout(HELP);
    return EXIT.ok;
  }
  if (command === 'demo') {
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout(
        'Usage: feecast demo\n\nRuns estimate, usage --projected, invoice and compare on the bundled examples (examples/cli, hand-checked in its README) and prints their figures.\n\nExamples:\n  feecast demo\n',
      );
      return EXIT.ok;
    }
    if (rest.length > 0) {
      io.stderr(`feecast demo: unexpected argument ${JSON.stringify(rest[0])}\n\n${HELP}`);
      return EXIT.usage;
    }
    return demo(io);
  }
  if (command === 'serve') return serveCommand(rest, io);
  if (command === 'estimate') return estimateCommand(rest, io);
  if (command === 'usage') return usageCommand(rest, io);
  if (command === 'invoice') return invoiceCommand(rest, io);
  if (command === 'compare') return compareCommand(rest, io);
  if (command === 'backtest') return backtestCommand(rest, io);
  io.stderr(`feecast: unknown command ${JSON.stringify(command)}\n\n${HELP}`);
  return EXIT.usage;
}
