import { formatInstant, type Instant, timestampInstant } from '../core/index';
import type { OperationSubscription } from './inputs';

/** Why a subscription is not active at an instant: what to tell the caller, and which field. */
export interface Inactivity {
  readonly reason: string;
  readonly field: 'status' | 'started_at' | 'terminated_at';
}

/** How strictly `status` is read: usage needs `active`; an estimate accepts any started status. */
export type StatusRule = 'active_only' | 'started';

/**
 * Whether a subscription is active at `now` (estimate-and-usage.md §2.3, §3.2): it has started
 * (`started_at` ≤ now; a pending subscription has none), it is not terminated before now
 * (`terminated_at` ≥ now or none), and its `status`, when given, is not `pending` or
 * `canceled` (nor `terminated` for usage, which asks for an `active` subscription). Timestamps
 * that do not parse are left to the period computation, which reports them.
 *
 * @example
 * inactivity({ ...subscription, started_at: null }, now, 'started')
 * // { reason: 'has not started (pending, no started_at)', field: 'started_at' }
 * @internal
 */
export function inactivity(
  subscription: OperationSubscription,
  now: Instant,
  rule: StatusRule,
): Inactivity | undefined {
  const status = subscription.status;
  if (
    status === 'pending' ||
    status === 'canceled' ||
    (rule === 'active_only' && status === 'terminated')
  ) {
    return { reason: `is ${status}`, field: 'status' };
  }
  const started = subscription.started_at;
  if (started === undefined || started === null) {
    return { reason: 'has not started (pending, no started_at)', field: 'started_at' };
  }
  const startedAt = timestampInstant(started);
  if (startedAt !== undefined && startedAt > now) {
    return { reason: `starts at ${formatInstant(startedAt)}, after now`, field: 'started_at' };
  }
  const terminated = subscription.terminated_at;
  const terminatedAt =
    terminated === undefined || terminated === null ? undefined : timestampInstant(terminated);
  if (terminatedAt !== undefined && terminatedAt < now) {
    return {
      reason: `was terminated at ${formatInstant(terminatedAt)}, before now`,
      field: 'terminated_at',
    };
  }
  return undefined;
}
