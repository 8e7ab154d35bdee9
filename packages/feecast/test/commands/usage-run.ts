// `feecast usage` run in-process on the bundled example files, with another `--events`.
import { exampleArgs } from '../../src/commands/demo';
import { usageCommand } from '../../src/commands/usage';

/** Runs `feecast usage` with `argv`: its exit code, standard output and standard error. */
export async function usage(argv: readonly string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await usageCommand(argv, { stdout: (t) => out.push(t), stderr: (t) => err.push(t) });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

/** The bundled options with `--events` replaced by `events`, and more options after. */
export function withEvents(events: string, ...more: string[]): string[] {
  const args = exampleArgs();
  return [
    ...args.map((arg, i) => (args[i - 1] === '--events' ? events : arg)),
    '--now',
    '2026-11-15T00:00:00Z',
    '--json',
    ...more,
  ];
}
