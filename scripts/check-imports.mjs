#!/usr/bin/env node
// Import rules that the type checker and Biome do not enforce:
// 1. Browser safety: every module that `@feecast/models` and `@feecast/engine` import must be
//    relative (inside the package's own src/) or on the package's allow-list below. `node:`
//    builtins, bare builtins (`fs`, `path`...) and any other Node-only module fail.
// 2. In every package, fp-ts and io-ts subpaths must name a file (`fp-ts/lib/Either.js`):
//    they have no `exports` map, so Node's ESM loader refuses directory imports (`fp-ts/Either`).
// Import cycles are checked by Biome (lint/suspicious/noImportCycles).
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Bare specifiers (and their subpaths) each pure package may import. */
const browserSafe = {
  'packages/models/src': ['fp-ts', 'io-ts'],
  'packages/engine/src': ['fp-ts', 'io-ts', 'big.js', '@feecast/models'],
};

const specifierPattern =
  /(?:^|[^\w.])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[^\w.])import\s*\(?\s*['"]([^'"]+)['"]|require\s*\(\s*['"]([^'"]+)['"]/g;
const fileSubpath = /^(fp-ts|io-ts)\/lib\/[\w-]+\.js$/;

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|mts|cts|js|mjs|cjs)$/.test(entry.name)) yield path;
  }
}

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
  }
}

if (problems.length > 0) {
  console.error(`check-imports: ${problems.length} problem(s)\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(
  'check-imports: models and engine import only browser-safe modules; fp-ts/io-ts imports load in Node',
);
