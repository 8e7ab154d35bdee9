import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';
import ts from 'typescript';

/** An import of a file of fp-ts's CommonJS build: `from 'fp-ts/lib/Either.js'`. */
const FP_TS_LIB = /(from\s*|import\s*\(\s*)(['"])fp-ts\/lib\/([\w-]+)\.js\2/g;

/** The functions that wrap each public function of the engine (`boundary/`), run once at load. */
const WRAPPERS = /^(export const [\w$]+ = )(guarded|guardedResult|inspecting|throwing)\(/gm;

const BOUNDARY = /[\\/]src[\\/]boundary[\\/][\w-]+\.ts$/;

/** The sources of the browser-safe packages (`@feecast/models` codecs, the engine): their top-level constants. */
const PURE_CONSTANTS = /[\\/]packages[\\/](models|engine)[\\/]src[\\/]/;

/**
 * `text` with the initializer of each top-level constant wrapped in a function called at once
 * and marked `/* @__PURE__ *\/`: `export const Fee = /* @__PURE__ *\/ (() => (named(...)))();`.
 * The value and the order of evaluation are the same; a bundler may now drop a constant an
 * app does not use, which it could not when the initializer reads a property or spreads an
 * object (a getter could run: esbuild and Rollup keep those). For the codecs of
 * `@feecast/models`, whose building has no effect but the value. Functions and literals are
 * left as they are (nothing to drop).
 */
export function wrapTopLevelConstants(text: string, fileName: string): string {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const spans: { readonly start: number; readonly end: number }[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if ((statement.declarationList.flags & ts.NodeFlags.Const) === 0) continue;
    for (const { initializer } of statement.declarationList.declarations) {
      if (initializer === undefined || isInert(initializer)) continue;
      spans.push({ start: initializer.getStart(source), end: initializer.getEnd() });
    }
  }
  let wrapped = text;
  for (const { start, end } of spans.reverse()) {
    wrapped = `${wrapped.slice(0, start)}/* @__PURE__ */ (() => (${wrapped.slice(start, end)}))()${wrapped.slice(end)}`;
  }
  return wrapped;
}

/** An initializer with nothing a bundler would keep: a function or a literal. */
function isInert(node: ts.Expression): boolean {
  return (
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node) ||
    ts.isStringLiteral(node) ||
    ts.isNumericLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    ts.isRegularExpressionLiteral(node)
  );
}

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
      if (esm && PURE_CONSTANTS.test(args.path)) text = wrapTopLevelConstants(text, args.path);
      return { contents: text, loader: 'ts' };
    });
  },
};
