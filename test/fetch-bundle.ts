// Bundles built package code for the browser, as a user's bundler would (esbuild, platform
// `browser`: the `browser` and `import` conditions, no Node builtins), and lists every Node
// module the bundle's module graph reaches. The check of `feecast/fetch`'s browser safety
// (test/fetch-handler.test.ts) and the script of the chromium page (test/fetch-browser.test.ts).

import { builtinModules } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));

/** A bundle: its code (an IIFE), and the Node modules its graph imports, sorted. */
export interface BrowserBundle {
  readonly code: string;
  readonly nodeImports: readonly string[];
}

/** A Node builtin (`node:fs`, `fs`), or a native addon (`*.node`, DuckDB's under the main entry). */
function isNodeModule(specifier: string): boolean {
  return (
    specifier.startsWith('node:') ||
    builtinModules.includes(specifier.split('/')[0] ?? '') ||
    specifier.endsWith('.node')
  );
}

/**
 * Bundles `source` (a module's text, resolved from test/ as a user's project resolves the
 * packages: their built files) for the browser. A Node module is left out of the bundle
 * (external) and listed, so that the bundle is made whatever it imports.
 */
export async function bundleSource(source: string): Promise<BrowserBundle> {
  const found = new Set<string>();
  const nodeModules: Plugin = {
    name: 'node-modules',
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, (args) => {
        if (!isNodeModule(args.path)) return undefined;
        found.add(args.path);
        return { path: args.path, external: true };
      });
    },
  };
  const result = await build({
    stdin: { contents: source, resolveDir: here, loader: 'ts' },
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'iife',
    // The entry's exports, on `globalThis.bundle` (else an IIFE keeps none of them).
    globalName: 'bundle',
    target: 'es2022',
    logLevel: 'silent',
    plugins: [nodeModules],
  });
  return {
    code: result.outputFiles[0]?.text ?? '',
    nodeImports: [...found].sort(),
  };
}

/** Bundles everything `entry` exports (e.g. `feecast/fetch`) for the browser. */
export function bundleForBrowser(entry: string): Promise<BrowserBundle> {
  return bundleSource(`export * from '${entry}';\n`);
}
