/**
 * Snapshots: the state saved in a data directory as `state.json`, written atomically (a
 * temporary file in the same directory, flushed, then renamed over the old one), so a crash
 * leaves either the old snapshot or the new one, never half of one. The changes made after
 * a snapshot are in the data directory's journal (journal.ts).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type FeecastError, feecastError } from '@feecast/engine';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { isRecord } from '../../guards';
import { parseJson } from '../http/body';
import { decodeState } from './decode-state';
import type { ServerState } from './state';

/** The file name of the snapshot inside a data directory. */
export const SNAPSHOT_FILE = 'state.json';

/**
 * The state in a JSON text read from `file` (for messages).
 *
 * @example
 * stateFromText('{"version": 1}', 'state.json'); // right(state)
 */
export function stateFromText(text: string, file: string): Either<FeecastError, ServerState> {
  const read = snapshotFromText(text, file);
  if (isLeft(read)) return read;
  return right(read.right.state);
}

/** A snapshot: the state, and the sequence number of the last journal record it holds. */
export interface Snapshot {
  readonly state: ServerState;
  /** 0 when the snapshot holds no journal record (a state file written by hand). */
  readonly journalSequence: number;
}

/**
 * The snapshot in a JSON text read from `file`: a state document, whose optional top-level
 * `journal_sequence` (written by `--data-dir`, see STATE.md) is taken out before it is decoded.
 *
 * @example
 * snapshotFromText('{"version": 1, "journal_sequence": 12}', 'state.json'); // right({ state, journalSequence: 12 })
 */
export function snapshotFromText(text: string, file: string): Either<FeecastError, Snapshot> {
  const parsed = parseJson(text);
  if (parsed === undefined) {
    return left(feecastError('invalid_input', `${file} is not valid JSON; fix it or remove it.`));
  }
  let document = parsed.value;
  let journalSequence = 0;
  if (isRecord(document) && 'journal_sequence' in document) {
    const { journal_sequence: sequence, ...rest } = document;
    if (typeof sequence !== 'number' || !Number.isSafeInteger(sequence) || sequence < 0) {
      return left(
        feecastError(
          'invalid_input',
          `${file}: journal_sequence must be a non-negative integer (the last journal record the snapshot holds).`,
          ['journal_sequence'],
        ),
      );
    }
    document = rest;
    journalSequence = sequence;
  }
  const state = decodeState(document);
  if (isLeft(state)) {
    return left({ ...state.left, message: `${file}: ${state.left.message}` });
  }
  return right({ state: state.right, journalSequence });
}

/** The JSON text of a snapshot of `state` that holds the journal's records up to `journalSequence`. */
export function snapshotText(state: ServerState, journalSequence: number): string {
  return `${JSON.stringify(journalSequence === 0 ? state : { ...state, journal_sequence: journalSequence })}\n`;
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/**
 * The snapshot of `dataDir`: `right(undefined)` when there is none yet, a `Left` when it
 * cannot be read or does not decode (the message names the file and what to fix).
 *
 * @example
 * const snapshot = readSnapshotSync('/var/lib/feecast');
 */
export function readSnapshotSync(dataDir: string): Either<FeecastError, Snapshot | undefined> {
  const file = join(dataDir, SNAPSHOT_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (isMissing(error)) return right(undefined);
    return left(feecastError('invalid_input', `Cannot read ${file}; check its permissions.`));
  }
  return snapshotFromText(text, file);
}

/**
 * `readSnapshotSync` without blocking.
 *
 * @example
 * import { mkdtempSync } from 'node:fs';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 *
 * const dataDir = mkdtempSync(join(tmpdir(), 'feecast-'));
 * await readSnapshot(dataDir) // => right(undefined)
 * await writeSnapshot(dataDir, emptyState());
 * await readSnapshot(dataDir) // ~> right({ customers: [] })
 */
export async function readSnapshot(
  dataDir: string,
): Promise<Either<FeecastError, ServerState | undefined>> {
  const file = join(dataDir, SNAPSHOT_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (isMissing(error)) return right(undefined);
    return left(feecastError('invalid_input', `Cannot read ${file}; check its permissions.`));
  }
  return stateFromText(text, file);
}

/**
 * Saves `state` as the snapshot of `dataDir` (created if needed), atomically. (A server with
 * this data directory also keeps a journal there: stop it first; see STATE.md.)
 *
 * @example
 * import { mkdtempSync } from 'node:fs';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 *
 * const dataDir = mkdtempSync(join(tmpdir(), 'feecast-'));
 * const state = exampleState(new Date('2026-11-26T12:00:00Z'));
 * await writeSnapshot(dataDir, state);
 * const saved = await readSnapshot(dataDir);
 * saved._tag === 'Right' && saved.right?.subscriptions[0]?.started_at // => '2026-09-15T10:00:00.000Z'
 */
export async function writeSnapshot(dataDir: string, state: ServerState): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const target = join(dataDir, SNAPSHOT_FILE);
  const temporary = join(dataDir, `.${SNAPSHOT_FILE}.${randomUUID()}.tmp`);
  const handle = await open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(state)}\n`, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
