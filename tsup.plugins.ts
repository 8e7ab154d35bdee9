import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

/** An import of a file of fp-ts's CommonJS build: `from 'fp-ts/lib/Either.js'`. */
const FP_TS_LIB = /(from\s*|import\s*\(\s*)(['"])fp-ts\/lib\/([\w-]+)\.js\2/g;

/** The functions that wrap each public function of the engine (`boundary/`), run once at load. */
const WRAPPERS = /^(export const [\w$]+ = )(guarded|guardedResult|inspecting|throwing)\(/gm;

const BOUNDARY = /[\\/]src[\\/]boundary[\\/][\w-]+\.ts$/;

/**
 * Two rewrites of the sources as they are built, for bundles that hold only what they use.
 *
 * fp-ts, once: the sources import files of fp-ts's CommonJS build (`fp-ts/lib/Either.js`:
 * fp-ts has no `exports` map, so Node's ESM loader needs a file), while io-ts's ESM build
 * imports fp-ts's ESM build (`fp-ts/es6/...`): a browser bundle held fp-ts twice, the CommonJS
 * copy whole. The ESM builds import `#fp-ts/Either` instead, which each package's `imports` map
 * resolves by condition: to `fp-ts/es6/Either.js` for bundlers (the `module` condition of
 * esbuild, webpack, Rollup and Vite) and to `fp-ts/lib/Either.js` for Node, as before. The
 * CommonJS builds are unchanged.
 *
 * Unused public functions shaken out: the engine's boundary defines each public function as a
 * top-level call (`export const aggregate = guarded(...)`), which a bundler must keep unless it
 * knows the call is pure; the wrappers only build a function, so the build marks those calls
 * `/* @__PURE__ *\/` (kept in the output, honoured by every bundler).
 */
export const bundleFriendly: Plugin = {
  name: 'bundle-friendly',
  setup(build) {
    const esm = build.initialOptions.format === 'esm';
    build.onResolve({ filter: /^#fp-ts\// }, (args) => ({ path: args.path, external: true }));
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
      let text = await readFile(args.path, 'utf8');
      if (esm) text = text.replace(FP_TS_LIB, '$1$2#fp-ts/$3$2');
      if (BOUNDARY.test(args.path)) text = text.replace(WRAPPERS, '$1/* @__PURE__ */ $2(');
      return { contents: text, loader: 'ts' };
    });
  },
};
