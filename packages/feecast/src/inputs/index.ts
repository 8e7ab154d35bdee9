/**
 * The inputs of the `feecast` commands: resource files in the wire format (single objects,
 * arrays, API envelopes, `lago_` exports), usage events streamed from NDJSON or JSON arrays
 * in constant memory, and `--now`.
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
export {
  INPUT_KINDS,
  type InputFiles,
  type InputName,
  type Inputs,
  loadInputs,
} from './load-inputs';
export { loadResourceFiles, loadResources } from './load-resources';
export { formatUtc, parseNow, resolveNow } from './now';
export { collectEvents, type ReadEventsOptions, readEvents } from './read-events';
export {
  type EventSource,
  type ReadEventsSyncOptions,
  readEventsSync,
} from './read-events-sync';
export type { ReadOptions, ReadProgress } from './read-options';
export { fileError, readTextFile } from './read-text-file';
export {
  MAX_RECORD_CHARS,
  type RawRecord,
  type RecordSplitter,
  type SplitStep,
  type SplitterOptions,
} from './record-splitter';
export {
  RESOURCE_KIND_NAMES,
  RESOURCE_KINDS,
  type ResourceKind,
  type ResourceKindInfo,
  type Resources,
} from './resource-kinds';
export { resourceHint, resourcesFromJson } from './resources';
export { type Spooled, spoolStream } from './spool';
