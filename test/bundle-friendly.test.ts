import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { wrapTopLevelConstants } from '../tsup.plugins';

/**
 * The build's wrapping of top-level constants (`tsup.plugins.ts`, issue 25 §2): each
 * initializer of the models' and engine's sources becomes a pure call, so that an app's
 * bundler drops the constants it does not use, codecs included.
 */
describe('top-level constants wrapped in a pure call', () => {
  it('wraps initializers that a bundler would keep, and leaves functions and literals', () => {
    const text = [
      "export const Fee = named('Fee', struct({ ...amounts, id: t.string }));",
      'const LIMIT = 10;',
      'export const twice = (n: number) => n * 2;',
      'let counter = start();',
    ].join('\n');
    expect(wrapTopLevelConstants(text, 'fee.ts').split('\n')).toEqual([
      "export const Fee = /* @__PURE__ */ (() => (named('Fee', struct({ ...amounts, id: t.string }))))();",
      'const LIMIT = 10;',
      'export const twice = (n: number) => n * 2;',
      'let counter = start();',
    ]);
  });

  it('a bundle of one codec of the built @feecast/models holds none of the others', async () => {
    // Before the wrapping, `export { Uuid }` bundled every codec and the endpoint table
    // (47.8 KB minified, the string '/add_ons' of its createAddOn endpoint included).
    const result = await build({
      stdin: {
        contents: "export { Uuid } from '@feecast/models';",
        resolveDir: import.meta.dirname,
        loader: 'js',
      },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'error',
    });
    const code = result.outputFiles[0]?.text ?? '';
    expect(code).not.toContain('/add_ons');
    expect(code).not.toContain('CreateAddOnRequest');
    expect(code.length).toBeLessThan(25_000);
  });
});
