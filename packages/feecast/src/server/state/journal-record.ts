/**
 * Journal records: one change of the state, as the collections it replaced or appended to,
 * framed as one line `<checksum> <json>\n` (see STATE.md, "The journal"). A record is the
 * difference between two states, so replaying it needs no pricing operation, clock or key.
 */
import * as crypto from 'node:crypto';
import type { UsageEventRecord, Uuid } from '@feecast/models';
import { isRecord } from '../../guards';
import { appendItems, type Items, itemsSince } from './chunked-list';
import { eventLog } from './event-index';
import {
  COLLECTION_NAMES,
  LISTED_COLLECTIONS,
  readClock,
  type ServerState,
  type StateCollections,
  type StoredClock,
} from './state';

/** How one collection changed: items appended at its end, or the whole collection replaced. */
export type CollectionChange =
  | { readonly append: readonly unknown[] }
  | { readonly set: readonly unknown[] };

/** One change of the state: its sequence number and what it changed. */
export interface JournalRecord {
  /** 1 for the first change after the snapshot the journal follows, then 2, 3, ... */
  readonly seq: number;
  readonly id_sequence?: number;
  readonly organization_id?: Uuid;
  /** The clock's new position, when it moved (`billing/`). */
  readonly clock?: StoredClock;
  readonly changes: Readonly<Partial<Record<keyof StateCollections, CollectionChange>>>;
}

/** How `now` changed from `was` (two different values of one collection). */
function changeOf(
  name: keyof StateCollections,
  was: StateCollections[keyof StateCollections],
  now: StateCollections[keyof StateCollections],
): CollectionChange {
  if (name === 'events') {
    // The events appended to a log, without a pass over the stored ones.
    const log = eventLog(now as StateCollections['events']);
    const added = log.since(eventLog(was as StateCollections['events']));
    return added === undefined ? { set: log.toJSON() } : { append: added };
  }
  // The items appended to a list, without a pass over the older ones (chunked-list.ts).
  const after = now as Items<unknown>;
  const added = itemsSince(was as Items<unknown>, after);
  return added === undefined ? { set: after.slice() } : { append: added };
}

/**
 * The record of the change from `before` to `next`: every collection that is not the same
 * array (or event log), appended to when `next`'s starts with `before`'s items, else replaced.
 *
 * @example
 * recordOf(state, { ...state, events: eventLog(state.events).append(event) }, 7);
 * // { seq: 7, changes: { events: { append: [event] } } }
 */
export function recordOf(before: ServerState, next: ServerState, seq: number): JournalRecord {
  const changes: Partial<Record<keyof StateCollections, CollectionChange>> = {};
  for (const name of COLLECTION_NAMES) {
    const was = before[name];
    const now = next[name];
    if (was === now) continue;
    changes[name] = changeOf(name, was, now);
  }
  return {
    seq,
    ...(next.id_sequence === before.id_sequence ? {} : { id_sequence: next.id_sequence }),
    ...(next.organization_id === before.organization_id
      ? {}
      : { organization_id: next.organization_id }),
    ...(next.clock === before.clock || next.clock === undefined ? {} : { clock: next.clock }),
    changes,
  };
}

/**
 * `state` with `record` applied (the record's collections were checked when it was read).
 *
 * @example
 * applyRecord(state, { seq: 1, changes: { events: { append: [event] } } }).events.length; // + 1
 */
export function applyRecord(state: ServerState, record: JournalRecord): ServerState {
  const next: Record<string, unknown> = { ...state };
  for (const name of COLLECTION_NAMES) {
    const change = record.changes[name];
    if (change === undefined) continue;
    if ('set' in change) {
      next[name] = change.set;
    } else if (name === 'events') {
      next[name] = eventLog(state.events).appendAll(change.append as readonly UsageEventRecord[]);
    } else {
      next[name] = LISTED_COLLECTIONS.has(name)
        ? appendItems(state[name] as Items<unknown>, change.append)
        : [...(state[name] as readonly unknown[]), ...change.append];
    }
  }
  if (record.id_sequence !== undefined) next.id_sequence = record.id_sequence;
  if (record.organization_id !== undefined) next.organization_id = record.organization_id;
  if (record.clock !== undefined) next.clock = record.clock;
  return next as unknown as ServerState;
}

/**
 * SHA-256 of a text's UTF-8 bytes in hex: the one-shot `hash` of `node:crypto` where Node has it
 * (20.12 and later: no `Hash` object made for each record), else a `Hash`.
 */
const sha256Hex: (text: string) => string =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha256', text, 'hex')
    : (text) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

/** The checksum of a record's JSON text: the first 16 hex digits of its SHA-256. */
export function checksum(json: string): string {
  return sha256Hex(json).slice(0, 16);
}

/**
 * The line of `record`: its checksum, a space, its JSON, a newline.
 *
 * @example
 * recordLine({ seq: 1, changes: {} }); // '5f0e...c1 {"seq":1,"changes":{}}\n'
 */
export function recordLine(record: JournalRecord): string {
  const json = JSON.stringify(record);
  return `${checksum(json)} ${json}\n`;
}

/**
 * The record of one line (without its newline), or why it is not one: a checksum that does
 * not match its text, text that is not JSON, or JSON that is not a record.
 */
export function readRecordLine(line: string): JournalRecord | string {
  const space = line.indexOf(' ');
  if (space !== 16) return 'it does not start with a 16-digit checksum';
  const json = line.slice(17);
  if (checksum(json) !== line.slice(0, 16)) return 'its checksum does not match its content';
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return 'it is not valid JSON';
  }
  if (!isRecord(value) || !Number.isSafeInteger(value.seq) || !isRecord(value.changes)) {
    return 'it is not a journal record {"seq": ..., "changes": {...}}';
  }
  if (typeof readClock(value.clock) === 'string')
    return 'its clock is not {"now": ..., "pinned": ...}';
  for (const [name, change] of Object.entries(value.changes)) {
    if (!(COLLECTION_NAMES as readonly string[]).includes(name)) {
      return `it changes an unknown collection ${JSON.stringify(name)}`;
    }
    const items = isRecord(change) ? (change.append ?? change.set) : undefined;
    if (!Array.isArray(items)) return `its change of ${name} is neither {append} nor {set}`;
  }
  return value as unknown as JournalRecord;
}
