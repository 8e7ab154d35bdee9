/**
 * `@feecast/sources`: usage events read from files and streams in constant memory, with the
 * file and line of every record that is not a valid event. Node only (the engine, which
 * prices the events, stays browser-safe and does not import this package).
 */
export { type DecodeContext, decodeIn } from './decode-in';
export {
  createEventDecoder,
  createLocatedEventDecoder,
  type EventDecoder,
  type EventFormat,
  type EventItem,
  type EventStreamOptions,
  type LocatedItem,
} from './event-decoder';
export { eventsFromChunks } from './event-stream';
export { createJsonArraySplitter } from './json-array-splitter';
export { joinPath, pathSegments } from './json-path';
export { jsonErrorIndex } from './json-syntax';
export { describeOrigin, parseJsonText, type TextOrigin } from './json-text';
export { createLineSplitter } from './line-splitter';
export { collectEvents, type ReadEventsOptions, readEvents } from './read-events';
export {
  type EventSource,
  type ReadEventsSyncOptions,
  readEventsSync,
} from './read-events-sync';
export type { ReadOptions, ReadProgress } from './read-options';
export { errorCode, fileError, readTextFile } from './read-text-file';
export {
  MAX_RECORD_CHARS,
  type RawRecord,
  type RecordSplitter,
  type SplitStep,
  type SplitterOptions,
} from './record-splitter';
export { type Spooled, spoolStream } from './spool';
