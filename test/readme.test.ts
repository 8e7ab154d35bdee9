import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { startServe } from './serve';

/**
 * The TypeScript examples of the README, of docs/inputs.md, docs/aggregation-state.md, docs/pushdown.md, docs/forecasts.md, docs/what-if.md, of the guides (docs/guides/) and of each package's README
 * (packages/engine, models, sources and feecast), on the built packages: each
 * type-checks with `tsc` under the project's strict settings (`tsconfig.base.json`), and runs
 * (compiled to JavaScript) printing what its `// comments` say, line by line. A ```` ```ts ````
 * block is a program of its own; the ```` ```ts cell ```` blocks of a document are a notebook's
 * cells, joined in order into one program (a cell uses what the cells before it declared).
 */
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/**
 * Every ```ts block of a Markdown file of the repository, then its ```ts cell blocks (a
 * notebook's cells) joined into one, if it has any.
 */
function examples(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const blocks = [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  const cells = notebookCells(file);
  return cells.length === 0 ? blocks : [...blocks, cells.join('\n')];
}

/** The ```ts cell blocks of a Markdown file, in order. */
function notebookCells(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/```ts cell\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

const documents = [
  'README.md',
  'docs/inputs.md',
  'docs/aggregation-state.md',
  'docs/pushdown.md',
  'packages/sources/README.md',
  'docs/forecasts.md',
  'docs/what-if.md',
  'packages/engine/README.md',
  'packages/models/README.md',
  'packages/feecast/README.md',
  'docs/guides/preview-a-price.md',
  'docs/guides/what-if-in-a-notebook.md',
  'docs/guides/test-against-the-local-api.md',
  'docs/guides/events-from-files-and-databases.md',
] as const;
const blocks = documents.flatMap((file) =>
  examples(file).map((code, i) => ({ name: `${file} example ${i + 1}`, code })),
);

// The examples are written next to this file, so `@feecast/engine` resolves to the built
// package as a user's project would (its `types`, not the sources).
const scratch = mkdtempSync(join(here, '.examples-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the documentation examples', () => {
  it('are found', () => {
    for (const file of documents) expect(examples(file).length, file).toBeGreaterThan(0);
  });

  // tsc over every block takes seconds; on a loaded 2-core machine more than the default 5.
  it('type-check with tsc under the strict settings of tsconfig.base.json', {
    timeout: 60_000,
  }, () => {
    for (const [i, block] of blocks.entries()) {
      writeFileSync(join(scratch, `example-${i}.ts`), block.code);
    }
    writeFileSync(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({
        extends: '../../tsconfig.base.json',
        // A user's project: the packages' published types (no source condition), on Node.
        compilerOptions: { customConditions: [], types: ['node'] },
        include: ['*.ts'],
      }),
    );
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const result = spawnSync(process.execPath, [tsc, '-p', scratch], { encoding: 'utf8' });
    expect(`${result.stdout}${result.stderr}`).toBe('');
    expect(result.status).toBe(0);
  });

  it.each(blocks)('$name prints what its comments say', ({ code }) => {
    const expected = code
      .split('\n')
      .filter((line) => line.trimStart().startsWith('console.log('))
      .map((line) => line.slice(line.lastIndexOf('// ') + 3));
    const javascript = ts.transpileModule(code, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const printed = execFileSync(process.execPath, ['--input-type=module', '--eval', javascript], {
      cwd: here,
      encoding: 'utf8',
    });
    expect(expected.length).toBeGreaterThan(0);
    expect(printed.trimEnd().split('\n')).toEqual(expected);
  });
});

/** The README's `sh` block of "The API, offline", its `\` continuations joined, one command a line. */
function serverExamples(): string[] {
  const section = readme.slice(readme.indexOf('### The API, offline'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '');
}

/** The words of a shell command: spaces split them, single quotes keep them whole. */
function shellWords(command: string): string[] {
  const words: string[] = [];
  for (const match of command.matchAll(/'([^']*)'|(\S+)/g)) words.push(match[1] ?? match[2] ?? '');
  return words;
}

/** A README `curl` command as a request: `-H` headers, `-d` body (POST), the URL. */
function curlRequest(command: string, origin: string): { url: string; init: RequestInit } {
  const [curl, ...args] = shellWords(command);
  expect(curl).toBe('curl');
  const headers: Record<string, string> = {};
  let body: string | undefined;
  let url = '';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '-s') continue;
    if (arg === '-H') {
      const [name = '', ...value] = (args[++i] ?? '').split(':');
      headers[name.trim()] = value.join(':').trim();
    } else if (arg === '-d') body = args[++i];
    else if (arg.startsWith('http://127.0.0.1:3000/')) url = `${origin}${arg.slice(21)}`;
    else expect.fail(`a curl option the test does not know: ${arg}`);
  }
  return {
    url,
    init: { method: body === undefined ? 'GET' : 'POST', headers, body: body ?? null },
  };
}

it("the README's server examples answer on the real clock, with the figures it gives", async () => {
  const [serve, ...curls] = serverExamples();
  // `VAR=value node <args> &`, on a free port instead of 3000.
  const words = shellWords((serve ?? '').replace(/ &$/, ''));
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0] ?? '')) {
    const [name = '', value = ''] = (words.shift() ?? '').split('=');
    env[name] = value;
  }
  expect(words.slice(0, 2)).toEqual(['node', 'packages/feecast/bin/feecast.js']);
  const port = words.indexOf('--port');
  expect(words[port + 1]).toBe('3000');
  words[port + 1] = '0';
  expect(curls.length).toBeGreaterThan(3);
  const served = await startServe(words.slice(1), env);
  try {
    for (const command of curls) {
      const { url, init } = curlRequest(command, served.origin);
      const response = await fetch(url, init);
      const text = await response.text();
      expect([command, response.status]).toEqual([command, 200]);
      const body = JSON.parse(text) as Record<string, unknown>;
      if (url.includes('/estimate_fees')) {
        // The figures the README gives for the estimate: `amount_cents: 1000`, ...
        const section = readme.slice(readme.indexOf('### The API, offline'));
        const figures = [...section.matchAll(/`(\w+_cents): (\d+)`/g)];
        expect(figures.length).toBe(3);
        const [fee] = body.fees as Record<string, unknown>[];
        for (const [, field = '', value] of figures) expect(fee?.[field]).toBe(Number(value));
      }
      if (url.includes('/portal_url')) {
        const link = (body.customer as { portal_url: string }).portal_url;
        expect((await fetch(link)).status).toBe(200);
      }
    }
  } finally {
    expect(await served.stop()).toBe(0);
  }
}, 30_000);

/**
 * The notebook guide's cells under Deno, the runtime of the Jupyter kernel it is written for:
 * `deno run` of the same joined cells (Deno 2 resolves the bare imports from the workspace's
 * `node_modules`, as a notebook in a folder with the packages installed does; `--cached-only`
 * fails the run rather than fetch anything), printing what the Node run above prints. Deno
 * comes from the npm registry (the `deno` package ships the binary), pinned, through npx.
 * Without the registry (an offline machine) the test is skipped, saying why; under CI it fails.
 */
const DENO = 'deno@2.9.6';
const NOTEBOOK = 'docs/guides/what-if-in-a-notebook.md';

describe('the notebook guide under Deno', () => {
  it(`${NOTEBOOK}: deno run of its cells prints what their comments say`, {
    timeout: 240_000,
  }, (context) => {
    const code = notebookCells(NOTEBOOK).join('\n');
    const file = join(scratch, 'notebook-cells.ts');
    writeFileSync(file, code);
    const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
    const version = spawnSync(npx, ['--yes', DENO, '--version'], {
      cwd: here,
      encoding: 'utf8',
      timeout: 180_000,
    });
    if (version.status !== 0 && process.env.CI !== 'true') {
      console.warn(
        `test/readme.test.ts: the notebook guide's cells are not run under Deno: npx could not get ${DENO} from the npm registry (${version.stderr.trim().split('\n').pop()}). They still run under Node above.`,
      );
      context.skip();
    }
    expect(version.status, version.stderr).toBe(0);
    const run = spawnSync(
      npx,
      ['--yes', DENO, 'run', '--cached-only', '--allow-read', '--allow-env', '--allow-sys', file],
      { cwd: here, encoding: 'utf8', timeout: 120_000, env: { ...npmFreeEnv(), NO_COLOR: '1' } },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const expected = code
      .split('\n')
      .filter((line) => line.trimStart().startsWith('console.log('))
      .map((line) => line.slice(line.lastIndexOf('// ') + 3));
    expect(expected.length).toBe(5);
    expect(run.stdout.trimEnd().split('\n')).toEqual(expected);
  });
});

/**
 * The environment without the `npm_config_*` settings that `pnpm test` passes down: npx warns on
 * stderr about the ones npm does not know (`verify-deps-before-run`...), which is not the
 * notebook's output.
 */
function npmFreeEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_config_')),
  );
}
