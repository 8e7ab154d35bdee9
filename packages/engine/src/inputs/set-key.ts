/**
 * Sets `object[key] = value` as a data property, fast: by assignment (which keeps the object
 * fast for every later read), except for the key `__proto__`, which assignment would take as
 * the object's prototype and which is defined as a plain key instead.
 *
 * @example
 * const copy: Record<string, unknown> = {};
 * setKey(copy, '__proto__', 1); // an own key named __proto__; the prototype is unchanged
 * @internal
 */
export function setKey(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    object[key] = value;
  }
}
