// Test-only helper: reads the shared wire fixtures from disk (Node APIs stay out of src/).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (`packages/models/test/support` is four levels below it). */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** `fixtures/wire` of the repository: the wire payloads of the API. */
export const wireFixtures = resolve(repoRoot, 'fixtures/wire');

/** A fixture file: its path relative to `wireFixtures` and its parsed JSON. */
export interface Fixture {
  readonly file: string;
  readonly json: unknown;
}

/** The `*.json` fixtures of a directory below `wireFixtures` (`''`, `'wire'`, `'bad'`). */
export function fixturesIn(directory: string): Fixture[] {
  const dir = join(wireFixtures, directory);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({
      file: directory === '' ? name : `${directory}/${name}`,
      json: JSON.parse(readFileSync(join(dir, name), 'utf8')) as unknown,
    }));
}

/** A text file below `wireFixtures` (a README). */
export function readFixtureText(path: string): string {
  return readFileSync(join(wireFixtures, path), 'utf8');
}
