import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The engine's floor rules of `scripts/check-imports.mjs` (docs/architecture.md), run on a
 * small tree written for each case: a relative import enters another top-level folder only
 * through its index.ts, and never runs up a floor.
 */
const script = join(dirname(fileURLToPath(import.meta.url)), '..', 'scripts', 'check-imports.mjs');
const trees: string[] = [];

/** Writes the files (paths under packages/engine/src) into a fresh tree; returns its root. */
function tree(files: Readonly<Record<string, string>>): string {
  const root = mkdtempSync(join(tmpdir(), 'check-imports-'));
  trees.push(root);
  for (const [path, text] of Object.entries(files)) {
    const file = join(root, 'packages', 'engine', 'src', path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return root;
}

function check(root: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A clean base: core at the bottom, fees above it, each with an index.ts. */
const base = {
  'core/index.ts': "export { one } from './one';\n",
  'core/one.ts': 'export const one = 1;\n',
  'fees/index.ts': "export { fee } from './fee';\n",
  'fees/fee.ts': "import { one } from '../core/index';\nexport const fee = one;\n",
  'index.ts': "export { fee } from './fees/index';\nexport { one } from './core';\n",
};

afterEach(() => {
  for (const root of trees.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('check-imports: the engine floors', () => {
  it('accepts imports that go down a floor through its index.ts', () => {
    const { status, output } = check(tree(base));
    expect(output).toContain('the engine');
    expect(status).toBe(0);
  });

  it('rejects an import that enters another folder past its index.ts', () => {
    const { status, output } = check(
      tree({
        ...base,
        'fees/fee.ts': "import { one } from '../core/one';\nexport const fee = one;\n",
      }),
    );
    expect(status).toBe(1);
    expect(output).toContain(
      "packages/engine/src/fees/fee.ts: '../core/one' enters core/ past its index.ts",
    );
  });

  it('rejects an import from the root index.ts past a folder index', () => {
    const { status, output } = check(
      tree({ ...base, 'index.ts': "export { one } from './core/one';\n" }),
    );
    expect(status).toBe(1);
    expect(output).toContain("packages/engine/src/index.ts: './core/one' enters core/ past");
  });

  it('rejects an import that runs up a floor, even through the index', () => {
    const { status, output } = check(
      tree({
        ...base,
        'core/one.ts': "import { fee } from '../fees/index';\nexport const one = fee;\n",
      }),
    );
    expect(status).toBe(1);
    expect(output).toContain(
      "packages/engine/src/core/one.ts: '../fees/index' runs up a floor: core/ is below fees/",
    );
  });

  it('rejects a top-level folder that is on no floor', () => {
    const { status, output } = check(
      tree({ ...base, 'extra/index.ts': "export { one } from '../core/index';\n" }),
    );
    expect(status).toBe(1);
    expect(output).toContain('extra/ is on no floor');
  });
});
