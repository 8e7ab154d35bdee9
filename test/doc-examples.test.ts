import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entrySurfaces, instrument, topLevelNames } from './doc-examples';

/**
 * Every public function's `@example` runs (issue 20 §7), as a user reads it in an editor: from
 * the built declarations of each published entry, each example type-checks with tsc under the
 * strict settings of `tsconfig.base.json` (one program for all), runs (one Node process for
 * all, on the built packages) and shows what its `// =>` and `// ~>` comments say. A public
 * function without an example fails. The conventions: `docs/architecture.md`, "Examples that
 * run".
 */
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const require = createRequire(import.meta.url);

/** The published entries whose functions are documented by example. */
const ENTRIES = [
  '@feecast/engine',
  '@feecast/models',
  '@feecast/sources',
  'feecast',
  'feecast/notebook',
] as const;

/**
 * The public functions whose examples read a ClickHouse server: the one of the tests
 * (`FEECAST_CLICKHOUSE_URL`, which CI starts, see `.ci/run`; the examples reach it through the
 * prelude's `freshClickhouseTable`). Without it they are skipped with the reason, except in CI
 * (`CI=true`), where they run and fail, as the sources' ClickHouse suites do.
 */
const NEEDS_CLICKHOUSE = new Set<string>([
  'clickhouseAggregates',
  'clickhouseClient',
  'clickhouseEvents',
  'clickhouseRows',
  'loadClickhouseEvents',
]);
const clickhouseUrl = process.env.FEECAST_CLICKHOUSE_URL ?? '';
const withoutClickhouse = clickhouseUrl === '' && process.env.CI !== 'true';

/** The fixture prelude: the names it exports, which an example may use undeclared. */
const FIXTURES = join(here, 'doc-fixtures.ts');
const fixtureNames = [...readFileSync(FIXTURES, 'utf8').matchAll(/^export const (\w+)/gm)].map(
  (match) => match[1] ?? '',
);

/** The built ESM declaration file of a package's entry (its root, or a subpath: `feecast/notebook`). */
function declarationFile(entry: string): string {
  const parts = entry.split('/');
  const size = entry.startsWith('@') ? 2 : 1;
  const name = parts.slice(0, size).join('/');
  const subpath = parts.length > size ? `./${parts.slice(size).join('/')}` : '.';
  const folder = dirname(require.resolve(`${name}/package.json`));
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
    readonly exports: Record<string, { readonly import: { readonly types: string } }>;
  };
  const types = manifest.exports[subpath]?.import.types;
  if (types === undefined) throw new Error(`${entry}: no "types" for ${subpath} in its exports`);
  return join(folder, types);
}

const surfaces = entrySurfaces(ENTRIES.map((entry) => ({ entry, path: declarationFile(entry) })));
const functions = surfaces.flatMap((surface) => surface.functions);
const examples = functions.flatMap((fn) =>
  fn.examples.map((code, i) => ({
    name: `${fn.entry} ${fn.name}${fn.examples.length > 1 ? ` (example ${i + 1})` : ''}`,
    skipped: withoutClickhouse && NEEDS_CLICKHOUSE.has(fn.name),
    entry: fn.entry,
    code,
  })),
);

/**
 * The example as a module: the values of its function's entry and the fixtures it does not
 * declare itself, imported, then its code as written.
 */
function moduleOf(entry: string, code: string): string {
  const declared = topLevelNames(code);
  const values = surfaces.find((s) => s.entry === entry)?.values ?? [];
  const own = values.filter((name) => !declared.has(name));
  const fixtures = fixtureNames.filter((name) => !declared.has(name) && !own.includes(name));
  return [
    `import { ${own.join(', ')} } from '${entry}';`,
    `import { ${fixtures.join(', ')} } from './fixtures.js';`,
    code,
  ].join('\n');
}

/** What the run of one example found: the lines of the checks that ran, those that failed, what it threw. */
interface Outcome {
  readonly ran: readonly number[];
  readonly failures: readonly string[];
  readonly error?: string;
}

