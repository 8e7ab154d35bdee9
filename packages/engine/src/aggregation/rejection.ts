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

/** A count per reason code, all 0. */
function zeroCounts(): number[] {
  return REASON_LIST.map(() => 0);
}

/** The listed rejections of a log, one entry per rejected event in each array. */
interface Listed {
  readonly positions: number[];
  readonly reasons: number[];
  readonly ids: string[];
  readonly details: unknown[];
}

/**
 * The rejections of a pass, kept compactly: per rejected event its stream position, reason
 * code, transaction id and the offending value (references the event already holds), with
 * counts per reason. Messages are written only when the list is read. Memory: four array
 * slots per rejected event (~32 bytes), nothing per accepted one, and nothing at all until
 * the first rejection (a backtest holds a pass per period and metric, most rejecting none).
 * @internal
 */
export class RejectionLog {
  private listed: Listed | undefined;
  /** Counts per reason code of the listed rejections. */
  private counts: number[] | undefined;
  /** Counts of rejections known only by number (restored states), per reason code. */
  private unlisted: number[] | undefined;

  /** `fieldName`: the metric's field, named in the messages about values. */
  constructor(private readonly fieldName: string) {}

  /** The number of rejected events. */
  get size(): number {
    return this.listed?.positions.length ?? 0;
  }

  /** Records the event at `position`, left out for `reason`; `detail` is the offending value. */
  add(position: number, reason: RejectionReason, transactionId: unknown, detail: unknown): void {
    this.push(
      position,
      REASON_LIST.indexOf(reason),
      typeof transactionId === 'string' ? transactionId : '',
      detail,
    );
  }

  private push(position: number, code: number, id: string, detail: unknown): void {
    this.listed ??= { positions: [], reasons: [], ids: [], details: [] };
    this.listed.positions.push(position);
    this.listed.reasons.push(code);
    this.listed.ids.push(id);
    this.listed.details.push(detail);
    this.counts ??= zeroCounts();
    this.counts[code] = (this.counts[code] ?? 0) + 1;
  }

  /** Adds `other`'s rejections, whose positions start at `offset` in this stream. */
  merge(other: RejectionLog, offset: number): void {
    const theirs = other.listed;
    const size = theirs?.positions.length ?? 0;
    for (let i = 0; i < size; i++) {
      this.push(
        (theirs?.positions[i] ?? 0) + offset,
        theirs?.reasons[i] ?? 0,
        theirs?.ids[i] ?? '',
        theirs?.details[i],
      );
    }
    other.unlisted?.forEach((count, code) => {
      this.unlisted ??= zeroCounts();
      this.unlisted[code] = (this.unlisted[code] ?? 0) + count;
    });
  }

  /**
   * Adds counts of rejections whose events are not known (a state restored from its JSON
   * form keeps the counts, not the events): counted by reason, not listed.
   */
  addCounts(counts: RejectionCounts): void {
    REASON_LIST.forEach((reason, code) => {
      const count = counts[reason] ?? 0;
      if (count === 0) return;
      this.unlisted ??= zeroCounts();
      this.unlisted[code] = (this.unlisted[code] ?? 0) + count;
    });
  }

  /** The counts per reason. */
  countsByReason(): RejectionCounts {
    const out: RejectionCounts = {};
    if (this.counts === undefined && this.unlisted === undefined) return out;
    REASON_LIST.forEach((reason, code) => {
      const count = (this.counts?.[code] ?? 0) + (this.unlisted?.[code] ?? 0);
      if (count > 0) out[reason] = count;
    });
    return out;
  }

  /** The first `limit` rejections (default: all), in the order recorded, with their messages. */
  list(limit = this.size): Rejection[] {
    const listed = this.listed;
    const out = new Array<Rejection>(Math.min(limit, this.size));
    for (let i = 0; i < out.length; i++) {
      const reason = REASON_LIST[listed?.reasons[i] ?? 0] ?? 'invalid_value';
      const id = listed?.ids[i] ?? '';
      const detail = detailText(reason, listed?.details[i], this.fieldName);
      out[i] = {
        transaction_id: id,
        reason,
        message: `Event ${JSON.stringify(id)} left out: ${REJECTION_REASONS[reason]}${detail ? ` (${detail})` : ''}`,
        index: listed?.positions[i] ?? 0,
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
