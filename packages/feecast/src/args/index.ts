/**
 * The declarative option parser shared by the `feecast` commands: flags, options with a
 * value (once, required, repeated), positionals, `--help` with examples, and usage errors
 * (exit code 2) that name the closest known option. No dependency.
 */
export { renderHelp, usageLine } from './help';
export { type ParsedCommand, parseCommand } from './parse';
export { type CommandLine, readCommandLine } from './run';
export {
  type CommandExample,
  type CommandSpec,
  defineCommand,
  type FlagSpec,
  flag,
  longName,
  type OptionSpec,
  type OptionSpecs,
  type OptionValue,
  type OptionValues,
  option,
  type ParseValue,
  type PositionalSpec,
  repeated,
  requiredOption,
  type ValueArity,
  type ValueSettings,
  type ValueSpec,
} from './spec';
export { closestName } from './suggest';
