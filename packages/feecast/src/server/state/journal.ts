/**
 * The data directory of a server: a snapshot (`state.json`) and a journal (`journal.log`) of
 * the changes made since. Each change is one checksummed record appended to the journal and
 * flushed to disk (fdatasync) before its answer; changes that arrive while a flush is under
 * way are written together by the next one (group commit). Now and then the state is
 * compacted into a new snapshot and the journal emptied. At start the snapshot is read and
 * the journal replayed; see STATE.md ("The journal") for the format and the recovery rules.
 */
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { join } from 'node:path';
import { isLeft } from 'fp-ts/lib/Either.js';
import {
  applyRecord,
  type JournalRecord,
  readRecordLine,
  recordLine,
  recordOf,
} from './journal-record';
import { readSnapshotSync, SNAPSHOT_FILE, snapshotText } from './snapshot';
import type { ServerState } from './state';

/** The file name of the journal inside a data directory. */
export const JOURNAL_FILE = 'journal.log';

/** The journal is compacted when it grows past this many bytes, or past the snapshot's size. */
const COMPACT_MIN_BYTES = 16 * 1024 * 1024;

/** What reading a journal found. */
export interface JournalReplay {
  /** The state: the snapshot with every good record applied. */
  readonly state: ServerState;
  /** The sequence number of the last record applied (the snapshot's when none was). */
  readonly sequence: number;
  /** The byte length of the good records (the rest is dropped). */
  readonly goodBytes: number;
  /** Why records were dropped, naming the first one dropped; `undefined` when none was. */
  readonly problem?: {
    readonly kind: 'torn_tail' | 'damaged';
    readonly message: string;
    /** The number of the first record dropped (1 for the journal's first line). */
    readonly record: number;
  };
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

function fsyncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Replays `text` (a journal's content, read as `file`) on `base`, whose snapshot holds the
 * records up to `baseSequence`: records already in the snapshot are skipped, the others must
 * follow each other (1, 2, 3, ...). The first record that is not whole and good ends the
 * replay: when it is the last line (a write cut short by a crash) it is a `torn_tail`; when
 * good records follow it, the journal is `damaged`, and the message names the record (its
 * number, byte offset and why).
 *
 * @example
 * replayJournal(state, 0, '<checksum> {"seq":1,"changes":{...}}\n', 'journal.log'); // { state: ..., sequence: 1 }
 */
export function replayJournal(
  base: ServerState,
  baseSequence: number,
  text: string,
  file: string,
): JournalReplay {
  let state = base;
  let sequence = baseSequence;
  let offset = 0;
  let index = 0;
  while (offset < text.length) {
    index += 1;
    const end = text.indexOf('\n', offset);
    const line = end === -1 ? text.slice(offset) : text.slice(offset, end);
    const read: JournalRecord | string =
      end === -1 ? 'it is cut short (no newline at its end)' : readRecordLine(line);
    const next = end === -1 ? text.length : end + 1;
    let why: string | undefined = typeof read === 'string' ? read : undefined;
    if (typeof read !== 'string' && read.seq > sequence && read.seq !== sequence + 1) {
      why = `its sequence number is ${read.seq}, ${sequence + 1} was expected`;
    }
    if (why !== undefined) {
      const bytes = Buffer.byteLength(text.slice(0, offset));
      const last = next >= text.length;
      const message = `${file}: record ${index} (at byte ${bytes}) is unreadable: ${why}.`;
      return {
        state,
        sequence,
        goodBytes: bytes,
        problem: last
          ? {
              kind: 'torn_tail',
              message: `${message} It was the last one (a write cut short); it is dropped.`,
              record: index,
            }
          : {
              kind: 'damaged',
              message: `${message} The server starts from the record before it (sequence ${sequence}); the records from it on are dropped and the damaged journal is kept as `,
              record: index,
            },
      };
    }
    if (typeof read !== 'string' && read.seq > sequence) {
      state = applyRecord(state, read);
      sequence = read.seq;
    }
    offset = next;
  }
  return { state, sequence, goodBytes: Buffer.byteLength(text) };
}

/**
 * What a data directory holds, read only: its snapshot with its journal replayed
 * (`undefined` when it has no snapshot yet), and the problem of its journal if it has one.
 * Throws when the snapshot cannot be read or decoded.
 *
 * @example
 * readDataDirectory('./feecast-data')?.state.events.length;
 */
export function readDataDirectory(dataDir: string): JournalReplay | undefined {
  const snapshot = readSnapshotSync(dataDir);
  if (isLeft(snapshot)) throw new Error(snapshot.left.message);
  if (snapshot.right === undefined) return undefined;
  const journalFile = join(dataDir, JOURNAL_FILE);
  return replayJournal(
    snapshot.right.state,
    snapshot.right.journalSequence,
    readJournalText(journalFile),
    journalFile,
  );
}

function readJournalText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (isMissing(error)) return '';
    throw error;
  }
}

