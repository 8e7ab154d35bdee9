/**
 * The progress bar of long event files, on stderr: a pure function renders the text, a small
 * writer draws it only on a terminal.
 */
import type { ReadProgress } from '@feecast/sources';
import { terminalText } from './terminal-text';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * A byte count for people, with one decimal from KB up (1 KB = 1024 B), rounded down.
 *
 * @example
 * formatBytes(1536)     // '1.5 KB'
 * formatBytes(52428800) // '50.0 MB'
 */
export function formatBytes(bytes: number): string {
  let unit = 0;
  let scale = 1;
  while (unit < UNITS.length - 1 && bytes >= scale * 1024) {
    unit++;
    scale *= 1024;
  }
  if (unit === 0) return `${bytes} B`;
  const tenths = Math.floor((bytes * 10) / scale);
  return `${Math.floor(tenths / 10)}.${tenths % 10} ${UNITS[unit]}`;
}

/** The widest byte count `formatBytes` writes (`1023.9 KB`). */
const BYTES_WIDTH = 9;

/** The narrowest bar drawn, in characters between the brackets. */
const MIN_BAR = 10;

/**
 * One line of progress, `width` characters wide: `label [####------]  40%  20.0 MB / 50.0 MB`
 * when the size is known, `label  20.0 MB read` otherwise. The bar fills in whole steps,
 * rounded down (full only at the end); a label too long for the width is shortened from the
 * left (`…ts/events.ndjson`). The bar's length stays the same while it fills.
 *
 * @example
 * renderProgressBar('events.ndjson', { bytesRead: 512, totalBytes: 1024 }, 60)
 * // 'events.ndjson [#########----------]  50%      512 B / 1.0 KB'
 */
