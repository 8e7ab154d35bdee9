/**
 * How a pricing command ends: the audit of its events, then its result (a table, or with
 * `--json` the API's response body with the audit), the audit's summary on standard error,
 * and the exit code (`--strict`: 1 when an event was rejected).
 */
import type { FeecastError } from '@feecast/engine';
import type { Plan } from '@feecast/models';
import { type Either, isLeft } from 'fp-ts/lib/Either.js';
import { EXIT, type Io } from '../io';
import { renderEventsAudit, renderJson, reportError } from '../render/index';
import type { PricingContext } from './context';

/** A pricing command's result, and what it was priced on. */
export interface PricedResult {
  /** The API's response body: what `--json` prints, with `events` and `rejected` added. */
  readonly body: object;
  /** The tables printed without `--json`. */
  readonly table: () => Either<FeecastError, string>;
  /** The plans whose charges priced the events (their metrics are the ones audited). */
  readonly plans: readonly Plan[];
}

/** The options every pricing command reads here. */
export interface PrintOptions {
  readonly json: boolean;
  readonly strict: boolean;
}

/**
 * Audits the events of `context` for `result.plans` and prints: with `--strict` and a
 * rejected event, only the audit on standard error (exit 1); otherwise the result on standard
 * output (the table, or the body with `events` and `rejected` for `--json`) and the audit's
 * summary, if any, on standard error (exit 0). A broken events file or a result that cannot
 * be printed is reported as an error.
 *
 * @example
 * return printPriced(io, 'feecast usage', context, line.options, {
 *   body: usage, table: () => renderUsageTable(usage.customer_usage), plans: [context.plan] });
 */
export function printPriced(
  io: Io,
  command: string,
  context: PricingContext,
  options: PrintOptions,
  result: PricedResult,
): number {
  const audit = context.replay.audit(result.plans);
  if (isLeft(audit)) return reportError(io, command, audit.left);
  const summary = renderEventsAudit(command, audit.right, context.now);
  if (options.strict && audit.right.rejected.length > 0) {
    io.stderr(summary);
    io.stderr(`${command}: --strict: events were rejected; fix them, or leave out --strict.\n`);
    return EXIT.badInput;
  }
  const text = options.json
    ? renderJson({ ...result.body, events: audit.right.summary, rejected: audit.right.rejected })
    : result.table();
  if (isLeft(text)) return reportError(io, command, text.left);
  io.stdout(text.right.endsWith('\n') ? text.right : `${text.right}\n`);
  if (summary !== '') io.stderr(summary);
  return EXIT.ok;
}
