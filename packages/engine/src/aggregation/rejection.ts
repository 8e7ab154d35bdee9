import { describeValue } from '../core/index';

/**
 * Why an event was left out of an aggregation. Every left-out event is listed with one of
 * these; none is dropped silently and none is coerced to zero. (An event dated outside the
 * period is not an error, only not this period's: it is counted in `outside_period`.)
 */
export const REJECTION_REASONS = {
  missing_transaction_id: 'The event has no transaction_id (a non-empty string).',
  invalid_timestamp:
    'The timestamp is neither an ISO 8601 date-time with an offset nor Unix seconds.',
  duplicate_transaction_id: 'Another event of the subscription already has this transaction_id.',
  duplicate_across_chunks:
    'Two merged accumulators both counted this transaction_id; partition chunks by transaction_id.',
  missing_value: 'The event has no value for the metric field.',
  invalid_value: 'The metric field value is not a decimal number.',
  invalid_operation_type: 'operation_type must be "add" or "remove".',
  expression_failed: 'The billable metric expression cannot be evaluated on this event.',
  unreadable_event:
    'Reading the event threw (a getter or proxy of the caller), or the iterable of events threw; no event after a throwing iterable is read.',
} as const;

export type RejectionReason = keyof typeof REJECTION_REASONS;

/** An event left out of an aggregation, and why. */
export interface Rejection {
  readonly transaction_id: string;
  readonly reason: RejectionReason;
  readonly message: string;
  /**
   * Where the event sits in the stream: its 0-based position among the events given to the
   * aggregation (every event counted, those of other codes too), so a reader can name its line;
   * -1 for a repeat found when merging accumulators (`duplicate_across_chunks`).
   */
  readonly index: number;
}

/**
 * How many events were left out, per reason (reasons with none are absent).
 *
 * @inline
 */
export type RejectionCounts = Partial<Record<RejectionReason, number>>;

const REASON_LIST = Object.keys(REJECTION_REASONS) as RejectionReason[];

/**
 * The rejections of a pass, kept compactly: per rejected event its stream position, reason
 * code, transaction id and the offending value (references the event already holds), with
 * counts per reason. Messages are written only when the list is read. Memory: four array
 * slots per rejected event (~32 bytes), nothing per accepted one.
 * @internal
 */
export class RejectionLog {
  private readonly positions: number[] = [];
  private readonly reasons: number[] = [];
  private readonly ids: string[] = [];
  private readonly details: unknown[] = [];
  private readonly counts = new Float64Array(REASON_LIST.length);
  /** Counts of rejections known only by number (restored states), per reason code. */
  private readonly unlisted = new Float64Array(REASON_LIST.length);

  /** `fieldName`: the metric's field, named in the messages about values. */
  constructor(private readonly fieldName: string) {}

  /** The number of rejected events. */
  get size(): number {
    return this.positions.length;
  }

  /** Records the event at `position`, left out for `reason`; `detail` is the offending value. */
  add(position: number, reason: RejectionReason, transactionId: unknown, detail: unknown): void {
    const code = REASON_LIST.indexOf(reason);
    this.positions.push(position);
    this.reasons.push(code);
    this.ids.push(typeof transactionId === 'string' ? transactionId : '');
    this.details.push(detail);
    this.counts[code] = (this.counts[code] ?? 0) + 1;
  }

  /** Adds `other`'s rejections, whose positions start at `offset` in this stream. */
  merge(other: RejectionLog, offset: number): void {
    for (let i = 0; i < other.positions.length; i++) {
      const code = other.reasons[i] ?? 0;
      this.positions.push((other.positions[i] ?? 0) + offset);
      this.reasons.push(code);
      this.ids.push(other.ids[i] ?? '');
      this.details.push(other.details[i]);
      this.counts[code] = (this.counts[code] ?? 0) + 1;
    }
    other.unlisted.forEach((count, code) => {
      this.unlisted[code] = (this.unlisted[code] ?? 0) + count;
    });
  }

  /**
   * Adds counts of rejections whose events are not known (a state restored from its JSON
   * form keeps the counts, not the events): counted by reason, not listed.
   */
  addCounts(counts: RejectionCounts): void {
    REASON_LIST.forEach((reason, code) => {
      this.unlisted[code] = (this.unlisted[code] ?? 0) + (counts[reason] ?? 0);
    });
  }

  /** The counts per reason. */
  countsByReason(): RejectionCounts {
    const out: RejectionCounts = {};
    REASON_LIST.forEach((reason, code) => {
      const count = (this.counts[code] ?? 0) + (this.unlisted[code] ?? 0);
      if (count > 0) out[reason] = count;
    });
    return out;
  }

  /** The first `limit` rejections (default: all), in the order recorded, with their messages. */
  list(limit = this.positions.length): Rejection[] {
    const out = new Array<Rejection>(Math.min(limit, this.positions.length));
    for (let i = 0; i < out.length; i++) {
      const reason = REASON_LIST[this.reasons[i] ?? 0] ?? 'invalid_value';
      const id = this.ids[i] ?? '';
      const detail = detailText(reason, this.details[i], this.fieldName);
      out[i] = {
        transaction_id: id,
        reason,
        message: `Event ${JSON.stringify(id)} left out: ${REJECTION_REASONS[reason]}${detail ? ` (${detail})` : ''}`,
        index: this.positions[i] ?? 0,
      };
    }
    return out;
  }
}

/** The words that say what was wrong with the offending value. */
function detailText(reason: RejectionReason, detail: unknown, field: string): string {
  switch (reason) {
    case 'missing_transaction_id':
      return `transaction_id ${describeValue(detail)}`;
    case 'invalid_timestamp':
      return `timestamp ${describeValue(detail)}`;
    case 'duplicate_transaction_id':
      return '';
    case 'duplicate_across_chunks':
      return 'counted by both accumulators';
    case 'expression_failed':
      return typeof detail === 'string' ? detail : '';
    case 'unreadable_event':
      return typeof detail === 'string' ? detail : '';
    case 'missing_value':
      return `properties.${field} is missing`;
    case 'invalid_operation_type':
      return `properties.operation_type is ${describeValue(detail)}`;
    default:
      return `properties.${field} is ${describeValue(detail)}`;
  }
}
