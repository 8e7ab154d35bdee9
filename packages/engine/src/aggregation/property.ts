/**
 * The text form of an event property, as filters, groups and unique counts compare it: a
 * string as it is, a number as its JSON text (`1` -> "1", `2.5` -> "2.5"), a boolean as
 * "true"/"false". Anything else (missing, null, object, array) has no text: `undefined`.
 */
export function propertyText(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return Number.isFinite(value) ? String(value) : undefined;
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return undefined;
  }
}
