/**
 * How filter buckets and groups are named in tables: the invoice display name when there is
 * one, else the filter values or group keys themselves.
 */

/**
 * A filter bucket's label: its display name, else `key: v1, v2; key2: v3`, else `(no filter)`
 * for the bucket of events that match no filter.
 *
 * @example
 * filterLabel({ region: ['eu', 'us'] }, null) // 'region: eu, us'
 * filterLabel(null, null)                     // '(no filter)'
 */
export function filterLabel(
  values: Readonly<Record<string, readonly string[]>> | null | undefined,
  displayName: string | null | undefined,
): string {
  if (displayName !== null && displayName !== undefined && displayName !== '') return displayName;
  const entries = Object.entries(values ?? {});
  if (entries.length === 0) return '(no filter)';
  return entries.map(([key, list]) => `${key}: ${list.join(', ')}`).join('; ');
}

/**
 * A group's label: `key=value` pairs (`key=(none)` for events without the key); empty when
 * there is no grouping.
 *
 * @example
 * groupLabel({ cluster: 'eu-1', tier: null }) // 'cluster=eu-1, tier=(none)'
 */
export function groupLabel(groupedBy: Readonly<Record<string, string | null>> | undefined): string {
  return Object.entries(groupedBy ?? {})
    .map(([key, value]) => `${key}=${value ?? '(none)'}`)
    .join(', ');
}
