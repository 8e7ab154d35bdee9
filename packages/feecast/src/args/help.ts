/**
 * `--help` of a command, rendered from its {@link CommandSpec}.
 */
import { type CommandSpec, longName, type OptionSpec, type OptionSpecs } from './spec';

/** `  -j, --json` or `      --plan <file>`: an option's left column. */
function optionLabel(key: string, spec: OptionSpec): string {
  const alias = spec.short === undefined ? '    ' : `-${spec.short}, `;
  const value = spec.kind === 'flag' ? '' : ` <${spec.valueName}>`;
  return `${alias}${longName(key)}${value}`;
}

function optionNote(spec: OptionSpec): string {
  if (spec.kind === 'required') return ' (required)';
  if (spec.kind === 'repeated') return ' (repeatable)';
  return '';
}

/** Two columns: labels padded to the widest one. */
function columns(rows: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(0, ...rows.map(([label]) => label.length));
  return rows.map(([label, text]) => `  ${label.padEnd(width)}  ${text}`.trimEnd());
}

/**
 * The usage line of a command: `Usage: feecast compare [options] <events-file>`.
 *
 * @example
 * usageLine(compareSpec) // 'Usage: feecast compare [options] [events-file]'
 */
export function usageLine<O extends OptionSpecs>(spec: CommandSpec<O>): string {
  const positional = spec.positionals;
  let args = '';
  if (positional !== undefined) {
    const min = positional.min ?? 0;
    const many = positional.max === undefined || positional.max > 1 ? '...' : '';
    args = min > 0 ? ` <${positional.name}>${many}` : ` [${positional.name}]${many}`;
  }
  return `Usage: ${spec.name} [options]${args}`;
}

/**
 * The text of `--help`: usage line, summary, description, positionals, options (with `-h,
 * --help`) and examples, ending with a line break.
 *
 * @example
 * renderHelp(defineCommand({ name: 'feecast demo', summary: 'Price the examples', options: {}, examples: [] }))
 * // 'Usage: feecast demo [options]\n\nPrice the examples\n\nOptions:\n  -h, --help  Show this help\n'
 */
export function renderHelp<O extends OptionSpecs>(spec: CommandSpec<O>): string {
  const sections = [usageLine(spec), spec.summary];
  if (spec.description !== undefined) sections.push(spec.description);
  if (spec.positionals !== undefined) {
    sections.push(
      ['Arguments:', ...columns([[spec.positionals.name, spec.positionals.description]])].join(
        '\n',
      ),
    );
  }
  const options: [string, string][] = Object.entries(spec.options).map(([key, option]) => [
    optionLabel(key, option),
    `${option.description}${optionNote(option)}`,
  ]);
  options.push(['-h, --help', 'Show this help']);
  sections.push(['Options:', ...columns(options)].join('\n'));
  if (spec.examples.length > 0) {
    const examples = spec.examples.flatMap((example) => [
      `  # ${example.description}`,
      `  ${example.command}`,
    ]);
    sections.push(['Examples:', ...examples].join('\n'));
  }
  return `${sections.join('\n\n')}\n`;
}
