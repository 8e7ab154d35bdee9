/**
 * What a pricing command says on standard error about the events of `--events` it did not
 * count: the rejected ones (count per reason, the first few with file, line and what to fix)
 * and those left out as designed (other subscriptions, after `--now`, outside the period, of
 * metrics no charge prices).
 */
import type { EventsAudit, RejectedReason } from '../replay/events-audit';
import { groupDigits } from './money';
import { terminalLines } from './terminal-text';

/** Rejected events listed one by one on standard error; `--json` lists them all. */
export const LISTED_REJECTIONS = 5;

/** What to do about each kind of rejected event. */
const FIXES: Readonly<Record<RejectedReason, string>> = {
  invalid_event:
    'Make the record one JSON usage event with transaction_id, code and timestamp, or remove it.',
  missing_transaction_id: 'Give the event a non-empty transaction_id.',
  invalid_timestamp:
    'Write the timestamp in ISO 8601 with an offset (2026-11-01T10:00:00Z) or in Unix seconds.',
  duplicate_transaction_id:
    'Give each event its own transaction_id, or remove the repeated event (the first one counts).',
  duplicate_across_chunks: 'Give each event its own transaction_id.',
  missing_value: "Add the metric's field to the event's properties.",
  invalid_value: 'Give the metric\'s field a decimal number, such as "12.5".',
  invalid_operation_type: 'Set properties.operation_type to "add" or "remove".',
  unreadable_event:
    'Give the event as plain data: reading it threw (a getter or proxy), or the events iterable did.',
  expression_failed:
    "Give the event the properties the metric's expression reads, with values it can compute on.",
};

function events(count: number): string {
  return `${groupDigits(String(count))} event${count === 1 ? '' : 's'}`;
}

/** A message on one line, without its `Hint:` lines (the fix replaces them). */
function oneLine(message: string): string {
  return message
    .split('\n')
    .filter((line) => !line.startsWith('Hint: '))
    .join(' ');
}

/**
 * The lines for standard error (each prefixed with `command`), or `''` when every event was
 * counted: `N events rejected, not counted: 3 invalid_value, 1 duplicate_transaction_id`
 * (reasons by count, then name), the first {@link LISTED_REJECTIONS} as `file:line: message
 * Fix: ...` and how many more; then `not counted: 103 events dated after now (...), ...`.
 * `now` is the instant of the replay.
 *
 * @example
 * renderEventsAudit('feecast usage', audit, '2026-11-15T00:00:00Z')
 * // 'feecast usage: 1 event rejected, not counted: 1 invalid_value\n  events.ndjson:12: Event "tr_0012" left out: ... Fix: ...\nfeecast usage: not counted: 103 events dated after now (2026-11-15T00:00:00Z).\n'
 */
export function renderEventsAudit(command: string, audit: EventsAudit, now: string): string {
  const lines: string[] = [];
  const { summary, rejected, period } = audit;
  if (rejected.length > 0) {
    const counts = new Map<string, number>();
    for (const event of rejected) counts.set(event.reason, (counts.get(event.reason) ?? 0) + 1);
    const reasons = [...counts]
      .sort(([a, m], [b, n]) => n - m || a.localeCompare(b))
      .map(([reason, count]) => `${groupDigits(String(count))} ${reason}`);
    lines.push(
      `${command}: ${events(rejected.length)} rejected, not counted: ${reasons.join(', ')}`,
    );
    for (const event of rejected.slice(0, LISTED_REJECTIONS)) {
      // The reader's message of a record that is not an event names the file and line itself.
      const where = event.reason === 'invalid_event' ? '' : `${event.file}:${event.line}: `;
      lines.push(`  ${where}${oneLine(event.message)} Fix: ${FIXES[event.reason]}`);
    }
    const more = rejected.length - LISTED_REJECTIONS;
    if (more > 0)
      lines.push(`  ... and ${events(more)} more: --json lists every one under "rejected".`);
  }
  const left: string[] = [];
  if (summary.other_subscription > 0) {
    left.push(`${events(summary.other_subscription)} of other subscriptions`);
  }
  if (summary.after_now > 0) left.push(`${events(summary.after_now)} dated after now (${now})`);
  if (summary.outside_period > 0) {
    left.push(
      `${events(summary.outside_period)} outside the period (${period.from_datetime} to ${period.to_datetime})`,
    );
  }
  if (summary.not_charged > 0) {
    const codes = [...audit.notChargedCodes, ...(audit.moreNotChargedCodes ? ['...'] : [])].join(
      ', ',
    );
    left.push(`${events(summary.not_charged)} of metrics no charge prices (${codes})`);
  }
  if (left.length > 0) lines.push(`${command}: not counted: ${left.join(', ')}.`);
  return lines.length === 0 ? '' : `${terminalLines(lines.join('\n'))}\n`;
}
