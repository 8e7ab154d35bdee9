import { propertyText } from './property';

/** The `grouped_by` of a group: each key's value, `null` when missing or empty. */
export type GroupedBy = Readonly<Record<string, string | null>>;

/**
 * Identifies a group among the groups of one set of `grouped_by` keys: with one key, its
 * value's text (or `null`); with several, the JSON array of their texts.
 */
export type GroupKey = string | null;

function groupText(value: unknown): string | null {
  const text = propertyText(value);
  return text === undefined || text === '' ? null : text;
}

/**
 * The key of the group an event falls in, for the `grouped_by` keys. A missing key and an
 * empty string both group as `null` (as the reference does). One key, the common case, costs
 * no allocation.
 */
export function groupKey(
  keys: readonly string[],
  properties: Readonly<Record<string, unknown>> | undefined,
): GroupKey {
  if (keys.length === 1) return groupText(properties?.[keys[0] as string]);
  return JSON.stringify(keys.map((k) => groupText(properties?.[k])));
}

/** The `grouped_by` object of a group key (own properties only, whatever the key names). */
export function groupedBy(keys: readonly string[], key: GroupKey): GroupedBy {
  const values: readonly (string | null)[] =
    keys.length === 1 ? [key] : key === null ? [] : (JSON.parse(key) as (string | null)[]);
  return Object.fromEntries(keys.map((k, i) => [k, values[i] ?? null]));
}
