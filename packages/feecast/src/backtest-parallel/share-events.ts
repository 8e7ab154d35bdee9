/**
 * The events of one share of a backtest split across worker threads, read from the events
 * file by that worker. Every share reads the whole file, but in an NDJSON file a worker
 * parses only the lines whose subscription is its own (told from the line's bytes,
 * `lineSubscription`): the parse is split with the pricing. Every event and rejected record
 * is accounted for by exactly one share, so the shares' counts add up to one reader's.
 */
import { isAscii } from 'node:buffer';
import { closeSync, openSync, readSync } from 'node:fs';
import { type FeecastError, feecastError } from '@feecast/engine';
import type { UsageEvent } from '@feecast/models';
import {
  createEventTally,
  createLocatedEventDecoder,
  type EventDecoder,
  formatFromName,
  type LocatedItem,
  readEventsSync,
} from '@feecast/sources';
import { isLeft } from 'fp-ts/lib/Either.js';
import { lineSubscriptions } from './line-subscription';

/** The events file as `openEventsFile` prepared it: a text file and how to read it. */
export interface ShareFile {
  readonly path: string;
  /** Its name in messages. */
  readonly name: string;
  readonly format?: 'ndjson' | 'json' | 'csv';
  readonly unit?: 'line' | 'row';
  readonly maxRecordChars?: number;
}

/** The events of one share, and how reading them went. */
export interface ShareReading {
  /** The events naming the share's subscriptions, in the file's order (iterable once). */
  readonly events: Iterable<UsageEvent>;
  /** Events this share accounts for that name no subscription of any share. */
  others(): number;
  /** The records this share accounts for that are not events, and the first (lowest line). */
  rejected(): { readonly count: number; readonly first?: { line: number; message: string } };
  /** The error of the whole file that ended the reading, if any. */
  error(): FeecastError | undefined;
}

const CHUNK_BYTES = 1 << 20;
/**
 * Bytes handed to the decoder at a time (64 KiB, as `readEventsSync` reads): it parses every
 * record of what it is given before the first is visited, so all the events of a piece are
 * alive until its last is visited. A whole chunk's (some 6,000 events) outlived the young
 * generation's collections and died in the old generation, in full collections.
 */
const PIECE_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

