import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The public surface of each package entry, as its built declarations give it (issue 20 §5).
 * `test/api-surface/<entry>.txt` holds the entry's built `.d.ts` as TypeScript prints it without
 * comments: every exported name and every declaration it reaches (shapes of inputs and results,
 * function signatures). A change of the surface, a name added or dropped or a field or
 * parameter changed, fails here until the file is updated
 * (`npx --yes pnpm@10.34.9 test -- -u`), so every change of it shows in review; a change of
 * documentation alone does not. `@internal` does not ship: no built declaration file of a
 * package carries the tag (`scripts/strip-internal.mjs` removes what has it), and what remains
 * compiles on its own.
 */
const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** Each entry of the packages, with the name of its surface file. */
const ENTRIES = [
  { entry: '@feecast/models', file: 'models' },
  { entry: '@feecast/engine', file: 'engine' },
  { entry: '@feecast/engine/internal', file: 'engine-internal' },
  { entry: '@feecast/sources', file: 'sources' },
  { entry: 'feecast', file: 'feecast' },
  { entry: 'feecast/fetch', file: 'feecast-fetch' },
  { entry: 'feecast/notebook', file: 'feecast-notebook' },
] as const;

/** Each package, with the ambient types its declarations may use (Node's for the Node packages). */
const PACKAGES = [
  { name: '@feecast/models', types: [] },
  { name: '@feecast/engine', types: [] },
  { name: '@feecast/sources', types: ['node'] },
  { name: 'feecast', types: ['node'] },
] as const;

/** The folder of a workspace package, resolved as a user's code resolves it. */
function packageFolder(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

/** The built ESM declaration file of an entry, from its package's `exports`. */
function declarationFile(entry: string): string {
  const [scope, name, ...rest] = entry.split('/');
  const packageName = entry.startsWith('@') ? `${scope}/${name}` : (scope ?? entry);
  const subpath = entry.startsWith('@') ? rest : [name, ...rest].filter((p) => p !== undefined);
  const folder = packageFolder(packageName);
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
    readonly exports: Record<string, { readonly import: { readonly types: string } }>;
  };
  const key = subpath.length === 0 ? '.' : `./${subpath.join('/')}`;
  const types = manifest.exports[key]?.import.types;
  if (types === undefined) throw new Error(`${entry}: no "types" for ${key} in its exports`);
  return join(folder, types);
}

/**
 * The declarations of a file as TypeScript prints them, without comments, with one name a line
 * in its `export { ... }` lists (so that a name added or dropped is one line of the diff).
 */
function printedDeclarations(path: string): string {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest);
  const printed = ts.createPrinter({ removeComments: true }).printFile(source);
  return printed.replace(
    /^export \{ (.*) \};$/gm,
    (_, names: string) => `export {\n${names.replaceAll(', ', ',\n')}\n};`,
  );
}

describe.each(ENTRIES)('$entry', ({ entry, file }) => {
  it('declares the surface its file records', async () => {
    const printed = printedDeclarations(declarationFile(entry));
    // The file is the surface itself: an entry that exports nothing would be a broken build.
    expect(printed).toMatch(/^export \{/m);
    await expect(printed).toMatchFileSnapshot(join(here, 'api-surface', `${file}.txt`));
  });
});

describe.each(PACKAGES)('the built declarations of $name', ({ name, types }) => {
  const dist = join(packageFolder(name), 'dist');
  const files = readdirSync(dist)
    .filter((f) => /\.d\.c?ts$/.test(f))
    .map((f) => join(dist, f));

  it('ship nothing marked @internal', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const path of files) {
      const text = readFileSync(path, 'utf8');
      const lines = text.split('\n').filter((line) => line.includes('@internal'));
      expect(lines, path).toEqual([]);
    }
  });

  // Browser-safe packages compile without Node's types.
  it('compile on their own, as a user type-checks them (no skipLibCheck)', {
    timeout: 60_000,
  }, () => {
    const program = ts.createProgram(files, {
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [...types],
    });
    // Only the package's own declarations: third-party ones answer to their authors.
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file?.fileName.startsWith(dist))
      .map((d) => `${d.file?.fileName}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(problems).toEqual([]);
  });
});
