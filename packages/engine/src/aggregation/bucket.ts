import { EventRecords } from './event-records';
import { type GroupKey, groupKey } from './groups';
import type { BucketState } from './kinds/kind';

/** A group's (or an ungrouped bucket's) running state, and its events when per-event views are on. */
export interface Slot {
  readonly state: BucketState;
  readonly records: EventRecords | undefined;
}

/**
 * One bucket of a consumer (a charge filter, the default bucket, or a plain aggregation):
 * an ungrouped bucket has one slot; a grouped one has a slot per distinct group key.
 * @internal
 */
export class Bucket {
  readonly slots = new Map<GroupKey, Slot>();

  constructor(
    readonly groupKeys: readonly string[],
    private readonly create: () => BucketState,
    readonly recording: boolean,
  ) {}

  /** The slot an event with these properties falls in (created on first use). */
  slotFor(properties: Readonly<Record<string, unknown>> | undefined): Slot {
    if (this.groupKeys.length === 0) {
      // Ungrouped: one slot, found without a map lookup on the hot path.
      this.ungrouped ??= this.slotAt(null);
      return this.ungrouped;
    }
    return this.slotAt(groupKey(this.groupKeys, properties));
  }

  private ungrouped: Slot | undefined;

  private slotAt(key: GroupKey): Slot {
    let slot = this.slots.get(key);
    if (slot === undefined) {
      slot = this.newSlot();
      this.slots.set(key, slot);
    }
    return slot;
  }

  /** Adds another bucket's slots (a later part of the stream; `orderOffset` keeps stream order). */
  merge(other: Bucket, orderOffset: number): void {
    for (const [key, theirs] of other.slots) {
      let mine = this.slots.get(key);
      if (mine === undefined) {
        mine = this.newSlot();
        this.slots.set(key, mine);
      }
      mine.state.merge(theirs.state);
      if (mine.records !== undefined && theirs.records !== undefined)
        mine.records.append(theirs.records, orderOffset);
    }
  }

  /**
   * The whole bucket as one slot: every group merged (states are mergeable); a bucket of one
   * slot (every ungrouped bucket) is its own total, with nothing to merge.
   */
  total(): Slot {
    if (this.slots.size === 1) {
      for (const only of this.slots.values()) return only;
    }
    const total = this.newSlot();
    for (const slot of this.slots.values()) {
      total.state.merge(slot.state);
      if (total.records !== undefined && slot.records !== undefined)
        total.records.append(slot.records, 0);
    }
    return total;
  }

  /**
   * Sets the state of the group `key` (a state restored from its JSON form, in a new bucket
   * that keeps no per-event records); `false` when the bucket already has that group.
   */
  restoreSlot(key: GroupKey, state: BucketState): boolean {
    if (this.slots.has(key)) return false;
    this.slots.set(key, { state, records: undefined });
    return true;
  }

  private newSlot(): Slot {
    return { state: this.create(), records: this.recording ? new EventRecords() : undefined };
  }
}
