/**
 * Whether a value is an object whose fields can be read (not `null`, not an array): the shape
 * of a JSON object body, a resource file, a report's data. The command's and the server's one
 * home of this guard (the engine keeps its own, internal to its core floor).
 *
 * @example
 * isRecord({ plan: {} }) // true
 * isRecord([1, 2])       // false
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
