import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { equals, type FeecastError, feecastError } from '../core/index';
import type { Bucket } from './bucket';
import { type GroupedBy, type GroupKey, groupedBy } from './groups';
import type { AggregationType, BucketStateJson } from './kinds/index';
import type { KindContext } from './kinds/kind';
import { readArray, readCount, readObject } from './kinds/state-json';
import { compareUniqueValues } from './kinds/unique-operation';
import type { MetricPass } from './pass';
import { REJECTION_REASONS, type RejectionCounts, type RejectionReason } from './rejection';

/** The `format` of every aggregation state of this version (docs/aggregation-state.md). */
export const STATE_FORMAT = 'feecast.aggregation-state.v1';

/**
 * One group's state (an ungrouped bucket has one group, `grouped_by: {}`).
 *
 * @inline
 */
export interface GroupState {
  readonly grouped_by: GroupedBy;
  readonly state: BucketStateJson;
}

/** What every state of a pass says besides its buckets: what it is, and what it left out. */
export interface PassStateHeader {
  readonly format: typeof STATE_FORMAT;
  readonly aggregation_type: AggregationType;
  /** How many events were left out, per reason (the events themselves are not kept). */
  readonly rejected_counts: RejectionCounts;
  /** Events of the metric dated outside the period. */
  readonly outside_period: number;
}

/** The header of a pass's state. @internal */
export function passHeader(pass: MetricPass): PassStateHeader {
  return {
    format: STATE_FORMAT,
    aggregation_type: pass.metric.kind.type,
    rejected_counts: pass.log.countsByReason(),
    outside_period: pass.outsidePeriod,
  };
}

/** A bucket's groups in their JSON form, sorted by group (`null` first, then by code unit). */
export function bucketGroups(bucket: Bucket): GroupState[] {
  return Array.from(bucket.slots)
    .sort(([a], [b]) => compareUniqueValues(a, b))
    .map(([key, slot]) => ({
      grouped_by: groupedBy(bucket.groupKeys, key),
      state: slot.state.state(),
    }));
}

function invalid(message: string, path: readonly string[], value?: unknown): FeecastError {
  return feecastError('invalid_input', message, path, value === undefined ? undefined : { value });
}

/**
 * Checks a state's header against the pass it is restored into and adds its counts; answers
 * the state as an object. @internal
 */
export function restoreHeader(
  pass: MetricPass,
  json: unknown,
  path: readonly string[],
): Either<FeecastError, Record<string, unknown>> {
  const object = readObject(json, path);
  if (isLeft(object)) return object;
  const state = object.right;
  if (state.format !== STATE_FORMAT) {
    return left(invalid(`format must be "${STATE_FORMAT}".`, [...path, 'format'], state.format));
  }
  if (state.aggregation_type !== pass.metric.kind.type) {
    return left(
      invalid(
        `aggregation_type must be the metric's, "${pass.metric.kind.type}".`,
        [...path, 'aggregation_type'],
        state.aggregation_type,
      ),
    );
  }
  const outside = readCount(state, 'outside_period', path);
  if (isLeft(outside)) return outside;
  const counts = readObject(state.rejected_counts, [...path, 'rejected_counts']);
  if (isLeft(counts)) return counts;
  const rejected: RejectionCounts = {};
  for (const reason of Object.keys(counts.right)) {
    if (!Object.hasOwn(REJECTION_REASONS, reason)) {
      return left(
        invalid('is not a rejection reason.', [...path, 'rejected_counts', reason], reason),
      );
    }
    const count = readCount(counts.right, reason, [...path, 'rejected_counts']);
    if (isLeft(count)) return count;
    rejected[reason as RejectionReason] = count.right;
  }
  pass.log.addCounts(rejected);
  pass.countOutside(outside.right);
  return right(state);
}

/** The group key of a `grouped_by` object for the bucket's keys, or why it is not one. */
function keyOf(
  keys: readonly string[],
  json: unknown,
  path: readonly string[],
): Either<FeecastError, GroupKey> {
  const object = readObject(json, path);
  if (isLeft(object)) return object;
  const names = Object.keys(object.right);
  if (names.length !== keys.length || keys.some((k) => !Object.hasOwn(object.right, k))) {
    return left(
      invalid(`grouped_by must have exactly the keys ${JSON.stringify(keys)}.`, path, names),
    );
  }
  const values: (string | null)[] = [];
  for (const key of keys) {
    const value = object.right[key];
    // A missing key and an empty string both group as null, so '' never names a group.
    if (value !== null && (typeof value !== 'string' || value === '')) {
      return left(invalid('must be a non-empty string or null.', [...path, key], value));
    }
    values.push(value);
  }
  if (keys.length === 0) return right(null);
  return right(keys.length === 1 ? (values[0] ?? null) : JSON.stringify(values));
}