const scratch = mkdtempSync(join(here, '.examples-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let diagnostics = new Map<string, string[]>();
let outcomes: Outcome[] = [];
/** The lines of each example's checks. */
let checked: number[][] = [];

beforeAll(() => {
  copyFileSync(FIXTURES, join(scratch, 'fixtures.ts'));
  const instrumented = examples.map((example, i) => {
    writeFileSync(join(scratch, `example-${i}.ts`), moduleOf(example.entry, example.code));
    const { code, checks } = instrument(example.code, i);
    return { code: moduleOf(example.entry, code), lines: checks.map((c) => c.line) };
  });
  checked = instrumented.map((example) => example.lines);
  diagnostics = typeCheck();
  const options = { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 };
  const transpile = (code: string) =>
    ts.transpileModule(code, { compilerOptions: options }).outputText;
  writeFileSync(join(scratch, 'fixtures.js'), transpile(readFileSync(FIXTURES, 'utf8')));
  for (const [i, { code }] of instrumented.entries()) {
    writeFileSync(join(scratch, `example-${i}.js`), transpile(code));
  }
  writeFileSync(join(scratch, 'run.js'), RUNNER);
  execFileSync(process.execPath, [join(scratch, 'run.js'), String(examples.length)], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 100_000,
  });
  outcomes = JSON.parse(readFileSync(join(scratch, 'outcomes.json'), 'utf8')) as Outcome[];
}, 120_000);

/** tsc's diagnostics of each example file, one program for all, as a user's project sees them. */
function typeCheck(): Map<string, string[]> {
  writeFileSync(
    join(scratch, 'tsconfig.json'),
    JSON.stringify({
      extends: '../../tsconfig.base.json',
      // A user's project: the packages' published types (no source condition), on Node.
      compilerOptions: { customConditions: [], types: ['node'] },
      include: ['*.ts'],
    }),
  );
  const config = ts.getParsedCommandLineOfConfigFile(
    join(scratch, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (config === undefined) throw new Error('no tsconfig for the examples');
  const program = ts.createProgram(config.fileNames, config.options);
  const found = new Map<string, string[]>();
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file?.fileName ?? '';
    const at =
      d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    // Lines of the example as written (the module has two import lines before it).
    const where = at === undefined ? '' : `line ${at.line - 1}: `;
    const list = found.get(file) ?? [];
    list.push(`${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    found.set(file, list);
  }
  return found;
}

/**
 * The process that runs the examples: imports each in turn and records its checks. `=>` asks
 * for deep strict equality (`util.isDeepStrictEqual`); `~>` for a match: an object has at least
 * the expected keys, each matching; an array has the expected length, each element matching;
 * anything else is the same value (`Object.is`). A promise is awaited first.
 */
const RUNNER = `
import { writeFileSync } from 'node:fs';
import { inspect, isDeepStrictEqual } from 'node:util';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
const dir = import.meta.dirname;
const outcomes = Array.from({ length: Number(process.argv[2]) }, () => ({ failures: [], ran: [] }));
const right = (value) => ({ _tag: 'Right', right: value });
const left = (value) => ({ _tag: 'Left', left: value });
function matches(actual, expected) {
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => matches(actual[i], e));
  }
  if (expected !== null && typeof expected === 'object') {
    return actual !== null && typeof actual === 'object' &&
      Object.keys(expected).every((key) => key in actual && matches(actual[key], expected[key]));
  }
  return Object.is(actual, expected);
}
globalThis.__doc = {
  async check(id, line, actual, expected, mode) {
    const outcome = outcomes[id];
    outcome.ran.push(line);
    const value = await actual();
    const wanted = expected(right, left);
    const ok = mode === '=>' ? isDeepStrictEqual(value, wanted) : matches(value, wanted);
    if (!ok) outcome.failures.push('line ' + line + ': shows ' + inspect(value, { depth: 8, breakLength: 100 }) + '\\n  but its comment says (' + mode + ') ' + inspect(wanted, { depth: 8, breakLength: 100 }));
  },
};
for (const [i, outcome] of outcomes.entries()) {
  try {
    await import(pathToFileURL(join(dir, 'example-' + i + '.js')).href);
  } catch (error) {
    outcome.error = inspect(error);
  }
}
writeFileSync(join(dir, 'outcomes.json'), JSON.stringify(outcomes));
process.exit(0);
`;

describe('the @example of every public function', () => {
  it('is found for each public function of each entry', () => {
    for (const entry of ENTRIES) {
      expect(functions.filter((fn) => fn.entry === entry).length, entry).toBeGreaterThan(0);
    }
    const without = functions
      .filter((fn) => fn.examples.length === 0)
      .map((fn) => `${fn.entry} ${fn.name}`);
    expect(without).toEqual([]);
  });

  const check = (i: number) => {
    const file = join(scratch, `example-${i}.ts`);
    const outcome = outcomes[i];
    // Whole, so that a failure reads as the text it is.
    const problems = [
      ...(diagnostics.get(file) ?? []),
      ...(outcome?.error === undefined ? [] : [`threw ${outcome.error}`]),
      ...(outcome?.failures ?? []),
    ];
    if (problems.length > 0) expect.fail(problems.join('\n'));
    // An example shows something, and every check it has ran (none behind a guard not taken).
    expect(checked[i]?.length).toBeGreaterThan(0);
    expect([...new Set(outcome?.ran)].sort((a, b) => a - b)).toEqual(checked[i]);
  };
  const indexed = examples.map((example, i) => ({ ...example, i }));
  it.each(indexed.filter((e) => !e.skipped))(
    '$name type-checks, runs and shows what its comments say',
    ({ i }) => check(i),
  );
  if (withoutClickhouse) {
    console.warn(
      'Skipping the ClickHouse examples: FEECAST_CLICKHOUSE_URL is not set (start a server with eval "$(node scripts/clickhouse.mjs start)").',
    );
  }
  it.skip.each(indexed.filter((e) => e.skipped))(
    '$name (skipped: FEECAST_CLICKHOUSE_URL is not set)',
    ({ i }) => check(i),
  );
});