/** Whether `file` is NDJSON (as named, or as its first character tells: `{` not an envelope). */
export function isNdjson(file: ShareFile): boolean {
  if (file.format !== undefined) return file.format === 'ndjson';
  if (formatFromName(file.path) !== undefined) return false;
  let fd: number;
  try {
    fd = openSync(file.path, 'r');
  } catch {
    // Not known as NDJSON: the reader of every format reports the file's error.
    return false;
  }
  try {
    const head = Buffer.alloc(4096);
    const size = readSync(fd, head, 0, head.length, 0);
    const text = head
      .toString('utf8', 0, size)
      .replace(/^\uFEFF/, '')
      .trimStart();
    return text.startsWith('{') && !/^\{\s*"events"/.test(text);
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

/** The items of `bytes` given to `decoder` in pieces of at most {@link PIECE_BYTES}. */
function* decodeInPieces(
  decoder: EventDecoder<LocatedItem>,
  bytes: Buffer,
): Generator<LocatedItem, void> {
  for (let at = 0; at < bytes.length; at += PIECE_BYTES) {
    yield* decoder.push(bytes.subarray(at, at + PIECE_BYTES));
  }
}

/**
 * The end of the next piece of `data` from `start` to route: its lines up to some
 * {@link PIECE_BYTES} (a longer line: that line), each with its line break; every line to the
 * end when `final`; `start` when what is left is an unfinished line.
 */
function pieceEnd(data: Buffer, start: number, final: boolean): number {
  let stop = data.length;
  if (start + PIECE_BYTES < data.length) {
    stop = data.lastIndexOf(NEWLINE, start + PIECE_BYTES - 1) + 1;
    if (stop <= start) stop = data.indexOf(NEWLINE, start + PIECE_BYTES) + 1 || data.length;
  }
  if (stop < data.length || final) return stop;
  return Math.max(start, data.lastIndexOf(NEWLINE, data.length - 1) + 1);
}

/**
 * The located items (events and rejections) of the lines of an NDJSON file that share `me`
 * parses: its own lines and the lines whose subscription the bytes cannot tell (their line
 * numbers go to `unsure`); every other line is given to the decoder as an empty line, so the
 * line numbers of messages are the file's. The only share (`alone`) parses every line: the
 * chunks go to the decoder as they are read, no line looked at first.
 *
 * Memory: the chunk read, and the bytes kept for the decoder, are buffers used again from one
 * read to the next (none made outside the heap per read), and the text of a piece is small
 * enough to be made in the young generation. The text of a whole chunk (a megabyte) would be
 * a large object, in the old generation: one per read set off a full collection in each
 * worker every second or two (38 each at 10,000,000 events, in a trial of this reader).
 */
function* ownItems(
  file: ShareFile,
  me: number,
  shareOf: ReadonlyMap<string, number>,
  unsure: Set<number>,
  alone: boolean,
): Generator<LocatedItem, void> {
  const decoder = createLocatedEventDecoder({
    file: file.name,
    format: 'ndjson',
    ...(file.unit === undefined ? {} : { unit: file.unit }),
    ...(file.maxRecordChars === undefined ? {} : { maxRecordChars: file.maxRecordChars }),
  });
  let fd: number;
  try {
    fd = openSync(file.path, 'r');
  } catch (error) {
    yield* decoder.fail(error);
    return;
  }
  // What is read, after the start of a line not yet routed (`held` bytes) carried over.
  let buffer = Buffer.allocUnsafe(2 * CHUNK_BYTES);
  let held = 0;
  // The kept bytes of a piece that is not all ASCII.
  let out = Buffer.allocUnsafe(PIECE_BYTES);
  let line = 0;
  /**
   * This share's part of the lines of `piece` (each with its line break, but a last line
   * when `final`): its own lines (and the lines it cannot place: `unsure`) as they are,
   * every other line as its line break alone, so that the decoder counts the file's lines.
   * Each run of kept lines is taken at once: of ASCII bytes (the usual file), as text,
   * which is what the decoder would make of them, so it decodes none; else as bytes.
   */
  const route = (piece: Buffer, final: boolean): string | Buffer => {
    const text = piece.toString('latin1');
    const subscription = lineSubscriptions(piece, text);
    const ascii = isAscii(piece);
    const parts: string[] = [];
    if (!ascii && out.length < piece.length) out = Buffer.allocUnsafe(piece.length);
    let at = 0;
    // Where the kept lines not yet taken start (-1: none).
    let run = -1;
    const flush = (to: number) => {
      if (run < 0) return;
      if (ascii) parts.push(text.slice(run, to));
      else at += piece.copy(out, at, run, to);
      run = -1;
    };
    let start = 0;
    while (start < piece.length) {
      let end = text.indexOf('\n', start);
      if (end < 0 && !final) break;
      if (end < 0) end = piece.length;
      line++;
      const id = subscription(start, end);
      const owner = id === undefined ? -1 : id === null ? 0 : (shareOf.get(id) ?? 0);
      if (owner === -1) unsure.add(line);
      if (owner === me || owner === -1) {
        if (run < 0) run = start;
      } else {
        flush(start);
        // Its line break (a last line without one: nothing).
        if (end < piece.length) {
          if (ascii) parts.push('\n');
          else out[at++] = NEWLINE;
        }
      }
      start = end + 1;
    }
    flush(Math.min(start, piece.length));
    return ascii ? parts.join('') : out.subarray(0, at);
  };
  try {
    while (alone && !decoder.done) {
      // The decoder is done with a chunk before the next is read into it.
      const size = readSync(fd, buffer, 0, CHUNK_BYTES, null);
      yield* size === 0 ? decoder.end() : decodeInPieces(decoder, buffer.subarray(0, size));
      if (size === 0) return;
    }
    while (!decoder.done) {
      if (buffer.length - held < CHUNK_BYTES) {
        // A line longer than a chunk: twice the room (so a long line is copied a few times,
        // not once per read).
        const bigger = Buffer.allocUnsafe(2 * buffer.length);
        buffer.copy(bigger, 0, 0, held);
        buffer = bigger;
      }
      const size = readSync(fd, buffer, held, CHUNK_BYTES, null);
      const data = buffer.subarray(0, held + size);
      const final = size === 0;
      let start = 0;
      for (
        let stop = pieceEnd(data, start, final);
        stop > start;
        stop = pieceEnd(data, start, final)
      ) {
        // The decoder is done with a piece (and `out`) before the next is routed.
        yield* decoder.push(route(data.subarray(start, stop), final && stop === data.length));
        start = stop;
      }
      if (final) {
        yield* decoder.end();
        return;
      }
      buffer.copyWithin(0, start, data.length);
      held = data.length - start;
    }
  } catch (error) {
    yield* decoder.fail(error);
  } finally {
    closeSync(fd);
  }
}

/** Every located item of the file, parsed (a file that is not NDJSON: every share parses it all). */
function* allItems(file: ShareFile): Generator<LocatedItem> {
  const items: LocatedItem[] = [];
  const source = readEventsSync(file.path, {
    name: file.name,
    ...(file.format === undefined ? {} : { format: file.format }),
    ...(file.unit === undefined ? {} : { unit: file.unit }),
    ...(file.maxRecordChars === undefined ? {} : { maxRecordChars: file.maxRecordChars }),
    onRejected: (error, line) => items.push({ item: { _tag: 'Left', left: error }, line }),
  });
  for (const event of source.events) {
    yield* items.splice(0);
    yield { item: { _tag: 'Right', right: event }, line: source.line() };
  }
  yield* items.splice(0);
  const broken = source.error();
  if (broken !== undefined) yield { item: { _tag: 'Left', left: broken } };
}

/**
 * The events of share `me` of the file: those naming one of its subscriptions (`shareOf`
 * maps each subscription of the backtest to its share). Share 0 also accounts for the events
 * that name no subscription of any share (`others`) and for the records that the bytes could
 * not place and that are not events.
 */
export function shareEvents(
  file: ShareFile,
  me: number,
  shareOf: ReadonlyMap<string, number>,
): ShareReading {
  let others = 0;
  let count = 0;
  let first: { line: number; message: string } | undefined;
  const tally = createEventTally((error, line) => {
    count++;
    if (first === undefined || line < first.line) first = { line, message: error.message };
  });
  const ndjson = isNdjson(file);
  const unsure = new Set<number>();
  // The only share: every line is its own (or no subscription's), none to tell apart.
  let alone = me === 0;
  for (const share of shareOf.values()) if (share !== me) alone = false;
  function* events(): Generator<UsageEvent, void, undefined> {
    const items = ndjson ? ownItems(file, me, shareOf, unsure, alone) : allItems(file);
    for (const located of items) {
      // In a file that is not NDJSON, every record is parsed by every share.
      const shared = located.line !== undefined && (!ndjson || unsure.has(located.line));
      if (isLeft(located.item) && shared && me !== 0) continue;
      const event = tally.take(located);
      if (tally.stopped) return;
      if (event === undefined) continue;
      const id = event.external_subscription_id;
      const owner = typeof id === 'string' ? shareOf.get(id) : undefined;
      if (owner === me) yield event;
      else if (owner === undefined && (me === 0 || !shared)) others++;
      else if (!shared) {
        // A line placed by its bytes is its subscription's (see lineSubscription): never here.
        tally.fail(
          feecastError(
            'unexpected_error',
            `${file.name} line ${located.line}: its event names ${String(id)}, not a subscription of this worker's share.`,
          ),
        );
        return;
      }
    }
  }
  return {
    events: { [Symbol.iterator]: events },
    others: () => others,
    rejected: () => ({ count, ...(first === undefined ? {} : { first }) }),
    error: tally.error,
  };
}
