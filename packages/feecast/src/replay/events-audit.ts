/**
 * The audit of a replay: how many events of the `--events` file went where, and each event
 * rejected with its file and line. What `feecast usage|invoice|compare|estimate` print on
 * standard error and add to `--json`.
 */
import type { BillableMetricInput, RejectionReason } from '@feecast/engine';
import type { EventsFile } from './events-file';
import type { ReplayScope } from './scope';

/** Why an event is rejected: the engine's reasons, or a record that is not a valid event. */
export type RejectedReason = RejectionReason | 'invalid_event';

/** An event of the file left out because it is wrong. */
export interface RejectedEvent {
  /** The events file, as the command names it. */
  readonly file: string;
  /** The line the event starts on (1-based). */
  readonly line: number;
  /** The event's `transaction_id`; `null` when it has none or the record is not an event. */
  readonly transaction_id: string | null;
  readonly reason: RejectedReason;
  /** What is wrong, from the engine (or the reader, for `invalid_event`). */
  readonly message: string;
}

/**
 * How many events of the file went where. `read` = `counted` + `rejected` + each reason for
 * leaving a valid event out.
 */
export interface EventsSummary {
  /** Every record of the file, valid or not. */
  readonly read: number;
  /** The events priced. */
  readonly counted: number;
  /** The events (and records) rejected: see `rejected` for each. */
  readonly rejected: number;
  /** Events of another subscription. */
  readonly other_subscription: number;
  /** Events dated after `--now`: they had not happened yet. */
  readonly after_now: number;
  /** Events outside the billing period priced (a history file holds other periods too). */
  readonly outside_period: number;
  /** Events of a metric that no charge of the plan(s) prices. */
  readonly not_charged: number;
}

/** The audit of a replay: the counts, and every rejected event in the order of the file. */
export interface EventsAudit {
  readonly summary: EventsSummary;
  readonly rejected: readonly RejectedEvent[];
  /** The codes of the events that no charge prices (the first 10, in order of appearance). */
  readonly notChargedCodes: readonly string[];
  /** Whether more codes than `notChargedCodes` were seen. */
  readonly moreNotChargedCodes: boolean;
  /** The charges period the events were counted in. */
  readonly period: AuditInput['period'];
}

/** What to audit: the file, the scope of the replay, and what pricing aggregates. */
export interface AuditInput {
  readonly file: EventsFile;
  readonly scope: ReplayScope;
  /** The billable metrics the priced plans charge for (one per code). */
  readonly metrics: readonly BillableMetricInput[];
  /** The charges period priced (inclusive bounds, ISO 8601). */
  readonly period: { readonly from_datetime: string; readonly to_datetime: string };
  /** The customer's IANA time zone (`null`: UTC). */
  readonly timezone: string | null;
}
