import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The bundled example data (`examples/`, whose `cli/` folder `feecast demo` prices), found
 * relative to this module, which sits one level below the package root (in `src/` on sources,
 * in `dist/` when built). The package ships its own copy (`<package>/examples/`, copied from the
 * repository's `examples/cli` by the build: `scripts/copy-examples.mjs`), so an installed
 * `feecast demo` finds it; in the repository before any build, the repository's own
 * `examples/` (two levels above the package root) is used.
 *
 * @example
 * examplesDir() // '/…/node_modules/feecast/examples/' once installed
 */
export function examplesDir(): string {
  const shipped = fileURLToPath(new URL('../examples/', import.meta.url));
  if (existsSync(shipped)) return shipped;
  return fileURLToPath(new URL('../../../examples/', import.meta.url));
}
