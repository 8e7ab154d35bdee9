/**
 * The keys of `fields` whose value is not `undefined`: the fields a request gave, ready to
 * spread over a stored object (`{ ...wallet, ...defined({ name: update.name }) }`).
 *
 * @example
 * defined({ name: 'Prepaid', code: undefined }); // { name: 'Prepaid' }
 */
export function defined<T extends object>(
  fields: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  const out: { [K in keyof T]?: Exclude<T[K], undefined> } = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) {
      Object.defineProperty(out, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return out;
}
