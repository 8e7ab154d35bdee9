/**
 * The `--events` file of a pricing command replayed as of `--now`: the subscription's events
 * that had happened by then go to the engine, and an audit accounts for every record of the
 * file (counted, left out as designed, or rejected with its file and line).
 */
export { auditEvents } from './audit';
export type {
  AuditInput,
  EventsAudit,
  EventsSummary,
  RejectedEvent,
  RejectedReason,
} from './events-audit';
export { type EventsFile, openEventsFile } from './events-file';
export { locateRejections } from './locate-rejections';
export { chargedMetrics, createReplay, type Replay, type ReplayInput } from './replay';
export { inScope, type OutOfScope, type ReplayScope, scopeOf } from './scope';
