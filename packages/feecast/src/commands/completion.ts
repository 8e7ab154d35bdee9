/**
 * `feecast completion bash|zsh|fish`: a shell completion script, printed to be sourced
 * (`source <(feecast completion bash)`) or saved where the shell loads completions. It
 * completes the command names, each command's options, the names after `help` and the
 * shells after `completion`; anything else completes as a file name.
 */
import { EXIT, type Io } from '../io';

/** A command as completion sees it: its name, one line, and its options (`--plan`...). */
export interface CompletionCommand {
  readonly name: string;
  readonly summary: string;
  readonly options: readonly string[];
}

/** The shells `feecast completion` writes a script for. */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** A word as one single-quoted shell word. */
function quoted(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The arguments `help` (command names) and `completion` (shells) take; none for the others. */
function argumentWords(command: CompletionCommand, commands: readonly CompletionCommand[]) {
  if (command.name === 'help') return commands.map((c) => c.name);
  if (command.name === 'completion') return [...SHELLS];
  return [];
}

function bash(commands: readonly CompletionCommand[]): string {
  const cases = commands.map((command) => {
    const names = argumentWords(command, commands);
    const words = names.length > 0 ? names : [...command.options, '--help'];
    return `    ${command.name}) words=${quoted(words.join(' '))} ;;`;
  });
  return `# feecast completion for bash: source <(feecast completion bash)
_feecast() {
  local current="\${COMP_WORDS[COMP_CWORD]}"
  local words=""
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W ${quoted(commands.map((c) => c.name).join(' '))} -- "$current"))
    return 0
  fi
  case "\${COMP_WORDS[1]}" in
${cases.join('\n')}
  esac
  case "\${COMP_WORDS[1]}" in
    help | completion) COMPREPLY=($(compgen -W "$words" -- "$current")) ;;
    *)
      if [[ "$current" == -* ]]; then
        COMPREPLY=($(compgen -W "$words" -- "$current"))
      else
        COMPREPLY=()
      fi
      ;;
  esac
}
complete -o default -F _feecast feecast
`;
}

function zsh(commands: readonly CompletionCommand[]): string {
  const described = commands.map((c) => quoted(`${c.name}:${c.summary.replaceAll(':', '\\:')}`));
  const cases = commands.map((command) => {
    const names = argumentWords(command, commands);
    if (names.length > 0) return `    ${command.name}) compadd -- ${names.join(' ')}; return ;;`;
    return `    ${command.name}) options=(${[...command.options, '--help'].join(' ')}) ;;`;
  });
  return `#compdef feecast
# feecast completion for zsh: source <(feecast completion zsh) (after compinit)
_feecast() {
  local -a commands options
  commands=(${described.join(' ')})
  if (( CURRENT == 2 )); then
    _describe 'command' commands
    return
  fi
  case \${words[2]} in
${cases.join('\n')}
  esac
  if [[ \${words[CURRENT]} == -* ]]; then
    compadd -- $options
  else
    _files
  fi
}
compdef _feecast feecast
`;
}

function fish(commands: readonly CompletionCommand[]): string {
  const lines = [
    '# feecast completion for fish: feecast completion fish | source',
    'complete -c feecast -f',
  ];
  for (const command of commands) {
    lines.push(
      `complete -c feecast -n __fish_use_subcommand -a ${command.name} -d ${quoted(command.summary)}`,
    );
    const when = quoted(`__fish_seen_subcommand_from ${command.name}`);
    const names = argumentWords(command, commands);
    if (names.length > 0) {
      lines.push(`complete -c feecast -n ${when} -a ${quoted(names.join(' '))}`);
      continue;
    }
    for (const option of [...command.options, '--help']) {
      lines.push(`complete -c feecast -n ${when} -l ${option.slice(2)}`);
    }
    lines.push(`complete -c feecast -n ${when} -F`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The completion script of `shell` for `commands`.
 *
 * @example
 * completionScript('bash', [{ name: 'demo', summary: 'Price the examples', options: [] }])
 * // '# feecast completion for bash: …\n_feecast() {\n…\ncomplete -o default -F _feecast feecast\n'
 */
export function completionScript(shell: Shell, commands: readonly CompletionCommand[]): string {
  if (shell === 'bash') return bash(commands);
  if (shell === 'zsh') return zsh(commands);
  return fish(commands);
}

const USAGE = `Usage: feecast completion bash|zsh|fish

Prints a shell completion script for feecast: command names, their options, and file names.

Examples:
  # bash: this shell, then every new one
  source <(feecast completion bash)
  feecast completion bash > ~/.local/share/bash-completion/completions/feecast
  # zsh (after compinit)
  source <(feecast completion zsh)
  # fish
  feecast completion fish > ~/.config/fish/completions/feecast.fish
`;

function isShell(word: string | undefined): word is Shell {
  return SHELLS.some((shell) => shell === word);
}

/**
 * Runs `feecast completion <shell>` with `argv` (the arguments after `completion`): the
 * script on stdout (exit 0), or the usage on stderr (exit 2) for a missing or unknown shell.
 *
 * @example
 * await completionCommand(['bash'], commands, io) // => 0, the bash script on io.stdout
 * await completionCommand(['tcsh'], commands, io) // => 2
 */
export function completionCommand(
  argv: readonly string[],
  commands: readonly CompletionCommand[],
  io: Io,
): number {
  const [shell, ...rest] = argv;
  if (shell === '--help' || shell === '-h') {
    io.stdout(USAGE);
    return EXIT.ok;
  }
  if (!isShell(shell) || rest.length > 0) {
    const problem =
      shell === undefined
        ? 'name a shell'
        : isShell(shell)
          ? `unexpected argument ${JSON.stringify(rest[0])}`
          : `unknown shell ${JSON.stringify(shell)}: bash, zsh or fish`;
    io.stderr(`feecast completion: ${problem}\n\n${USAGE}`);
    return EXIT.usage;
  }
  io.stdout(completionScript(shell, commands));
  return EXIT.ok;
}
