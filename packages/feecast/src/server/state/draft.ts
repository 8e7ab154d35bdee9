/**
 * A change to the state in the making: one request's new ids and activity logs. A handler
 * builds its new objects with a draft, then {@link StateDraft.commit} returns the new state.
 * The draft lives for one request; the base state is never changed (its lists may gain items
 * past its own length, which it never reads: chunked-list.ts).
 */
import type { ActivityLog, Timestamp, Uuid } from '@feecast/models';
import { type ActivityEntry, type ActivitySource, activityLog } from './activity';
import { appendItems } from './chunked-list';
import { idFor } from './ids';
import type { ServerState, StateCollections } from './state';

/** The state as one request changes it: new ids, new activity logs, replaced collections. */
export class StateDraft {
  private sequence: number;
  private readonly logs: ActivityLog[] = [];

  /**
   * @example
   * const draft = new StateDraft(state, now);
   * const id = draft.newId();
   * const next = draft.commit({ add_ons: [...state.add_ons, addOn] });
   */
  constructor(
    readonly base: ServerState,
    readonly now: Timestamp,
    /** Who makes the change: `api` (a request, the default) or `system` (the clock). */
    readonly source: ActivitySource = 'api',
  ) {
    this.sequence = base.id_sequence;
  }

  /**
   * A new identifier, unique in this state.
   *
   * @example
   * draft.newId(); // 'fc000000-0000-4000-8000-000000000001' for a new state
   */
  newId(): Uuid {
    this.sequence += 1;
    return idFor(this.sequence);
  }

  /**
   * Records a change as an activity log (logged now, with the draft's source).
   *
   * @example
   * draft.log({ type: 'add_on.created', resourceType: 'AddOn', resourceId: addOn.svc_id, before: null, after: addOn });
   */
  log(entry: ActivityEntry): void {
    this.logs.push(
      activityLog(entry, this.newId(), this.base.organization_id, this.now, this.source),
    );
  }

  /**
   * The new state: the base with `changes` applied, the ids used and the logs recorded.
   *
   * @example
   * const next = draft.commit({ coupons: remaining });
   */
  commit(changes: Partial<StateCollections>): ServerState {
    return {
      ...this.base,
      ...changes,
      id_sequence: this.sequence,
      activity_logs: appendItems(this.base.activity_logs, this.logs),
    };
  }
}
