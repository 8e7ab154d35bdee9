import {
  createDecimalSum,
  type DecimalSum,
  isDecimal,
  numberText,
  POW10,
  type Scan,
  scanDecimal,
} from '../core/index';
import type { DictionaryColumn, EventBatch } from './batch';
import type { Bucket, Slot } from './bucket';
import type { IdSet } from './id-set';
import type { UniqueValue } from './kinds/kind';
import type { CompiledMetric } from './metric';
import type { ResolvedOptions } from './options';
import { propertyText } from './property';
import type { RejectionLog } from './rejection';

/** What the kernel reads and writes of a pass (see `MetricPass`). @internal */
export interface KernelTarget {
  readonly metric: CompiledMetric;
  readonly options: ResolvedOptions;
  /** A recurring metric reads events before the period. */
  readonly readsHistory: boolean;
  readonly consumers: readonly {
    readonly route: (properties: Readonly<Record<string, unknown>> | undefined) => number;
    readonly routeKeys: readonly string[];
    readonly buckets: readonly Bucket[];
    readonly prorated: boolean;
    /** Its buckets keep per-event records (which the kernels do not write). */
    readonly recording: boolean;
  }[];
  readonly log: RejectionLog;
  idsOf(subscription: unknown): IdSet;
  countOutside(count: number): void;
}

/**
 * A columnar kernel of batches ({@link addBatchColumnar}): adds a batch's rows to a pass and
 * says `true`, or changes nothing and says `false` (the pass then reads the rows one by one).
 * @internal
 */
export type ColumnarKernel = (target: KernelTarget, batch: EventBatch, base: number) => boolean;

/** The most combinations of routing and grouping values a consumer's lookup table holds. */
const MAX_COMBINATIONS = 1 << 22;
/** A value column whose unique count keeps one latest-operation cell per value and group. */
const MAX_UNIQUE_CELLS = 1 << 24;
/** Scaled totals are flushed into an exact sum before they could leave the exact range. */
const FLUSH_AT = 2 ** 52;

/** How a dictionary entry of the value column counts. */
const FAST = 0;
const EXACT = 1;
const INVALID = 2;
const MISSING = 3;
const INVALID_OPERATION = 4;

/** A consumer's combinations of routing and grouping values, each to a run (or -1: none). */
interface ConsumerTable {
  readonly columns: readonly (DictionaryColumn | undefined)[];
  readonly keys: readonly string[];
  /** Radix of each column: its dictionary size plus one (the absent value). */
  readonly radices: readonly number[];
  /** Per combination: -2 not yet seen, -1 no bucket, else the run index. */
  readonly runs: Int32Array;
}

/** One slot's accumulators while the batch is read. */
interface Run {
  readonly slot: Slot;
  count: number;
  /** Sums: the scaled total so far (exact, below 2^52 in magnitude). */
  units: number;
  /** Sums: values beyond the scaled path, and flushed totals. */
  exact: DecimalSum | undefined;
  /** Unique counts: per value entry, its latest packed operation (NaN: none). */
  latest: Float64Array | undefined;
}

/**
 * The columnar kernel (issue 19 §3): aggregates a batch's rows into a pass's bucket states
 * without building an object per event, for counts, sums and unique counts without per-event
 * views, expressions or proration. Each value and each combination of routing and grouping
 * values is read once per batch, not once per row; rows are then a few typed-array reads. The
 * figures equal the object path's (`pass.add` per event) exactly, rejections included (same
 * reasons, order and stream positions), which a differential property test checks.
 *
 * Returns `false`, having changed nothing, when the pass is not one it covers: the caller
 * then adds the rows as objects.
 * @internal
 */
