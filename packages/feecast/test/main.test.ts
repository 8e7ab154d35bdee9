import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { usageSpec } from '../src/commands/usage';
import { main } from '../src/main';
import { SERVE_HELP } from '../src/server/index';

/** Runs `feecast ...argv` in process: its exit code and what it printed. */
async function feecast(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

describe('feecast --version', () => {
  it('prints the version of the package.json, for --version and -V', async () => {
    for (const flag of ['--version', '-V']) {
      const { code, stdout, stderr } = await feecast(flag);
      expect(code).toBe(0);
      expect(stdout).toBe(`${manifest.version}\n`);
      expect(stderr).toBe('');
    }
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?$/);
  });
});

describe('feecast help <command>', () => {
  it("prints that command's help, exactly as <command> --help does", async () => {
    for (const name of ['demo', 'estimate', 'usage', 'invoice', 'compare', 'backtest', 'serve']) {
      const viaHelp = await feecast('help', name);
      const viaFlag = await feecast(name, '--help');
      expect(viaHelp.code).toBe(0);
      expect(viaHelp.stdout).toBe(viaFlag.stdout);
      expect(viaHelp.stdout).toContain(`Usage: feecast ${name}`);
    }
    expect((await feecast('help', 'usage')).stdout).toContain(usageSpec.summary);
    expect((await feecast('help', 'serve')).stdout).toBe(SERVE_HELP);
  });

  it('help alone, help help and --help print the list of commands', async () => {
    const list = (await feecast('--help')).stdout;
    expect(list).toMatch(/^ {2}completion {2}Print a shell completion script/m);
    expect(list).toContain('feecast --version');
    expect((await feecast('help')).stdout).toBe(list);
    expect((await feecast('help', 'help')).stdout).toBe(list);
  });

  it('an unknown command after help is a usage error (exit 2), as is an extra argument', async () => {
    const unknown = await feecast('help', 'usag');
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain('feecast help: unknown command "usag"');
    const extra = await feecast('help', 'usage', 'now');
    expect(extra.code).toBe(2);
    expect(extra.stderr).toContain('unexpected argument "now"');
  });
});

/** Bash's completion of the words `line` (the cursor on the last one), by the script printed. */
function bashComplete(script: string, ...line: string[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'feecast-completion-'));
  try {
    const file = join(dir, 'feecast.bash');
    writeFileSync(file, script);
    const words = line.map((word) => `'${word}'`).join(' ');
    const run = spawnSync(
      'bash',
      [
        '-c',
        `source '${file}'; COMP_WORDS=(${words}); COMP_CWORD=${line.length - 1}; _feecast; printf '%s\\n' "\${COMPREPLY[@]}"`,
      ],
      { encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    return run.stdout.split('\n').filter((word) => word !== '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('feecast completion', () => {
  it('bash: completes commands, their options, help and completion arguments', async () => {
    const { code, stdout } = await feecast('completion', 'bash');
    expect(code).toBe(0);
    expect(stdout).toContain('complete -o default -F _feecast feecast');
    expect(bashComplete(stdout, 'feecast', 'c')).toEqual(['compare', 'completion']);
    expect(bashComplete(stdout, 'feecast', 'usage', '--pro')).toEqual(['--projected']);
    expect(bashComplete(stdout, 'feecast', 'usage', '--billable')).toEqual(['--billable-metrics']);
    expect(bashComplete(stdout, 'feecast', 'serve', '--d')).toEqual(['--data-dir']);
    expect(bashComplete(stdout, 'feecast', 'help', 'in')).toEqual(['invoice']);
    expect(bashComplete(stdout, 'feecast', 'completion', '')).toEqual(['bash', 'zsh', 'fish']);
    // A word that is not an option is left to bash's file completion (-o default).
    expect(bashComplete(stdout, 'feecast', 'usage', 'events')).toEqual([]);
  });

  it('zsh and fish: every command and every option of usage is in the script', async () => {
    for (const shell of ['zsh', 'fish']) {
      const { code, stdout } = await feecast('completion', shell);
      expect(code).toBe(0);
      for (const name of ['demo', 'estimate', 'usage', 'invoice', 'compare', 'backtest', 'serve']) {
        expect(stdout).toContain(name);
      }
      expect(stdout).toContain(shell === 'zsh' ? '--projected' : '-l projected');
    }
    expect((await feecast('completion', 'zsh')).stdout).toMatch(/^#compdef feecast\n/);
    expect((await feecast('completion', 'fish')).stdout).toContain(
      "complete -c feecast -n __fish_use_subcommand -a usage -d 'Current or projected usage of the period'",
    );
  });

  it('a missing or unknown shell is a usage error (exit 2)', async () => {
    expect((await feecast('completion')).code).toBe(2);
    const unknown = await feecast('completion', 'tcsh');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown shell "tcsh": bash, zsh or fish');
  });
});
