/**
 * Loading resources from files: read, parse and decode, each step with its own error.
 */
import type { FeecastError } from '@feecast/engine';
import { parseJsonText, readTextFile } from '@feecast/sources';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import type { ResourceKind, Resources } from './resource-kinds';
import { resourcesFromJson } from './resources';

/**
 * The resources of `kind` in a JSON file, in any shape {@link resourcesFromJson} accepts. A
 * file that cannot be read (`unreadable_file`), is not JSON (`invalid_json`, with line and
 * column) or does not decode (`invalid_input`, with each problem's path and a hint) is a `Left`.
 *
 * @example
 * const plans = await loadResources('plan', 'examples/cli/plan-starter.json');
 * if (plans._tag === 'Right') plans.right[0]?.code; // 'starter'
 */
export async function loadResources<K extends ResourceKind>(
  kind: K,
  file: string,
): Promise<Either<FeecastError, readonly Resources[K][]>> {
  const text = await readTextFile(file);
  if (isLeft(text)) return text;
  const json = parseJsonText(text.right, { file });
  if (isLeft(json)) return json;
  return resourcesFromJson(kind, json.right, file);
}

/**
 * The resources of `kind` in several files, in the order of the files and of each file.
 * Stops at the first file that fails.
 *
 * @example
 * await loadResourceFiles('plan', ['starter.json', 'growth.json']) // right([starter, growth])
 */
export async function loadResourceFiles<K extends ResourceKind>(
  kind: K,
  files: readonly string[],
): Promise<Either<FeecastError, readonly Resources[K][]>> {
  const all: Resources[K][] = [];
  for (const file of files) {
    const loaded = await loadResources(kind, file);
    if (isLeft(loaded)) return loaded;
    for (const resource of loaded.right) all.push(resource);
  }
  return right(all);
}
