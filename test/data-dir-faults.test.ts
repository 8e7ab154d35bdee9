// Issue 23 §1: the built `feecast serve --data-dir` started on a damaged journal. The journal is
// the server's own: four events posted one after the other (one record each), then the server
// killed (SIGKILL, so the journal is not compacted away). A torn last record (cut short, as a
// crash mid-write leaves it) is dropped and the server starts with the three before it; a
// flipped byte inside record 2 makes the server start from record 1, saying on stderr which
// record (number and byte offset), why, where the damaged journal is kept and what to do.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { postCpuEvent, serveDataDir } from './serve';

const KEY = 'faults_key';
const IDS = ['fault_1', 'fault_2', 'fault_3', 'fault_4'] as const;

let dir: string | undefined;
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

/** Whether each event is stored: posting it again is a 422 (value_already_exist) if so. */
async function stored(base: string): Promise<boolean[]> {
  const found: boolean[] = [];
  for (const id of IDS) found.push((await postCpuEvent(base, KEY, id)) === 422);
  return found;
}

/** A data directory whose journal holds the four events, one record each; its journal's lines. */
async function journaled(): Promise<{ data: string; lines: string[] }> {
  const data = mkdtempSync(join(tmpdir(), 'feecast-faults-'));
  dir = data;
  const server = await serveDataDir(data, KEY);
  for (const id of IDS) expect(await postCpuEvent(server.base, KEY, id)).toBe(200);
  await server.crash();
  const lines = readFileSync(join(data, 'journal.log'), 'utf8').split('\n');
  expect(lines.pop()).toBe(''); // each record ends with its newline
  expect(lines).toHaveLength(IDS.length);
  return { data, lines };
}

describe('feecast serve --data-dir on a damaged journal', () => {
  it('a torn last record (cut short by a crash) is dropped: the server starts with the three before it', async () => {
    const { data, lines } = await journaled();
    const text = `${lines.join('\n')}\n`;
    writeFileSync(join(data, 'journal.log'), text.slice(0, text.length - 20));
    const server = await serveDataDir(data, KEY);
    try {
      // Record 4 starts after the three lines before it and their newlines.
      const offset = Buffer.byteLength(lines.slice(0, 3).join('\n')) + 1;
      expect(server.output()).toContain(
        `record 4 (at byte ${offset}) is unreadable: it is cut short (no newline at its end). It was the last one (a write cut short); it is dropped.`,
      );
      expect(await stored(server.base)).toEqual([true, true, true, false]);
    } finally {
      await server.stop();
    }
  });

  it('a flipped byte inside record 2: the server starts from record 1 and says which record, why and what to do', async () => {
    const { data, lines } = await journaled();
    // "fault_2" becomes "fault_X" inside record 2's JSON: its checksum no longer matches.
    const second = lines[1] ?? '';
    expect(second).toContain('"fault_2"');
    lines[1] = second.replace('"fault_2"', '"fault_X"');
    writeFileSync(join(data, 'journal.log'), `${lines.join('\n')}\n`);
    const server = await serveDataDir(data, KEY);
    try {
      const offset = Buffer.byteLength(lines[0] ?? '') + 1;
      const output = server.output();
      expect(output).toContain(
        `record 2 (at byte ${offset}) is unreadable: its checksum does not match its content. The server starts from the record before it (sequence 1)`,
      );
      const kept = readdirSync(data).filter((f) => f.startsWith('journal.damaged-'));
      expect(kept).toHaveLength(1);
      expect(output).toContain(kept[0]);
      expect(output).toContain(
        'What to do: the changes from record 2 on are not in the state; send them again',
      );
      // Only the first event is there; the others can be sent again.
      expect(await stored(server.base)).toEqual([true, false, false, false]);
    } finally {
      await server.stop();
    }
  });
});
