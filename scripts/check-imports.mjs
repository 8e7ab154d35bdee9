#!/usr/bin/env node
// Import rules that the type checker and Biome do not enforce:
// 1. Browser safety: every module that `@feecast/models` and `@feecast/engine` import must be
//    relative (inside the package's own src/) or on the package's allow-list below. `node:`
//    builtins, bare builtins (`fs`, `path`...) and any other Node-only module fail.
// 2. In every package, fp-ts and io-ts subpaths must name a file (`fp-ts/lib/Either.js`):
//    they have no `exports` map, so Node's ESM loader refuses directory imports (`fp-ts/Either`).
// 3. The engine's floors (docs/architecture.md): each top-level folder of packages/engine/src is
//    one floor of the pipeline, in the order of `engineFloors`. A relative import that enters
//    another top-level folder must name that folder's index.ts, and must go down: a floor
//    imports only the floors below it. Files at the root of src/ (index.ts, runtime.ts) are
//    above every floor, and also enter a folder only through its index.ts.
// Import cycles are checked by Biome (lint/suspicious/noImportCycles).
// Usage: node scripts/check-imports.mjs [root] (root: the repository, by default this one).
import { readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFiles } from './source-files.mjs';

const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));

/** Bare specifiers (and their subpaths) each pure package may import. */
const browserSafe = {
  'packages/models/src': ['fp-ts', 'io-ts'],
  'packages/engine/src': ['fp-ts', 'io-ts', '@feecast/models'],
};

/** The engine's sources, and its floors from the bottom up: the one place their order is written. */
const engineSrc = 'packages/engine/src';
const engineFloors = [
  'core',
  'periods',
  'aggregation',
  'charge-models',
  'fees',
  'invoice',
  'inputs',
  'operations',
  'boundary',
];

const specifierPattern =
  /(?:^|[^\w.])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[^\w.])import\s*\(?\s*['"]([^'"]+)['"]|require\s*\(\s*['"]([^'"]+)['"]/g;
const fileSubpath = /^(fp-ts|io-ts)\/lib\/[\w-]+\.js$/;

/** The module specifiers a file imports; comments (doc examples) are not imports. */
function* importsOf(file) {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  for (const match of text.matchAll(specifierPattern)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (specifier !== undefined) yield specifier;
  }
}

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function browserProblem(specifier, file, srcDir, allowList) {
  if (specifier.startsWith('.')) {
    const target = relative(join(root, srcDir), resolve(dirname(file), specifier));
    return target.startsWith('..') ? `'${specifier}' reaches outside ${srcDir}` : undefined;
  }
  const name = packageName(specifier);
  if (specifier.startsWith('node:') || builtinModules.includes(name)) {
    return `'${specifier}' is a Node builtin; ${srcDir} must run in a browser`;
  }
  if (!allowList.includes(name)) {
    return `'${specifier}' is not on the browser-safe allow-list of ${srcDir} (${allowList.join(', ')}); add it in scripts/check-imports.mjs only if it runs in a browser`;
  }
  return undefined;
}

/** The top-level folder of a path inside the engine's src/, or undefined for a file at its root. */
function floorOf(inSrc) {
  const parts = inSrc.split('/');
  return parts.length > 1 ? parts[0] : undefined;
}

/** What breaks the floor rules in one relative import of an engine file, if anything does. */
function floorProblem(specifier, file) {
  if (!specifier.startsWith('.')) return undefined;
  const srcRoot = join(root, engineSrc);
  const from = relative(srcRoot, file);
  const target = relative(srcRoot, resolve(dirname(file), specifier)).replace(/\.[cm]?[jt]s$/, '');
  if (target.startsWith('..')) return undefined; // reported by the browser-safety rule
  const own = floorOf(from);
  // `'../core'` enters core/ through its index.ts, as `'../core/index'` does.
  const isFolder = statSync(resolve(dirname(file), specifier), {
    throwIfNoEntry: false,
  })?.isDirectory();
  const entered = floorOf(target) ?? (isFolder ? target : undefined);
  if (entered === undefined || entered === own) return undefined;
  if (!engineFloors.includes(entered)) {
    return `'${specifier}' enters ${entered}/, which is on no floor: add it to engineFloors in scripts/check-imports.mjs`;
  }
  if (target !== entered && target !== `${entered}/index`) {
    return `'${specifier}' enters ${entered}/ past its index.ts: import from '${entered}/index' (export the name there)`;
  }
  if (own !== undefined) {
    if (!engineFloors.includes(own)) {
      return `${own}/ is on no floor: add it to engineFloors in scripts/check-imports.mjs`;
    }
    if (engineFloors.indexOf(entered) > engineFloors.indexOf(own)) {
      return `'${specifier}' runs up a floor: ${own}/ is below ${entered}/ (${engineFloors.join(' -> ')})`;
    }
  }
  return undefined;
}

const problems = [];
for (const file of sourceFiles(join(root, 'packages'))) {
  const where = relative(root, file);
  const pure = Object.entries(browserSafe).find(([srcDir]) => where.startsWith(`${srcDir}/`));
  for (const specifier of importsOf(file)) {
    if (/^(fp-ts|io-ts)\//.test(specifier) && !fileSubpath.test(specifier)) {
      const fixed = `${specifier.replace(/^(fp-ts|io-ts)\/(lib\/)?/, '$1/lib/').replace(/\.js$/, '')}.js`;
      problems.push(
        `${where}: '${specifier}' is a directory import Node's ESM loader refuses; use '${fixed}'`,
      );
    }
    const problem = pure && browserProblem(specifier, file, pure[0], pure[1]);
    if (problem) problems.push(`${where}: ${problem}`);
    const floor = where.startsWith(`${engineSrc}/`) && floorProblem(specifier, file);
    if (floor) problems.push(`${where}: ${floor}`);
  }
}

if (problems.length > 0) {
  console.error(`check-imports: ${problems.length} problem(s)\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(
  "check-imports: models and engine import only browser-safe modules; fp-ts/io-ts imports load in Node; the engine's floors import down, through index.ts",
);