export function addBatchColumnar(target: KernelTarget, batch: EventBatch, base: number): boolean {
  const { metric, options } = target;
  const type = metric.kind.type;
  if (
    metric.expression !== undefined ||
    metric.recurring ||
    target.consumers.some((c) => c.prorated || c.recording) ||
    (type !== 'count_agg' && type !== 'sum_agg' && type !== 'unique_count_agg')
  ) {
    return false;
  }
  const tables: ConsumerTable[] = [];
  for (const consumer of target.consumers) {
    const table = consumerTable(batch, consumer);
    if (table === undefined) return false;
    tables.push(table);
  }
  const field = metric.fieldName === undefined ? undefined : batch.properties.get(metric.fieldName);
  const values =
    type === 'sum_agg'
      ? derived(batch, `sum:${metric.fieldName}`, () => sumEntries(field))
      : type === 'unique_count_agg'
        ? derived(batch, `unique:${metric.fieldName}`, () =>
            uniqueEntries(field, batch.properties.get('operation_type')),
          )
        : undefined;
  if (values === undefined && type !== 'count_agg') return false;
  if (
    type === 'unique_count_agg' &&
    (field?.values.length ?? 0) * countBuckets(target) > MAX_UNIQUE_CELLS
  ) {
    return false;
  }

  const codeIndex = batch.code.values.indexOf(metric.code);
  if (codeIndex < 0) return true;
  const runs: Run[] = [];
  // A unique count keeps one cell per value entry, and one more for events without the field
  // (one value, `null`, aggregations.md §1.5b).
  const nullCell = field?.values.length ?? 0;
  const cells = type === 'unique_count_agg' ? nullCell + 1 : -1;
  const countsMissing = metric.kind.countsMissing === true;
  const { fromMs, endMs, deduplicate } = options;
  const { readsHistory, log } = target;
  const codes = batch.code.codes;
  const times = batch.timeMs;
  const hashes = batch.idHashes;
  const ids = batch.transactionIds;
  const subscriptions = batch.subscription;
  const fieldCodes = field?.codes;
  const needsField = metric.fieldName !== undefined;
  const classes = values?.classes;
  const units = values?.units;
  const scale = values?.scale ?? 0;
  const operations = values?.operations;
  let outside = 0;

  rows: for (let row = 0; row < batch.length; row++) {
    if (codes[row] !== codeIndex) continue;
    const position = base + row;
    const hash = hashes[row] ?? 0;
    if (hash === 0) {
      log.add(position, 'missing_transaction_id', ids[row], ids[row]);
      continue;
    }
    const timeMs = times[row] ?? Number.NaN;
    if (Number.isNaN(timeMs)) {
      log.add(position, 'invalid_timestamp', ids[row], batch.badTimestamps.get(row));
      continue;
    }
    if (timeMs >= endMs || (timeMs < fromMs && !readsHistory)) {
      outside++;
      continue;
    }
    const id = ids[row] as string;
    if (deduplicate) {
      const s = subscriptions.codes[row] ?? -1;
      // As `pass.add`: an event without a subscription id (or with null) is keyed ''.
      const subscription = (s < 0 ? undefined : subscriptions.values[s]) ?? '';
      if (!target.idsOf(subscription).addHashed(id, hash)) {
        log.add(position, 'duplicate_transaction_id', id, undefined);
        continue;
      }
    }
    let entry = -1;
    let kind = FAST;
    if (needsField) {
      entry = fieldCodes === undefined ? -1 : (fieldCodes[row] ?? -1);
      kind = entry < 0 ? MISSING : (classes?.[entry] ?? INVALID);
      if (kind === MISSING) {
        if (!countsMissing) {
          log.add(position, 'missing_value', id, undefined);
          continue;
        }
        entry = nullCell;
        kind = FAST;
      }
    }
    let operation = 1;
    if (operations !== undefined) {
      const o = operations.codes[row] ?? -1;
      operation = o < 0 ? 1 : (operations.kinds[o] ?? INVALID_OPERATION);
    }
    let taken = false;
    for (let c = 0; c < tables.length; c++) {
      const run = runOf(tables[c] as ConsumerTable, row, target, c, runs, cells);
      if (run === undefined) continue;
      if (!taken) {
        // The first consumer the event reaches takes the value or refuses it (as `pass.add`).
        if (kind === INVALID) {
          log.add(position, 'invalid_value', id, field?.values[entry]);
          continue rows;
        }
        if (operation === INVALID_OPERATION) {
          const o = operations?.codes[row] ?? -1;
          log.add(position, 'invalid_operation_type', id, operations?.values[o]);
          continue rows;
        }
        taken = true;
      }
      run.count++;
      if (type === 'sum_agg') {
        if (kind === FAST) {
          run.units += units?.[entry] ?? 0;
          if (run.units >= FLUSH_AT || run.units <= -FLUSH_AT) flush(run, scale);
        } else {
          run.exact ??= createDecimalSum();
          run.exact.add(field?.values[entry]);
        }
      } else if (type === 'unique_count_agg') {
        const latest = run.latest as Float64Array;
        const previous = latest[entry] ?? Number.NaN;
        // Ties on the timestamp go to the later event of the stream.
        if (Number.isNaN(previous) || timeMs >= Math.floor(previous / 2)) {
          latest[entry] = timeMs * 2 + operation;
        }
      }
    }
  }
  target.countOutside(outside);
  for (const run of runs) finish(run, type, scale, values?.texts);
  return true;
}

