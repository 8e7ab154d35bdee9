/**
 * The declarative description of a command's options: what the parser reads, what `--help`
 * prints and what TypeScript infers for the parsed values. No dependency.
 */
import type { FeecastError } from '@feecast/engine';
import { type Either, right } from 'fp-ts/lib/Either.js';

/** Reads an option's text into its value, or says what is wrong with it. */
export type ParseValue<T> = (raw: string) => Either<FeecastError, T>;

/** What every option has. */
interface OptionBase {
  /** One line for `--help`. */
  readonly description: string;
  /** A one-letter alias, without the dash (`j` for `-j`). */
  readonly short?: string;
}

/** A flag: `--json`, true when given. */
export interface FlagSpec extends OptionBase {
  readonly kind: 'flag';
}

/** How many times an option that takes a value may be given. */
export type ValueArity = 'optional' | 'required' | 'repeated';

/** An option that takes a value: `--now 2026-11-15T00:00:00Z` or `--now=...`. */
export interface ValueSpec<T, K extends ValueArity = ValueArity> extends OptionBase {
  readonly kind: K;
  /** The placeholder in `--help` (`<file>`). */
  readonly valueName: string;
  /** Reads and checks the text given; a `Left` is a usage error (exit code 2). */
  readonly parse: ParseValue<T>;
}

/** Any option. */
export type OptionSpec = FlagSpec | ValueSpec<unknown>;

/** A command's options, keyed by their name in code (camelCase: `applyTaxes` is `--apply-taxes`). */
export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

/** The parsed value of one option. */
export type OptionValue<S> = S extends FlagSpec
  ? boolean
  : S extends ValueSpec<infer T, 'optional'>
    ? T | undefined
    : S extends ValueSpec<infer T, 'required'>
      ? T
      : S extends ValueSpec<infer T, 'repeated'>
        ? readonly T[]
        : never;

/** The parsed values of a command's options, keyed like its {@link OptionSpecs}. */
export type OptionValues<O extends OptionSpecs> = { readonly [K in keyof O]: OptionValue<O[K]> };

/** The arguments that are not options (`feecast compare events.ndjson`). */
export interface PositionalSpec {
  /** The placeholder in `--help` (`events-file`). */
  readonly name: string;
  readonly description: string;
  /** At least this many (default 0). */
  readonly min?: number;
  /** At most this many (default: no limit). */
  readonly max?: number;
}

/** One example of `--help`. */
export interface CommandExample {
  readonly command: string;
  readonly description: string;
}

/** A command: its name, what it does, its options, positionals and examples. */
export interface CommandSpec<O extends OptionSpecs = OptionSpecs> {
  /** The full command (`feecast compare`). */
  readonly name: string;
  /** One line: what the command does. */
  readonly summary: string;
  /** More paragraphs for `--help`, optional. */
  readonly description?: string;
  readonly options: O;
  /** Without it, any positional argument is a usage error. */
  readonly positionals?: PositionalSpec;
  readonly examples: readonly CommandExample[];
}

/** Settings of an option that takes a value. */
export interface ValueSettings<T> {
  /** The placeholder in `--help` (default `value`). */
  readonly valueName?: string;
  readonly short?: string;
  /** Reads the text (default: the text itself). */
  readonly parse?: ParseValue<T>;
}

const asText: ParseValue<string> = (raw) => right(raw);

/**
 * A flag: `--name`, `true` when given, `false` otherwise.
 *
 * @example
 * const options = { json: flag('Print the wire-format result', { short: 'j' }) };
 */
export function flag(description: string, settings: { readonly short?: string } = {}): FlagSpec {
  return { kind: 'flag', description, ...settings };
}

function valueSpec<T, K extends ValueArity>(
  kind: K,
  description: string,
  settings: ValueSettings<T>,
  fallback: ParseValue<T>,
): ValueSpec<T, K> {
  return {
    kind,
    description,
    valueName: settings.valueName ?? 'value',
    parse: settings.parse ?? fallback,
    ...(settings.short === undefined ? {} : { short: settings.short }),
  };
}

/**
 * An option given at most once; its value is `undefined` when it is not given.
 *
 * @example
 * const options = { now: option('Fix the clock', { valueName: 'timestamp', parse: parseNow }) };
 */
export function option(
  description: string,
  settings?: ValueSettings<string>,
): ValueSpec<string, 'optional'>;
export function option<T>(
  description: string,
  settings: ValueSettings<T> & { readonly parse: ParseValue<T> },
): ValueSpec<T, 'optional'>;
export function option(
  description: string,
  settings: ValueSettings<unknown> = {},
): ValueSpec<unknown, 'optional'> {
  return valueSpec('optional', description, settings, asText);
}

/**
 * An option that must be given exactly once.
 *
 * @example
 * const options = { customer: requiredOption('The customer file', { valueName: 'file' }) };
 */
export function requiredOption(
  description: string,
  settings?: ValueSettings<string>,
): ValueSpec<string, 'required'>;
export function requiredOption<T>(
  description: string,
  settings: ValueSettings<T> & { readonly parse: ParseValue<T> },
): ValueSpec<T, 'required'>;
export function requiredOption(
  description: string,
  settings: ValueSettings<unknown> = {},
): ValueSpec<unknown, 'required'> {
  return valueSpec('required', description, settings, asText);
}

/**
 * An option that may be given any number of times; its values in the order given.
 *
 * @example
 * const options = { plan: repeated('A plan file (repeat for each plan)', { valueName: 'file' }) };
 */
export function repeated(
  description: string,
  settings?: ValueSettings<string>,
): ValueSpec<string, 'repeated'>;
export function repeated<T>(
  description: string,
  settings: ValueSettings<T> & { readonly parse: ParseValue<T> },
): ValueSpec<T, 'repeated'>;
export function repeated(
  description: string,
  settings: ValueSettings<unknown> = {},
): ValueSpec<unknown, 'repeated'> {
  return valueSpec('repeated', description, settings, asText);
}

/**
 * Declares a command; the identity, so that TypeScript infers the option types exactly.
 * `--help` and `-h` are added to every command.
 *
 * @example
 * const compare = defineCommand({
 *   name: 'feecast compare',
 *   summary: 'Price the same usage on several plans',
 *   options: { plan: repeated('A plan file', { valueName: 'file' }), json: flag('Print JSON') },
 *   examples: [{ command: 'feecast compare --plan a.json --plan b.json', description: 'Two plans' }],
 * });
 */
export function defineCommand<O extends OptionSpecs>(spec: CommandSpec<O>): CommandSpec<O> {
  return spec;
}

/**
 * The command-line name of an option key: camelCase becomes kebab-case after `--`.
 *
 * @example
 * longName('applyTaxes') // '--apply-taxes'
 */
export function longName(key: string): string {
  return `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}
