// Issue 23 §1: `feecast serve --data-dir` killed (SIGKILL) at a random point under 50
// concurrent writers keeps every change it answered: after a restart, each acknowledged event
// is there (posting it again is a 422 value_already_exist), and the server starts from what the
// journal holds whole (a record cut short by the kill is dropped, never half applied).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { postCpuEvent, serveDataDir } from './serve';

const KEY = 'crash_key';
const WRITERS = 50;
const ROUNDS = 20;

let dir: string | undefined;
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

/** The answers to posting each of `ids` again, 50 at a time. */
async function postAgain(base: string, ids: readonly string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (let start = 0; start < ids.length; start += WRITERS) {
    const chunk = ids.slice(start, start + WRITERS);
    for (const status of await Promise.all(chunk.map((id) => postCpuEvent(base, KEY, id))))
      statuses.push(status);
  }
  return statuses;
}

describe('--data-dir after kill -9', () => {
  it(`keeps every acknowledged write, ${ROUNDS} rounds of ${WRITERS} concurrent writers`, {
    timeout: 300_000,
  }, async () => {
    const data = mkdtempSync(join(tmpdir(), 'feecast-crash-'));
    dir = data;
    // The kill comes 100 to 1,000 ms into each round's writes, chosen from the run's seed (each
    // stored event of the example subscription prices its usage for its thresholds and wallet,
    // a few milliseconds: the window lets every round acknowledge enough writes to be a test).
    const delays = fc.sample(fc.integer({ min: 100, max: 1000 }), ROUNDS);
    const acknowledged: string[] = [];
    for (const [round, delay] of delays.entries()) {
      const server = await serveDataDir(data, KEY);
      // Every event acknowledged before this start is there: posting it again is refused.
      const again = await postAgain(server.base, acknowledged.slice(-200));
      expect(again.filter((status) => status !== 422)).toEqual([]);
      let stop = false;
      const writer = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const id = `r${round}_w${w}_${i}`;
          const status = await postCpuEvent(server.base, KEY, id);
          if (status === 200) acknowledged.push(id);
          else if (!stop) expect(status).toBe(0);
        }
      };
      const writing = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
      await new Promise((done) => setTimeout(done, delay));
      await server.crash();
      stop = true;
      await writing;
    }
    // The last restart: every acknowledged event of every round is there.
    const server = await serveDataDir(data, KEY);
    const statuses = await postAgain(server.base, acknowledged);
    expect(statuses.filter((status) => status !== 422)).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(ROUNDS * WRITERS);
    await server.stop();
  });
});
