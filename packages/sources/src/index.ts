/**
 * `@feecast/sources`: usage events read from files and streams in constant memory, with the
 * file and line of every record that is not a valid event. Node only (the engine, which
 * prices the events, stays browser-safe and does not import this package).
 */

export {
  CLICKHOUSE_HINT,
  type ClickhouseEventsOptions,
  clickhouseEvents,
  clickhouseRows,
} from './clickhouse-events';
export { type LoadOptions, loadClickhouseEvents } from './clickhouse-load';
export {
  CLICKHOUSE_EVENT_COLUMNS,
  type ClickhouseEventRow,
  clickhouseDistributedTable,
  clickhouseEventsTable,
  clickhouseRow,
  clickhouseString,
  clickhouseTableName,
} from './clickhouse-table';
export {
  type ClickhouseTarget,
  clickhouseClient,
  clickhouseError,
  clickhouseName,
  parseClickhouseUrl,
} from './clickhouse-target';
export { CSV_HINT, type CsvHeader, csvHeader, csvRecord } from './csv-events';
export { type CsvRow, type CsvSplitter, type CsvStep, createCsvSplitter } from './csv-splitter';
export { type DecodeContext, decodeIn } from './decode-in';
export {
  type DuckdbEventsOptions,
  type DuckdbTarget,
  duckdbEvents,
  duckdbName,
  duckdbRows,
  parseDuckdbAddress,
} from './duckdb-events';
export type { DuckdbSettings } from './duckdb-instance';
export { type DuckdbApi, duckdbPlain } from './duckdb-value';
export {
  createEventDecoder,
  createLocatedEventDecoder,
  type EventDecoder,
  type EventItem,
  type EventStreamOptions,
  type LocatedItem,
  type TextFormat,
} from './event-decoder';
export {
  type AsyncEventSource,
  type EventSourceOptions,
  eventSource,
  locatedSource,
} from './event-source';
export { eventsFromChunks, locatedEventsFromChunks } from './event-stream';
export { createEventTally, type EventTally, type RejectionListener } from './event-tally';
export {
  EVENT_FORMATS,
  type EventFormat,
  formatFromName,
  hasGzipMagic,
  hasParquetMagic,
  isGzipName,
} from './file-format';
export { gunzipIfCompressed } from './gzip';
export { createJsonArraySplitter } from './json-array-splitter';
export { joinPath, pathSegments } from './json-path';
export { jsonErrorIndex } from './json-syntax';
export { describeOrigin, parseJsonText, type TextOrigin } from './json-text';
export { createLineSplitter } from './line-splitter';
export { type ParquetRow, parquetEvents, parquetRows } from './parquet';
export {
  type PrepareOptions,
  prepareSyncFile,
  prepareSyncRows,
  type SyncFile,
} from './prepare-sync-file';
export {
  type BacktestPushdownPlan,
  type PushdownBacktest,
  pushdownBacktest,
  type StatesPricer,
} from './pushdown/backtest';
export { clickhouseAggregates } from './pushdown/clickhouse-aggregates';
export { type DuckdbAggregatesTarget, duckdbAggregates } from './pushdown/duckdb-aggregates';
export { type ChargePlan, type PushdownPlan, pushdownPlan } from './pushdown/plan';
export type { Aggregates, SubscriptionState } from './pushdown/run';
export type { AggregatesSpec } from './pushdown/spec';
export {
  type MetricUsagePlan,
  type PushdownUsage,
  type PushdownUsageOptions,
  pushdownUsage,
  pushdownUsageOfAll,
  type UsageContext,
  type UsageTable,
} from './pushdown/usage';
export {
  collectEvents,
  eventFormatOf,
  type ReadEventsOptions,
  readEvents,
  readLocatedEvents,
} from './read-events';
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
export {
  decodedRows,
  propertyLayout,
  rowEvent,
  type TableRow,
} from './row-event';
export { scaled } from './scaled';
export { type Spooled, spoolStream } from './spool';
