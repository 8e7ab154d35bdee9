import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'packages',
  'feecast',
  'bin',
  'feecast.js',
);

function feecast(...args: string[]) {
  const run = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('the built feecast command', () => {
  it('demo prints the hand-checked figures of examples/README.md', () => {
    const { code, stdout, stderr } = feecast('demo');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('events      30\n');
    expect(stdout).toContain('calls       5715.5 (eu 2769.75, us 2945.75)');
    expect(stdout).toContain('amount      71.44375 EUR -> 7144 cents (71.44 EUR)');
  });

  it('help exits 0 and lists the commands', () => {
    const { code, stdout } = feecast('--help');
    expect(code).toBe(0);
    expect(stdout).toMatch(/Commands:\n\s+demo/);
  });

  it('an unknown command is a usage error: exit 2, help on stderr, nothing on stdout', () => {
    const { code, stdout, stderr } = feecast('estimat');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('unknown command "estimat"');
  });
});
