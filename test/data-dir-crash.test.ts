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
    // The kill comes right after the round's 60th to 300th acknowledged write, chosen from the
    // run's seed, while the other writers' requests are in flight at every stage. Counting
    // writes rather than milliseconds makes each round a test however busy the machine is.
    const kills = fc.sample(fc.integer({ min: 60, max: 300 }), ROUNDS);
    const acknowledged: string[] = [];
    for (const [round, killAt] of kills.entries()) {
      const server = await serveDataDir(data, KEY);
      // Every event acknowledged before this start is there: posting it again is refused.
      const again = await postAgain(server.base, acknowledged.slice(-200));
      expect(again.filter((status) => status !== 422)).toEqual([]);
      let stop = false;
      let inRound = 0;
      let reached: () => void = () => {};
      const killTime = new Promise<void>((done) => {
        reached = done;
      });
      const writer = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const id = `r${round}_w${w}_${i}`;
          const status = await postCpuEvent(server.base, KEY, id);
          if (status === 200) {
            acknowledged.push(id);
            if (++inRound === killAt) reached();
          } else if (!stop) expect(status).toBe(0);
        }
      };
      const writing = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
      // (A writer's unexpected answer fails the test here rather than waiting for the kill.)
      await Promise.race([killTime, writing]);
      await server.crash();
      stop = true;
      await writing;
    }
    // The last restart: every acknowledged event of every round is there.
    const server = await serveDataDir(data, KEY);
    const statuses = await postAgain(server.base, acknowledged);
    expect(statuses.filter((status) => status !== 422)).toEqual([]);
    // At least 60 acknowledged writes per round, and every one of them kept.
    expect(acknowledged.length).toBeGreaterThanOrEqual(ROUNDS * 60);
    await server.stop();
  });
});
