import {
  checkDecimalText,
  createScan,
  type Decimal,
  max,
  readDecimal,
  ZERO,
} from '../../core/index';
import type { AggregationKind, BucketState, KindResult } from './kind';

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
}

/** `latest_agg`: the value of the most recent event, clamped at 0 (0 without events). */
export const latestKind: AggregationKind = {
  type: 'latest_agg',
  needsField: true,
  recurringAllowed: false,
  recurringReadsHistory: false,
  create: () => new LatestState(),
};
