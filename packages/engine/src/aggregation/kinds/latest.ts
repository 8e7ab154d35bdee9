import { isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  checkDecimalText,
  createScan,
  type Decimal,
  feecastError,
  formatDecimal,
  max,
  readDecimal,
  ZERO,
} from '../../core/index';
import type { AggregationKind, BucketState, BucketStateJson, KindResult } from './kind';
import { readCount, readDecimalText, readEpochMs, readObject } from './state-json';

class LatestState implements BucketState {
  private readonly scan = createScan();
  private latest: Decimal | undefined;
  private latestMs = Number.NEGATIVE_INFINITY;
  private count = 0;

  add(value: unknown, timeMs: number): 'invalid_value' | undefined {
    // Ties on the timestamp go to the later event of the stream (the reference: later ingestion).
    if (timeMs >= this.latestMs) {
      const decimal = readDecimal(value, this.scan);
      if (typeof decimal === 'string') return 'invalid_value';
      this.latestMs = timeMs;
      this.latest = decimal;
    } else if (typeof checkDecimalText(value, this.scan) !== 'string') {
      return 'invalid_value';
    }
    this.count++;
    return undefined;
  }

  merge(other: LatestState): void {
    if (other.latest !== undefined && other.latestMs >= this.latestMs) {
      this.latestMs = other.latestMs;
      this.latest = other.latest;
    }
    this.count += other.count;
  }

  result(): KindResult {
    return { aggregation: max(this.latest ?? ZERO, ZERO), count: this.count };
  }

  state(): BucketStateJson {
    return this.latest === undefined
      ? { count: this.count, latest: null, latest_at: null }
      : { count: this.count, latest: formatDecimal(this.latest), latest_at: this.latestMs };
  }

  static restore(count: number, latest: Decimal | null, latestMs: number | null): LatestState {
    const state = new LatestState();
    state.count = count;
    if (latest !== null && latestMs !== null) {
      state.latest = latest;
      state.latestMs = latestMs;
    }
    return state;
  }
}

/** `latest_agg`: the value of the most recent event, clamped at 0 (0 without events). */
export const latestKind: AggregationKind = {
  type: 'latest_agg',
  needsField: true,
  recurringAllowed: false,
  recurringReadsHistory: false,
  create: () => new LatestState(),
  restore: (_context, json, path) => {
    const object = readObject(json, path);
    if (isLeft(object)) return object;
    const count = readCount(object.right, 'count', path);
    if (isLeft(count)) return count;
    const latest = readDecimalText(object.right, 'latest', path, true);
    if (isLeft(latest)) return latest;
    const at = readEpochMs(object.right, 'latest_at', path, true);
    if (isLeft(at)) return at;
    if ((latest.right === null) !== (at.right === null)) {
      return left(
        feecastError('invalid_input', 'latest and latest_at must both be set or both be null.', [
          ...path,
          'latest_at',
        ]),
      );
    }
    return right(LatestState.restore(count.right, latest.right, at.right));
  },
};
