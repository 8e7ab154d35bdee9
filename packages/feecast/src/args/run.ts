/**
 * The command side of the parser: prints the help or the usage error, so that a command
 * only handles a successful parse.
 */
import { isLeft } from 'fp-ts/lib/Either.js';
import { EXIT, type Io } from '../io';
import { renderHelp } from './help';
import { parseCommand } from './parse';
import type { CommandSpec, OptionSpecs, OptionValues } from './spec';

/** The outcome for a command: stop with this exit code, or run with these values. */
export type CommandLine<O extends OptionSpecs> =
  | { readonly _tag: 'Exit'; readonly code: number }
  | {
      readonly _tag: 'Run';
      readonly options: OptionValues<O>;
      readonly positionals: readonly string[];
    };

/**
 * Parses `argv` for a command. `--help` prints the help on stdout (`Exit` 0); bad usage
 * prints `<command>: <message>` and the usage line on stderr (`Exit` 2); otherwise `Run`.
 *
 * @example
 * const line = readCommandLine(compareSpec, argv, io);
 * if (line._tag === 'Exit') return line.code;
 * line.options.plan; // readonly string[]
 */
export function readCommandLine<O extends OptionSpecs>(
  spec: CommandSpec<O>,
  argv: readonly string[],
  io: Io,
): CommandLine<O> {
  const parsed = parseCommand(spec, argv);
  if (isLeft(parsed)) {
    io.stderr(`${spec.name}: ${parsed.left.message}\n`);
    return { _tag: 'Exit', code: EXIT.usage };
  }
  if (parsed.right.help) {
    io.stdout(renderHelp(spec));
    return { _tag: 'Exit', code: EXIT.ok };
  }
  return { _tag: 'Run', options: parsed.right.options, positionals: parsed.right.positionals };
}
