import { EventRecords } from './event-records';
import { type GroupKey, groupKey } from './groups';
import type { AggregationKind, BucketState, KindContext } from './kinds/kind';

/** A group's (or an ungrouped bucket's) running state, and its events when per-event views are on. */
export interface Slot {
  readonly state: BucketState;
  readonly records: EventRecords | undefined;
}

/** The slots of a bucket that has none yet. */
const NO_SLOTS: ReadonlyMap<GroupKey, Slot> = new Map();

/**
 * One bucket of a consumer (a charge filter, the default bucket, or a plain aggregation):
 * an ungrouped bucket has one slot (of key `null`); a grouped one has a slot per distinct
 * group key. Nothing is allocated before the first slot (a backtest holds a bucket per charge
 * filter of every period, many of them never reached).
 * @internal
 */
export class Bucket {
  /** A grouped bucket's slots by key, made at the first. */
  private grouped: Map<GroupKey, Slot> | undefined;
  /** An ungrouped bucket's one slot, made at the first event (found without a map lookup). */
  private ungrouped: Slot | undefined;

  /** `kind` makes its slots' states, in `context` (its pass's). */
  constructor(
    readonly groupKeys: readonly string[],
    private readonly kind: AggregationKind,
    private readonly context: KindContext,
    readonly recording: boolean,
  ) {}

  /** The slots by group key (an ungrouped bucket's one slot has key `null`), in creation order. */
  get slots(): ReadonlyMap<GroupKey, Slot> {
    if (this.ungrouped !== undefined) return new Map([[null, this.ungrouped]]);
    return this.grouped ?? NO_SLOTS;
  }

  /** The slot an event with these properties falls in (created on first use). */
  slotFor(properties: Readonly<Record<string, unknown>> | undefined): Slot {
    if (this.groupKeys.length === 0) {
      this.ungrouped ??= this.newSlot();
      return this.ungrouped;
    }
    return this.slotAt(groupKey(this.groupKeys, properties));
  }

  /** The slot of `key` (created on first use). */
  private slotAt(key: GroupKey): Slot {
    if (this.groupKeys.length === 0) {
      this.ungrouped ??= this.newSlot();
      return this.ungrouped;
    }
    this.grouped ??= new Map();
    let slot = this.grouped.get(key);
    if (slot === undefined) {
      slot = this.newSlot();
      this.grouped.set(key, slot);
    }
    return slot;
  }

  /** Adds another bucket's slots (a later part of the stream; `orderOffset` keeps stream order). */
  merge(other: Bucket, orderOffset: number): void {
    for (const [key, theirs] of other.slots) {
      const mine = this.slotAt(key);
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
    if (this.ungrouped !== undefined) return this.ungrouped;
    const slots = this.slots;
    if (slots.size === 1) {
      for (const only of slots.values()) return only;
    }
    const total = this.newSlot();
    for (const slot of slots.values()) {
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
    const slot = { state, records: undefined };
    if (this.groupKeys.length === 0) {
      if (this.ungrouped !== undefined) return false;
      this.ungrouped = slot;
      return true;
    }
    this.grouped ??= new Map();
    if (this.grouped.has(key)) return false;
    this.grouped.set(key, slot);
    return true;
  }

  private newSlot(): Slot {
    return {
      state: this.kind.create(this.context),
      records: this.recording ? new EventRecords() : undefined,
    };
  }
}
