/**
 * Activity logs: every change is recorded as `<resource>.<action>` with its source (`api` for
 * a request, `system` for what the server's clock ran), the object after the change and its
 * changes as `{field: [before, after]}`.
 */
import { sameData } from '@feecast/engine/internal';
import type { ActivityLog, Timestamp, Uuid } from '@feecast/models';

/** Who made a change: a request (`api`), or the server as its clock moved (`system`). */
export type ActivitySource = 'api' | 'system';

/** What a handler says about one change. */
export interface ActivityEntry {
  /** `<resource>.<action>`, e.g. `wallet.updated`. */
  readonly type: string;
  /** The reference's class name of the resource, e.g. `Wallet`, `BillableMetric`. */
  readonly resourceType: string;
  readonly resourceId: Uuid;
  /** The object before the change; `null` for a creation. */
  readonly before: object | null;
  /** The object after the change (a deleted object as returned by the deletion). */
  readonly after: object;
  readonly externalCustomerId?: string | null;
  readonly externalSubscriptionId?: string | null;
}

/**
 * The top-level fields whose value differs between `before` and `after`, as
 * `{field: [before, after]}` (a field missing on one side reads `null` there).
 *
 * @example
 * objectChanges({ name: 'A', code: 'x' }, { name: 'B', code: 'x' }); // { name: ['A', 'B'] }
 * objectChanges(null, { name: 'B' }); // { name: [null, 'B'] }
 */
export function objectChanges(
  before: object | null,
  after: object,
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  const old = new Map<string, unknown>(Object.entries(before ?? {}));
  const now = new Map<string, unknown>(Object.entries(after));
  for (const key of new Set([...old.keys(), ...now.keys()])) {
    const a = old.get(key) ?? null;
    const b = now.get(key) ?? null;
    if (!sameData(a, b)) {
      Object.defineProperty(changes, key, {
        value: [a, b],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return changes;
}

/**
 * The activity log of one change.
 *
 * @example
 * activityLog(
 *   { type: 'add_on.created', resourceType: 'AddOn', resourceId: addOn.svc_id, before: null, after: addOn },
 *   id, organizationId, now,
 * ); // { activity_type: 'add_on.created', activity_source: 'api', activity_object: addOn, ... }
 */
export function activityLog(
  entry: ActivityEntry,
  id: Uuid,
  organizationId: Uuid,
  now: Timestamp,
  source: ActivitySource = 'api',
): ActivityLog {
  return {
    activity_id: id,
    activity_type: entry.type,
    activity_source: source,
    activity_object: { ...entry.after },
    activity_object_changes: objectChanges(entry.before, entry.after),
    user_email: null,
    external_customer_id: entry.externalCustomerId ?? null,
    external_subscription_id: entry.externalSubscriptionId ?? null,
    resource_id: entry.resourceId,
    resource_type: entry.resourceType,
    organization_id: organizationId,
    logged_at: now,
    created_at: now,
  };
}