/**
 * Restores the `groups` of a bucket's state into the bucket `bucket` of consumer `consumer`
 * (a new, empty bucket). @internal
 */
export function restoreBucket(
  pass: MetricPass,
  consumer: number,
  bucket: number,
  json: unknown,
  path: readonly string[],
): Either<FeecastError, void> {
  const owner = pass.consumers[consumer];
  const target = owner?.buckets[bucket];
  if (owner === undefined || target === undefined) return left(invalid('no such bucket.', path));
  const object = readObject(json, path);
  if (isLeft(object)) return object;
  const groups = readArray(object.right, 'groups', path);
  if (isLeft(groups)) return groups;
  for (const [i, item] of groups.right.entries()) {
    const at = [...path, 'groups', String(i)];
    const group = readObject(item, at);
    if (isLeft(group)) return group;
    const key = keyOf(target.groupKeys, group.right.grouped_by, [...at, 'grouped_by']);
    if (isLeft(key)) return key;
    const state = owner.kind.restore(pass.context, group.right.state, [...at, 'state']);
    if (isLeft(state)) return state;
    if (!target.restoreSlot(key.right, state.right)) {
      return left(invalid('repeats a group of this bucket.', [...at, 'grouped_by']));
    }
  }
  return right(undefined);
}

/**
 * Fills `pass` (a new, empty pass) with the bucket states of `source`, a pass that takes no
 * more events, shared rather than copied: what restoring `source`'s state (`passHeader`, then
 * each bucket's `bucketGroups`) would give, without writing and reading its JSON. Its
 * rejections are counts only, as a restored state's. `false` (and `pass` unchanged) unless
 * both have the same aggregation type, the same consumers (kinds, proration), buckets and
 * group keys, and the same period (the context every state reads).
 * @internal
 */
export function restoreShared(pass: MetricPass, source: MetricPass): boolean {
  if (pass.metric.kind !== source.metric.kind || !sameContext(pass.context, source.context)) {
    return false;
  }
  const consumers = pass.consumers;
  if (consumers.length !== source.consumers.length) return false;
  for (const [c, consumer] of consumers.entries()) {
    const theirs = source.consumers[c];
    if (
      theirs === undefined ||
      theirs.kind !== consumer.kind ||
      theirs.prorated !== consumer.prorated ||
      theirs.buckets.length !== consumer.buckets.length ||
      consumer.buckets.some(
        (bucket, b) => !sameKeys(bucket.groupKeys, theirs.buckets[b]?.groupKeys),
      )
    ) {
      return false;
    }
  }
  pass.log.addCounts(source.log.countsByReason());
  pass.countOutside(source.outsidePeriod);
  for (const [c, consumer] of consumers.entries()) {
    for (const [b, bucket] of consumer.buckets.entries()) {
      const from = source.consumers[c]?.buckets[b];
      if (from === undefined) continue;
      // In the order of the state's groups (`bucketGroups`), as a restore sets them.
      const slots = Array.from(from.slots).sort(([x], [y]) => compareUniqueValues(x, y));
      for (const [key, slot] of slots) bucket.restoreSlot(key, slot.state);
    }
  }
  return true;
}

function sameKeys(a: readonly string[], b: readonly string[] | undefined): boolean {
  return b !== undefined && a.length === b.length && a.every((key, i) => key === b[i]);
}

/** Whether two passes read the same period: every field their states read. */
function sameContext(a: KindContext, b: KindContext): boolean {
  return (
    a.fromMs === b.fromMs &&
    a.endMs === b.endMs &&
    a.toMs === b.toMs &&
    a.chargesDurationDays === b.chargesDurationDays &&
    a.periodDays === b.periodDays &&
    a.zone.name === b.zone.name &&
    (a.previous === b.previous ||
      (a.previous !== undefined && b.previous !== undefined && equals(a.previous, b.previous))) &&
    (a.previousActive === b.previousActive ||
      (a.previousActive !== undefined &&
        b.previousActive !== undefined &&
        a.previousActive.length === b.previousActive.length &&
        a.previousActive.every((value, i) => value === b.previousActive?.[i])))
  );
}
