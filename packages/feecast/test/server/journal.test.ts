// Issue 23 §1: the journal of a data directory: records replay to the state they journaled, a
// torn last record is dropped, a damaged record in the middle is reported by number and the
// server starts from the record before it, and a crash between a compaction's snapshot and
// its emptied journal replays nothing twice.
import {
  appendFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JOURNAL_FILE, openDataDirectory, readDataDirectory } from '../../src/server/state/journal';
import { recordLine, recordOf } from '../../src/server/state/journal-record';
import { SNAPSHOT_FILE, snapshotText } from '../../src/server/state/snapshot';
import type { ServerState } from '../../src/server/state/state';
import { example, startServer } from './builders';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'feecast-journal-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The example state with `n` more add-ons, each a change of its own. */
function addOns(n: number): ServerState[] {
  const states: ServerState[] = [example()];
  for (let i = 0; i < n; i++) {
    const before = states[states.length - 1] as ServerState;
    const addOn = { ...(before.add_ons[0] as ServerState['add_ons'][number]), code: `a${i}` };
    states.push({ ...before, add_ons: [...before.add_ons, addOn], id_sequence: i + 1 });
  }
  return states;
}

/** A data directory of the example's snapshot and a journal of `n` add-ons; the states. */
function journaled(n: number): ServerState[] {
  const states = addOns(n);
  writeFileSync(join(dir, SNAPSHOT_FILE), snapshotText(states[0] as ServerState, 0));
  let text = '';
  for (let i = 1; i <= n; i++) {
    text += recordLine(recordOf(states[i - 1] as ServerState, states[i] as ServerState, i));
  }
  writeFileSync(join(dir, JOURNAL_FILE), text);
  return states;
}

function codes(state: ServerState | undefined): string[] {
  return state?.add_ons.map((a) => a.code) ?? [];
}

const never = () => {
  throw new Error('the data directory has a snapshot');
};

describe('the journal of a data directory', () => {
  it('replays every record on the snapshot, to the state of the last change', () => {
    const states = journaled(3);
    const read = readDataDirectory(dir);
    expect(read?.problem).toBeUndefined();
    expect(read?.sequence).toBe(3);
    expect(read?.state).toEqual(states[3]);
  });

  it('drops a torn last record (cut short by a crash) and appends after the last good one', async () => {
    const states = journaled(3);
    const file = join(dir, JOURNAL_FILE);
    const text = readFileSync(file, 'utf8');
    // The third record loses its last 20 bytes (and its newline).
    writeFileSync(file, text.slice(0, text.length - 20));
    const warnings: string[] = [];
    const opened = openDataDirectory(dir, never, (m) => warnings.push(m));
    expect(opened.state).toEqual(states[2]);
    expect(warnings).toEqual([
      expect.stringMatching(/record 3 \(at byte \d+\) is unreadable: it is cut short.*dropped/),
    ]);
    // The next change is appended after record 2, with sequence 3: the journal reads whole.
    const next = { ...opened.state, id_sequence: 99 };
    await opened.append(opened.state, next);
    const read = readDataDirectory(dir);
    expect(read?.problem).toBeUndefined();
    expect(read?.state.id_sequence).toBe(99);
    expect(codes(read?.state)).toEqual(codes(states[2]));
  });

  it('a flipped byte in a middle record: the error names it, the server starts from the record before, the journal is kept', () => {
    const states = journaled(4);
    const file = join(dir, JOURNAL_FILE);
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    const second = (lines[0] as string).length + 1;
    // A byte inside record 2's JSON flips ("a1" becomes "b1").
    const at = text.indexOf('"a1"', second) + 1;
    writeFileSync(file, `${text.slice(0, at)}b${text.slice(at + 1)}`);
    const warnings: string[] = [];
    const opened = openDataDirectory(dir, never, (m) => warnings.push(m));
    expect(opened.state).toEqual(states[1]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(
      `record 2 (at byte ${second}) is unreadable: its checksum does not match its content`,
    );
    expect(warnings[0]).toContain('starts from the record before it (sequence 1)');
    expect(warnings[0]).toContain(
      'What to do: the changes from record 2 on are not in the state; send them again, or stop the server before it takes a change, repair record 2 in that file, put it back as journal.log and start again.',
    );
    // The damaged journal is kept aside; the snapshot now holds the state started from.
    const kept = readdirSync(dir).filter((f) => f.startsWith('journal.damaged-'));
    expect(kept).toHaveLength(1);
    expect(warnings[0]).toContain(kept[0]);
    expect(readDataDirectory(dir)?.state).toEqual(states[1]);
  });

  it('a crash after a compaction wrote its snapshot but before it emptied the journal replays nothing twice', () => {
    const states = journaled(3);
    // The compaction's snapshot holds records 1 to 3; the journal still has them.
    writeFileSync(join(dir, SNAPSHOT_FILE), snapshotText(states[3] as ServerState, 3));
    const read = readDataDirectory(dir);
    expect(read?.problem).toBeUndefined();
    expect(codes(read?.state)).toEqual(codes(states[3]));
  });

  it('a record that skips a sequence number is reported, not applied', () => {
    const states = journaled(2);
    appendFileSync(
      join(dir, JOURNAL_FILE),
      recordLine(recordOf(states[1] as ServerState, states[2] as ServerState, 5)),
    );
    const read = readDataDirectory(dir);
    expect(read?.problem?.message).toContain('record 3');
    expect(read?.problem?.message).toContain('its sequence number is 5, 3 was expected');
    expect(read?.state).toEqual(states[2]);
  });

  it('a server journals its changes and a clean stop leaves the snapshot only', async () => {
    const server = await startServer({ dataDir: dir });
    const created = await server.call('POST', '/api/v1/add_ons', {
      add_on: { name: 'J', code: 'journaled', amount_cents: 1, amount_currency: 'USD' },
    });
    expect(created.status).toBe(200);
    expect(readdirSync(dir).sort()).toEqual([JOURNAL_FILE, SNAPSHOT_FILE]);
    expect(codes(readDataDirectory(dir)?.state)).toContain('journaled');
    await server.close();
    expect(readdirSync(dir)).toEqual([SNAPSHOT_FILE]);
    expect(codes(readDataDirectory(dir)?.state)).toContain('journaled');
  });
});
