import { defineConfig, type Options } from 'tsup';

/**
 * The one build recipe of every package: ESM + CJS + declarations for each entry,
 * targeting Node 20 and evergreen browsers, with source maps and no minification.
 */
export function packageBuild(entry: Record<string, string>, overrides: Options = {}) {
  return defineConfig({
    entry,
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'es2022',
    splitting: false,
    treeshake: true,
    ...overrides,
  });
}
