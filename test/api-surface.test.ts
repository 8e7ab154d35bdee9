import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The public surface of each package, as its built declarations export it (issue 20 §5): every
 * name the package's `index.d.ts` exports, one a line, kept in `test/api-surface/<package>.txt`.
 * A change of the surface (a name added, renamed or dropped) fails here until the file is
 * updated (`npx --yes pnpm@10.34.9 test -- -u`), so every change of it is visible in review.
 */
const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** The names of the `export { ... }` lists of a declaration file, sorted, `type ` marks kept. */
function exportedNames(declarations: string): string[] {
  const names: string[] = [];
  for (const match of declarations.matchAll(/export \{([^}]*)\};/g)) {
    for (const part of (match[1] ?? '').split(',')) {
      const name = part.trim().replace(/^.* as /, '');
      if (name !== '') names.push(name);
    }
  }
  for (const match of declarations.matchAll(
    /^export (?:declare )?(?:const|function|class|interface|type) (\w+)/gm,
  )) {
    names.push(match[1] ?? '');
  }
  return [...new Set(names)].sort();
}

describe.each(['@feecast/models', '@feecast/engine', 'feecast'])('%s', (name) => {
  it('exports the names its surface file lists', async () => {
    const packageJson = require.resolve(`${name}/package.json`);
    const declarations = readFileSync(join(dirname(packageJson), 'dist', 'index.d.ts'), 'utf8');
    const names = exportedNames(declarations);
    expect(names.length).toBeGreaterThan(5);
    const file = join(here, 'api-surface', `${name.replace('@feecast/', '')}.txt`);
    await expect(`${names.join('\n')}\n`).toMatchFileSnapshot(file);
  });
});
