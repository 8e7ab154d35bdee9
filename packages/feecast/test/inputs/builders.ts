// Shared builders of the input suites: the shared wire fixtures, and the files and paths
// of the readers' suites (whose builders live with the readers, in packages/sources).
import { readFileSync } from 'node:fs';
import { repoPath } from '../../../sources/test/builders';

export { examplePath, repoPath, tempPath, writeTemp } from '../../../sources/test/builders';
export {
  clickhouseQuery,
  describeClickhouse,
  freshTable,
} from '../../../sources/test/clickhouse-server';
export { duckdbDatabase } from '../../../sources/test/duckdb-database';

/** The path of a wire fixture (`fixtures/wire/<file>` of the repository). */
export function fixturePath(file: string): string {
  return repoPath(`fixtures/wire/${file}`);
}

/** A shared wire fixture, parsed. */
export function fixture(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(fixturePath(file), 'utf8')) as Record<string, unknown>;
}