/** A view of a batch's columns, computed once and kept with the batch. */
function derived<T>(batch: EventBatch, key: string, compute: () => T): T {
  if (batch.derived.has(key)) return batch.derived.get(key) as T;
  const value = compute();
  batch.derived.set(key, value);
  return value;
}

/** The buckets a run can be kept for, over every consumer (a bound for unique counts' memory). */
function countBuckets(target: KernelTarget): number {
  let total = 0;
  for (const consumer of target.consumers) total += consumer.buckets.length;
  return Math.max(total, 1) * 8;
}

/** The lookup table of a consumer's routing and grouping combinations, or `undefined` if too large. */
function consumerTable(
  batch: EventBatch,
  consumer: KernelTarget['consumers'][number],
): ConsumerTable | undefined {
  const keys = new Set(consumer.routeKeys);
  for (const bucket of consumer.buckets) for (const key of bucket.groupKeys) keys.add(key);
  const list = [...keys];
  const columns = list.map((key) => batch.properties.get(key));
  const radices = columns.map((column) => (column?.values.length ?? 0) + 1);
  let combinations = 1;
  for (const radix of radices) {
    combinations *= radix;
    if (combinations > MAX_COMBINATIONS) return undefined;
  }
  return { columns, keys: list, radices, runs: new Int32Array(combinations).fill(-2) };
}

/** The run of row `row` in consumer `c` (created with its combination), or `undefined`: none. */
function runOf(
  table: ConsumerTable,
  row: number,
  target: KernelTarget,
  c: number,
  runs: Run[],
  cells: number,
): Run | undefined {
  let combination = 0;
  const count = table.columns.length;
  if (count === 1) {
    // The common case (one filter key, or one group key): no loop.
    const column = table.columns[0];
    combination = column === undefined ? 0 : (column.codes[row] ?? -1) + 1;
  } else if (count > 1) {
    let stride = 1;
    for (let k = 0; k < count; k++) {
      const column = table.columns[k];
      const code = column === undefined ? -1 : (column.codes[row] ?? -1);
      combination += (code + 1) * stride;
      stride *= table.radices[k] ?? 1;
    }
  }
  let index = table.runs[combination] ?? -2;
  if (index === -2) {
    index = newRun(table, combination, target.consumers[c], runs, cells);
    table.runs[combination] = index;
  }
  return index < 0 ? undefined : runs[index];
}

/**
 * Routes a combination once, through the consumer's own routing and grouping of objects;
 * `cells`: the latest-operation cells of a unique count's run (-1: not a unique count).
 */
function newRun(
  table: ConsumerTable,
  combination: number,
  consumer: KernelTarget['consumers'][number] | undefined,
  runs: Run[],
  cells: number,
): number {
  const properties: Record<string, unknown> = {};
  let rest = combination;
  for (let k = 0; k < table.columns.length; k++) {
    const radix = table.radices[k] ?? 1;
    const code = (rest % radix) - 1;
    rest = Math.floor(rest / radix);
    const column = table.columns[k];
    if (code >= 0 && column !== undefined)
      properties[table.keys[k] as string] = column.values[code];
  }
  const bucketIndex = consumer?.route(properties) ?? -1;
  const bucket = bucketIndex < 0 ? undefined : consumer?.buckets[bucketIndex];
  if (bucket === undefined) return -1;
  const slot = bucket.slotFor(properties);
  // Two combinations can share a slot (values of the same text, keys only routing reads).
  const existing = runs.findIndex((run) => run.slot === slot);
  if (existing >= 0) return existing;
  const latest = cells < 0 ? undefined : new Float64Array(cells).fill(Number.NaN);
  runs.push({ slot, count: 0, units: 0, exact: undefined, latest });
  return runs.length - 1;
}

/** Moves a run's scaled total into its exact sum. */
function flush(run: Run, scale: number): void {
  if (run.units === 0) return;
  run.exact ??= createDecimalSum();
  run.exact.addScaled(run.units, scale);
  run.units = 0;
}

