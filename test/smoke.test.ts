import { execFileSync } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Each built package is imported by a fresh Node process, once as an ES module and once with
 * `require`, from a workspace package that depends on it: exactly what a user's code does.
 * The script prints what it loaded; the test checks it.
 */
const here = dirname(fileURLToPath(import.meta.url));

function run(kind: 'import' | 'require', body: string): string {
  const args =
    kind === 'import'
      ? ['--input-type=module', '--eval', body]
      : ['--input-type=commonjs', '--eval', body];
  return execFileSync(process.execPath, args, { cwd: here, encoding: 'utf8' }).trim();
}

const checks = {
  '@feecast/engine': `const d = m.parseDecimal('0.1'); const s = m.createDecimalSum(); s.add('0.1'); s.add('0.2');
    console.log([typeof m.parseDecimal, m.formatDecimal(s.result()), d._tag].join(' '))`,
  '@feecast/models': `const bad = m.decode(m.Plan, { code: 7 });
    console.log([typeof m.Plan.decode, bad._tag, bad._tag === 'Left' && bad.left.problems.some((p) => p.path === 'code')].join(' '))`,
  feecast: `console.log(Object.keys(m).length > 0 ? 'ok' : 'empty')`,
} as const;

const expected: Record<keyof typeof checks, string> = {
  '@feecast/engine': 'function 0.3 Right',
  '@feecast/models': 'function Left true',
  feecast: 'ok',
};

describe.each(Object.keys(checks) as (keyof typeof checks)[])('the built %s', (name) => {
  it('loads with import', () => {
    expect(run('import', `import * as m from '${name}';\n${checks[name]}`)).toBe(expected[name]);
  });

  it('loads with require', () => {
    expect(run('require', `const m = require('${name}');\n${checks[name]}`)).toBe(expected[name]);
  });

  it('resolves to its dist/ entry points, not to sources', () => {
    const esm = run('import', `console.log(import.meta.resolve('${name}'))`);
    const cjs = run('require', `console.log(require.resolve('${name}'))`);
    expect(esm).toMatch(/\/dist\/index\.js$/);
    expect(cjs).toMatch(/\/dist\/index\.cjs$/);
  });
});
