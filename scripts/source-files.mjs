// The source files under a folder, for the lint scripts (check-imports, check-spreads,
// check-either): every file whose name matches `pattern`, node_modules and dist left out.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** TypeScript and JavaScript sources. */
export const CODE_FILES = /\.(ts|mts|cts|js|mjs|cjs)$/;
/** TypeScript sources only. */
export const TYPESCRIPT_FILES = /\.(ts|mts|cts)$/;

export function* sourceFiles(dir, pattern = CODE_FILES) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path, pattern);
    else if (pattern.test(entry.name)) yield path;
  }
}
