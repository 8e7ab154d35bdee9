/**
 * Why an event was left out of an aggregation. Every left-out event is listed with one of
 * these; none is dropped silently and none is coerced to zero.
 */
export const REJECTION_REASONS = {
  missing_transaction_id: 'The event has no transaction_id (a non-empty string).',
  invalid_timestamp:
    'The timestamp is neither an ISO 8601 date-time with an offset nor Unix seconds.',
  outside_period: 'The timestamp is outside the aggregation period.',
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
}
