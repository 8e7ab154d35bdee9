/**
 * The option parser shared by every command: reads `argv` against a {@link CommandSpec}.
 * Bad usage is a `Left` with the code `invalid_usage` (the command exits with 2).
 */
import { type FeecastError, feecastError } from '@feecast/engine';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  type CommandSpec,
  longName,
  type OptionSpec,
  type OptionSpecs,
  type OptionValues,
} from './spec';
import { closestName } from './suggest';

/** What the command line asks for: the help, or a run with these values. */
export type ParsedCommand<O extends OptionSpecs> =
  | { readonly help: true }
  | {
      readonly help: false;
      readonly options: OptionValues<O>;
      readonly positionals: readonly string[];
    };

const HELP = new Set(['--help', '-h']);
/** A negative number is a value (`--offset -5`), not an option. */
const NEGATIVE_NUMBER = /^-\d/;

function looksLikeOption(arg: string): boolean {
  return arg.startsWith('-') && arg.length > 1 && !NEGATIVE_NUMBER.test(arg);
}

function usageError(
  spec: CommandSpec<OptionSpecs>,
  message: string,
  path?: readonly string[],
): FeecastError {
  return feecastError(
    'invalid_usage',
    `${message} Run "${spec.name} --help" for the options.`,
    path,
  );
}

interface Found {
  readonly key: string;
  readonly option: OptionSpec;
}

function findLong(options: OptionSpecs, name: string): Found | undefined {
  for (const [key, option] of Object.entries(options)) {
    if (longName(key) === name) return { key, option };
  }
  return undefined;
}

function findShort(options: OptionSpecs, letter: string): Found | undefined {
  for (const [key, option] of Object.entries(options)) {
    if (option.short === letter) return { key, option };
  }
  return undefined;
}

function unknownOption(spec: CommandSpec<OptionSpecs>, name: string): FeecastError {
  const known = [...Object.keys(spec.options).map(longName), '--help'];
  const suggestion = closestName(name, known);
  const hint = suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`;
  return usageError(spec, `Unknown option "${name}"${hint}.`, [name]);
}

/** Splits `--name=value` and `-x` into the option found and its inline value. */
function lookup(
  spec: CommandSpec<OptionSpecs>,
  arg: string,
): Either<FeecastError, Found & { readonly name: string; readonly inline?: string }> {
  if (arg.startsWith('--')) {
    const equals = arg.indexOf('=');
    const name = equals === -1 ? arg : arg.slice(0, equals);
    const found = findLong(spec.options, name);
    if (found === undefined) return left(unknownOption(spec, name));
    return right(
      equals === -1 ? { ...found, name } : { ...found, name, inline: arg.slice(equals + 1) },
    );
  }
  const found = arg.length === 2 ? findShort(spec.options, arg.slice(1)) : undefined;
  return found === undefined ? left(unknownOption(spec, arg)) : right({ ...found, name: arg });
}

function countPositionals(
  spec: CommandSpec<OptionSpecs>,
  positionals: readonly string[],
): FeecastError | undefined {
  const allowed = spec.positionals;
  if (allowed === undefined) {
    const [first] = positionals;
    return first === undefined
      ? undefined
      : usageError(spec, `Unexpected argument "${first}": this command takes only options.`, [
          first,
        ]);
  }
  const min = allowed.min ?? 0;
  if (positionals.length < min) {
    return usageError(spec, `Missing <${allowed.name}>: ${allowed.description}.`, [allowed.name]);
  }
  if (allowed.max !== undefined && positionals.length > allowed.max) {
    const extra = positionals[allowed.max] ?? '';
    return usageError(
      spec,
      `Unexpected argument "${extra}": at most ${allowed.max} <${allowed.name}> may be given.`,
      [extra],
    );
  }
  return undefined;
}

/**
 * Reads `argv` (the arguments after the command's name) against `spec`. `--help` or `-h`
 * anywhere before `--` asks for the help. Options: `--name value`, `--name=value`, `-x value`;
 * flags take no value; an option allowed once may not be repeated; `--` ends the options.
 * Each value goes through its option's `parse`. Every problem is a `Left` with the code
 * `invalid_usage`, the option as `path` and a message that says what to change (with the
 * closest known option for a mistyped one).
 *
 * @example
 * const spec = defineCommand({ name: 'feecast x', summary: 'X', examples: [],
 *   options: { plan: repeated('A plan file'), json: flag('JSON') } });
 * parseCommand(spec, ['--plan', 'a.json', '--plan=b.json', '--json'])
 * // right({ help: false, options: { plan: ['a.json', 'b.json'], json: true }, positionals: [] })
 * parseCommand(spec, ['--pln', 'a.json'])
 * // left({ code: 'invalid_usage', message: 'Unknown option "--pln" (did you mean "--plan"?). Run ...' })
 */
export function parseCommand<O extends OptionSpecs>(
  spec: CommandSpec<O>,
  argv: readonly string[],
): Either<FeecastError, ParsedCommand<O>> {
  const end = argv.indexOf('--');
  if ((end === -1 ? argv : argv.slice(0, end)).some((arg) => HELP.has(arg))) {
    return right({ help: true });
  }
  const values: Record<string, unknown> = {};
  for (const [key, option] of Object.entries(spec.options)) {
    values[key] = option.kind === 'flag' ? false : option.kind === 'repeated' ? [] : undefined;
  }
  const given = new Set<string>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (i === end) {
      for (const rest of argv.slice(i + 1)) positionals.push(rest);
      break;
    }
    if (!looksLikeOption(arg)) {
      positionals.push(arg);
      continue;
    }
    const found = lookup(spec, arg);
    if (isLeft(found)) return found;
    const { key, option, name, inline } = found.right;
    if (option.kind === 'flag') {
      if (inline !== undefined) {
        return left(
          usageError(spec, `${name} is a flag and takes no value (got "${inline}").`, [name]),
        );
      }
      values[key] = true;
      continue;
    }
    let raw = inline;
    if (raw === undefined) {
      const next = argv[i + 1];
      if (next === undefined || looksLikeOption(next) || i + 1 === end) {
        return left(
          usageError(spec, `${name} needs a value: ${name} <${option.valueName}>.`, [name]),
        );
      }
      raw = next;
      i++;
    }
    if (option.kind !== 'repeated' && given.has(key)) {
      return left(usageError(spec, `${name} was given more than once; give it once.`, [name]));
    }
    given.add(key);
    const parsed = option.parse(raw);
    if (isLeft(parsed)) {
      return left(usageError(spec, `${name}: ${parsed.left.message}`, [name]));
    }
    const current = values[key];
    values[key] = Array.isArray(current) ? [...current, parsed.right] : parsed.right;
  }
  for (const [key, option] of Object.entries(spec.options)) {
    if (option.kind === 'required' && !given.has(key)) {
      const name = longName(key);
      return left(
        usageError(
          spec,
          `${name} is required: ${name} <${option.valueName}> (${option.description}).`,
          [name],
        ),
      );
    }
  }
  const counted = countPositionals(spec, positionals);
  if (counted !== undefined) return left(counted);
  // The record was built from `spec.options` with one value of the right kind per key.
  return right({ help: false, options: values as OptionValues<O>, positionals });
}
