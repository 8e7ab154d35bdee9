/**
 * The value of an object's own property, or `undefined` when the object does not own it.
 * Inherited properties (`constructor`, `toString`, a polluted prototype...) are never read.
 */
export function ownValue(object: object, key: string): unknown {
  return Object.hasOwn(object, key) ? (object as Record<string, unknown>)[key] : undefined;
}