/** A pending change: its line, and the promise of its answer to settle once it is on disk. */
interface Pending {
  readonly line: string;
  readonly state: ServerState;
  readonly sequence: number;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/** An open data directory: the state it holds, and where changes are appended. */
export interface DataDirectory {
  /** The state read at start: the snapshot with the journal replayed. */
  readonly state: ServerState;
  /**
   * Appends the change from `before` to `next` (the state it applies to must be the last one
   * appended) and resolves once it is on disk; rejects when it cannot be written.
   */
  append(before: ServerState, next: ServerState): Promise<void>;
  /** The last state on disk (after a failed write, the server goes back to it). */
  durableState(): ServerState;
  /** Writes the last state on disk as the snapshot and removes the journal (a clean stop). */
  close(): void;
}

/**
 * Opens `dataDir` (created if needed): its snapshot (or `initial` when there is none) with
 * its journal replayed. A torn last record is dropped; a damaged one (good records after it)
 * is reported through `warn`, the state is the one before it, the journal is moved aside
 * (`journal.damaged-<time>.log`) and a new snapshot written. Throws when the snapshot cannot
 * be read or decoded.
 *
 * @example
 * const dir = openDataDirectory('./feecast-data', () => exampleState(new Date()), console.error);
 * await dir.append(state, next); // on disk
 */
export function openDataDirectory(
  dataDir: string,
  initial: () => ServerState,
  warn: (message: string) => void,
): DataDirectory {
  const snapshot = readSnapshotSync(dataDir);
  if (isLeft(snapshot)) throw new Error(snapshot.left.message);
  const journalFile = join(dataDir, JOURNAL_FILE);
  const text = readJournalText(journalFile);
  const base = snapshot.right?.state ?? initial();
  const replay = replayJournal(base, snapshot.right?.journalSequence ?? 0, text, journalFile);

  let durable = replay.state;
  let durableSequence = replay.sequence;
  let sequence = replay.sequence;
  /** Set when a write failed: the journal may end with part of a record, so nothing more is added. */
  let failure: unknown;
  let snapshotSequence = snapshot.right?.journalSequence ?? 0;
  let hasSnapshot = snapshot.right !== undefined;
  let snapshotBytes = 0;
  let journalBytes = replay.goodBytes;

  function writeSnapshotSync(state: ServerState, journalSequence: number): void {
    mkdirSync(dataDir, { recursive: true });
    const target = join(dataDir, SNAPSHOT_FILE);
    const temporary = join(dataDir, `.${SNAPSHOT_FILE}.${process.pid}.tmp`);
    const content = snapshotText(state, journalSequence);
    const fd = openSync(temporary, 'w', 0o600);
    try {
      writeFileSync(fd, content, 'utf8');
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, target);
    fsyncDirectory(dataDir);
    snapshotBytes = Buffer.byteLength(content);
    snapshotSequence = journalSequence;
    hasSnapshot = true;
  }

  if (replay.problem?.kind === 'damaged') {
    const kept = join(dataDir, `journal.damaged-${Date.now()}.log`);
    renameSync(journalFile, kept);
    writeSnapshotSync(replay.state, replay.sequence);
    warn(
      `${replay.problem.message}${kept}. What to do: the changes from record ${replay.problem.record} on are not in the state; send them again, or stop the server before it takes a change, repair record ${replay.problem.record} in that file, put it back as ${JOURNAL_FILE} and start again.`,
    );
    journalBytes = 0;
  } else if (replay.problem !== undefined) {
    warn(replay.problem.message);
  }

  let handle: FileHandle | undefined;
  let truncateTo: number | undefined =
    replay.problem?.kind === 'torn_tail' ? replay.goodBytes : undefined;
  let pending: Pending[] = [];
  let flushing = false;

  async function journal(): Promise<FileHandle> {
    if (handle !== undefined) return handle;
    if (!hasSnapshot) writeSnapshotSync(durable, durableSequence);
    const opened = await open(journalFile, 'a', 0o600);
    if (truncateTo !== undefined) {
      await opened.truncate(truncateTo);
      truncateTo = undefined;
    }
    handle = opened;
    return opened;
  }

  /** A new snapshot of the state on disk, and an empty journal (both before any new write). */
  async function compact(file: FileHandle): Promise<void> {
    writeSnapshotSync(durable, durableSequence);
    await file.truncate(0);
    await file.datasync();
    journalBytes = 0;
  }

  async function flush(): Promise<void> {
    flushing = true;
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      let text = '';
      for (const change of batch) text += change.line;
      try {
        const file = await journal();
        await file.write(text);
        await file.datasync();
        journalBytes += Buffer.byteLength(text);
        const last = batch[batch.length - 1] as Pending;
        durable = last.state;
        durableSequence = last.sequence;
        for (const change of batch) change.resolve();
        if (journalBytes > Math.max(COMPACT_MIN_BYTES, snapshotBytes)) await compact(file);
      } catch (error) {
        failure = error;
        for (const change of batch) change.reject(error);
        for (const change of pending) change.reject(error);
        pending = [];
      }
    }
    flushing = false;
  }

  return {
    state: replay.state,
    append(before, next) {
      if (failure !== undefined) return Promise.reject(failure);
      sequence += 1;
      const line = recordLine(recordOf(before, next, sequence));
      return new Promise<void>((resolve, reject) => {
        pending.push({ line, state: next, sequence, resolve, reject });
        if (!flushing) void flush();
      });
    },
    durableState: () => durable,
    close() {
      if (handle !== undefined) {
        void handle.close();
        handle = undefined;
      }
      if (failure !== undefined) return;
      if (durableSequence !== snapshotSequence) writeSnapshotSync(durable, durableSequence);
      rmSync(journalFile, { force: true });
    },
  };
}