/** Hands a run to its slot's state, as if its events had been added one by one. */
function finish(
  run: Run,
  type: string,
  scale: number,
  texts: readonly (string | undefined)[] | undefined,
): void {
  const state = run.slot.state;
  if (state.absorb === undefined) throw new Error('a kernel kind without absorb');
  if (type === 'sum_agg') {
    flush(run, scale);
    state.absorb({ count: run.count, total: run.exact ?? createDecimalSum() });
    return;
  }
  if (type === 'unique_count_agg') {
    const latest = new Map<UniqueValue, number>();
    const cells = run.latest;
    if (cells !== undefined) {
      for (let entry = 0; entry < cells.length; entry++) {
        const op = cells[entry] ?? Number.NaN;
        // The last cell is the events without the field: the value `null`.
        const text = entry === cells.length - 1 ? null : texts?.[entry];
        if (!Number.isNaN(op) && text !== undefined) latest.set(text, op);
      }
    }
    state.absorb({ count: run.count, latest });
    return;
  }
  state.absorb({ count: run.count });
}

/** How the value entries of a sum count, and the fast ones as units at one common scale. */
interface SumEntries {
  readonly classes: Uint8Array;
  readonly units: Float64Array;
  readonly scale: number;
  readonly texts?: undefined;
  readonly operations?: undefined;
}

/** Reads each distinct value of a sum's field once. */
function sumEntries(field: DictionaryColumn | undefined): SumEntries {
  const values = field?.values ?? [];
  const classes = new Uint8Array(values.length);
  const mantissas = new Float64Array(values.length);
  const scales = new Int32Array(values.length);
  const scan: Scan = { negative: false, mantissa: 0, exact: true, scale: 0 };
  let scale = 0;
  values.forEach((value, entry) => {
    if (value === undefined || value === null) {
      classes[entry] = MISSING;
      return;
    }
    if (isDecimal(value)) {
      classes[entry] = EXACT;
      return;
    }
    const text =
      typeof value === 'string' ? value : typeof value === 'number' ? numberText(value) : undefined;
    if (text === undefined || scanDecimal(text, scan) !== undefined) {
      classes[entry] = INVALID;
      return;
    }
    if (!scan.exact || scan.scale < 0 || scan.scale > 15) {
      classes[entry] = EXACT;
      return;
    }
    mantissas[entry] = scan.negative ? -scan.mantissa : scan.mantissa;
    scales[entry] = scan.scale;
    if (scan.scale > scale) scale = scan.scale;
  });
  const units = new Float64Array(values.length);
  for (let entry = 0; entry < values.length; entry++) {
    if (classes[entry] !== FAST) continue;
    const u = (mantissas[entry] ?? 0) * (POW10[scale - (scales[entry] ?? 0)] ?? Number.NaN);
    // Each value below 2^52 in magnitude, a run's total below 2^52 before each add: exact.
    if (!(Math.abs(u) < FLUSH_AT) || !Number.isInteger(u)) {
      classes[entry] = EXACT;
    } else units[entry] = u;
  }
  return { classes, units, scale };
}

/** How the value entries of a unique count count, their texts, and the operation column. */
interface UniqueEntries {
  readonly classes: Uint8Array;
  readonly texts: readonly (string | undefined)[];
  readonly units?: undefined;
  readonly scale?: undefined;
  readonly operations: {
    readonly codes: Int32Array;
    readonly values: readonly unknown[];
    /** Per operation entry: 1 add, 0 remove, INVALID_OPERATION otherwise. */
    readonly kinds: Uint8Array;
  };
}

/**
 * Reads each distinct value of a unique count's field and of `operation_type` once, or
 * `undefined` when two entries have the same text (`1` and `"1"`): the object path then
 * decides their ties by stream order, which the kernel does not keep.
 */
function uniqueEntries(
  field: DictionaryColumn | undefined,
  operations: DictionaryColumn | undefined,
): UniqueEntries | undefined {
  const values = field?.values ?? [];
  const classes = new Uint8Array(values.length);
  const texts: (string | undefined)[] = new Array(values.length);
  const seen = new Set<string>();
  for (let entry = 0; entry < values.length; entry++) {
    const value = values[entry];
    if (value === undefined || value === null) {
      classes[entry] = MISSING;
      continue;
    }
    const text = propertyText(value);
    if (text === undefined) {
      classes[entry] = INVALID;
      continue;
    }
    if (seen.has(text)) return undefined;
    seen.add(text);
    texts[entry] = text;
  }
  const opValues = operations?.values ?? [];
  const kinds = new Uint8Array(opValues.length);
  opValues.forEach((value, o) => {
    kinds[o] = value === 'add' ? 1 : value === 'remove' ? 0 : INVALID_OPERATION;
  });
  return {
    classes,
    texts,
    operations: {
      codes: operations?.codes ?? new Int32Array(0),
      values: opValues,
      kinds,
    },
  };
}
