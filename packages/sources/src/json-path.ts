/**
 * JSON paths as the models' decoder writes them (`plans[0].charges[2].properties`): joining a
 * value's path inside a document, and splitting a path into the segments of `FeecastError.path`.
 */

/** A key, an index, or a quoted key (as the decoder writes keys that are not identifiers). */
const SEGMENT = /\.?([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/gy;

/** The text of a quoted key, or `undefined` when it is not a JSON string. */
function unquote(quoted: string): string | undefined {
  try {
    const key: unknown = JSON.parse(quoted);
    return typeof key === 'string' ? key : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The path of a problem found inside a value, from the root of the document that holds the
 * value at `prefix` (`''` for the root). `$` is the root.
 *
 * @example
 * joinPath('plans[0]', 'charges[1].properties') // => 'plans[0].charges[1].properties'
 * joinPath('plans[0]', '$') // => 'plans[0]'
 * joinPath('', '$') // => '$'
 */
export function joinPath(prefix: string, path: string): string {
  if (path === '$') return prefix === '' ? '$' : prefix;
  if (prefix === '' || path.startsWith('[')) return `${prefix}${path}`;
  return `${prefix}.${path}`;
}

/**
 * The segments of a path: keys and array indexes as strings. `$` has none. Text that is not
 * a path is kept as one segment.
 *
 * @example
 * pathSegments('plans[0].charges[2]["a b"]') // => ['plans', '0', 'charges', '2', 'a b']
 */
export function pathSegments(path: string): string[] {
  if (path === '$') return [];
  const segments: string[] = [];
  SEGMENT.lastIndex = 0;
  let consumed = 0;
  for (let match = SEGMENT.exec(path); match !== null; match = SEGMENT.exec(path)) {
    const [, key, index, quoted] = match;
    const segment = key ?? index ?? (quoted === undefined ? undefined : unquote(quoted));
    if (segment === undefined) return [path];
    segments.push(segment);
    consumed = SEGMENT.lastIndex;
  }
  return consumed === path.length ? segments : [path];
}