export function renderProgressBar(label: string, progress: ReadProgress, width: number): string {
  const name = terminalText(label);
  const { bytesRead, totalBytes } = progress;
  if (totalBytes === undefined) return `${name}  ${formatBytes(bytesRead)} read`.slice(-width);
  const done = Math.min(bytesRead, totalBytes);
  const percent = totalBytes === 0 ? 100 : Math.floor((done * 100) / totalBytes);
  // The bytes read take a fixed width, so that the bar keeps its length while it fills.
  const tail = ` ${String(percent).padStart(3)}%  ${formatBytes(done).padStart(BYTES_WIDTH)} / ${formatBytes(totalBytes)}`;
  const room = width - tail.length - 3 - MIN_BAR;
  const shown =
    name.length <= room ? name : room > 1 ? `…${name.slice(name.length - room + 1)}` : '';
  const barWidth = Math.max(MIN_BAR, width - shown.length - tail.length - 3);
  const filled = totalBytes === 0 ? barWidth : Math.floor((done * barWidth) / totalBytes);
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(barWidth - filled)}]`;
  return shown === '' ? `${bar}${tail}` : `${shown} ${bar}${tail}`;
}

/** Where the bar is drawn: stderr, or a test double. */
export interface ProgressStream {
  /** Drawn only when `true`: a pipe or a file gets nothing. */
  readonly isTTY?: boolean;
  /** The terminal's width (default 80). */
  readonly columns?: number;
  write(text: string): unknown;
}

/** A progress bar being drawn. */
export interface ProgressWriter {
  /** Draws the bar for this progress (only when its text changes). */
  update(progress: ReadProgress): void;
  /** Clears the bar's line, so that what follows starts clean. */
  done(): void;
}

/**
 * A progress bar on `stream` (e.g. `process.stderr`) that draws only when the stream is a
 * terminal, redraws only when the text changes (so at most a few hundred writes for any
 * file), and erases itself when done.
 *
 * @example
 * const bar = createProgressWriter(process.stderr, 'events.ndjson');
 * for await (const item of readEvents(file, { onProgress: bar.update })) { ... }
 * bar.done();
 */
export function createProgressWriter(stream: ProgressStream, label: string): ProgressWriter {
  const line = createStatusLine(stream);
  return {
    update: (progress) => line.draw((width) => renderProgressBar(label, progress, width)),
    done: line.done,
  };
}

/**
 * One line of a count of rows read from a table, `width` characters wide at most:
 * `label  1,250,000 rows read` (a label too long is shortened from the left).
 *
 * @example
 * renderRowsRead('clickhouse://127.0.0.1:8123/?table=events', 1250000, 80)
 * // 'clickhouse://127.0.0.1:8123/?table=events  1,250,000 rows read'
 */
export function renderRowsRead(label: string, rows: number, width: number): string {
  const name = terminalText(label);
  const tail = `  ${rows.toLocaleString('en-US')} rows read`;
  const room = width - tail.length;
  const shown =
    name.length <= room ? name : room > 1 ? `…${name.slice(name.length - room + 1)}` : '';
  return `${shown}${tail}`;
}

/** A count of rows being drawn (see {@link renderRowsRead}). */
export interface RowsProgressWriter {
  /** Draws the count (only when its text changes). */
  update(rows: number): void;
  /** Clears the line. */
  done(): void;
}

/**
 * A count of the rows read from a database table on `stream`, drawn as
 * {@link createProgressWriter} draws its bar: only on a terminal, erased when done.
 *
 * @example
 * const counter = createRowsProgressWriter(process.stderr, 'duckdb:usage.duckdb#events');
 * counter.update(10000); counter.done();
 */
export function createRowsProgressWriter(
  stream: ProgressStream,
  label: string,
): RowsProgressWriter {
  const line = createStatusLine(stream);
  return {
    update: (rows) => line.draw((width) => renderRowsRead(label, rows, width)),
    done: line.done,
  };
}

/**
 * A duration for people, rounded up to the second: `45s`, `3m 20s`, `1h 05m`.
 *
 * @example
 * formatDuration(200_000) // '3m 20s'
 */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/**
 * One line of a count of work done, `width` characters wide at most, with the time left at
 * the rate so far: `label  1,200 / 24,000 invoices   5%  ETA 3m 20s` (no ETA before the
 * first item is done).
 *
 * @example
 * renderCountProgress('pricing', { done: 1200, total: 24000, elapsedMs: 10_000 }, 'invoices', 80)
 * // 'pricing  1,200 / 24,000 invoices   5%  ETA 3m 10s'
 */
export function renderCountProgress(
  label: string,
  progress: { readonly done: number; readonly total: number; readonly elapsedMs: number },
  what: string,
  width: number,
): string {
  const { done, total, elapsedMs } = progress;
  const percent = total === 0 ? 100 : Math.floor((Math.min(done, total) * 100) / total);
  const left = done === 0 ? '' : `  ETA ${formatDuration(((total - done) * elapsedMs) / done)}`;
  const text = `${terminalText(label)}  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} ${what} ${String(percent).padStart(3)}%${left}`;
  return text.length <= width ? text : text.slice(text.length - width);
}

/** A count of work being drawn (see {@link renderCountProgress}). */
export interface CountProgressWriter {
  /** Draws the count of `total` done (only when its text changes). */
  update(done: number, total: number): void;
  /** Clears the line. */
  done(): void;
}

/**
 * A count with its ETA on `stream`, drawn as {@link createProgressWriter} draws its bar:
 * only on a terminal, erased when done; `now` gives the clock (milliseconds).
 *
 * @example
 * const pricing = createCountProgressWriter(process.stderr, 'feecast backtest', 'invoices');
 * pricing.update(1200, 24000); pricing.done();
 */
export function createCountProgressWriter(
  stream: ProgressStream,
  label: string,
  what: string,
  now: () => number = () => Date.now(),
): CountProgressWriter {
  const line = createStatusLine(stream);
  const started = now();
  return {
    update: (done, total) =>
      line.draw((width) =>
        renderCountProgress(label, { done, total, elapsedMs: now() - started }, what, width),
      ),
    done: line.done,
  };
}

/** A line redrawn in place on a terminal (nothing on a pipe or a file), erased when done. */
function createStatusLine(stream: ProgressStream) {
  let last = '';
  return {
    draw(render: (width: number) => string) {
      if (stream.isTTY !== true) return;
      const text = render((stream.columns ?? 80) - 1);
      if (text === last) return;
      last = text;
      stream.write(`\r${text}\u001b[K`);
    },
    done() {
      if (stream.isTTY !== true || last === '') return;
      stream.write('\r\u001b[K');
      last = '';
    },
  };
}
