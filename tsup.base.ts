import { defineConfig, type Options } from 'tsup';
import { bundleFriendly } from './tsup.plugins';

/**
 * The one build recipe of every package: ESM + CJS + declarations for each entry,
 * targeting Node 20 and evergreen browsers, with source maps and no minification.
 *
 * `declarations` are the entries of the `.d.ts` files when they are not the code's own (the
 * engine declares its surface in `index.ts` and ships the guarded code of `runtime.ts`).
 * Declarations marked `@internal` are then left out of the built `.d.ts` files
 * (`scripts/strip-internal.mjs`, run by each package's `build`).
 */
export function packageBuild(
  entry: Record<string, string>,
  overrides: Options = {},
  declarations: Record<string, string> = entry,
) {
  return defineConfig({
    entry,
    format: ['esm', 'cjs'],
    dts: { entry: declarations },
    clean: true,
    sourcemap: true,
    target: 'es2022',
    splitting: false,
    treeshake: true,
    esbuildPlugins: [bundleFriendly],
    ...overrides,
  });
}
