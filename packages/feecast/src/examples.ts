import { fileURLToPath } from 'node:url';

/**
 * The repository's bundled example data (examples/), found relative to this module: from
 * `src/` when run on sources and from `dist/` when built, both two levels below the package
 * root, which is two levels below the repository root.
 */
export function examplesDir(): string {
  return fileURLToPath(new URL('../../../examples/', import.meta.url));
}
