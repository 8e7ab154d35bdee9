/**
 * `shareEvents` over a file of several read chunks (1 MiB) and decoder pieces (64 KiB), whose
 * lines and multi-byte characters fall across both: every share gives the events of one
 * reader (`readEventsSync`) that name its subscriptions, in order, and the shares' rejected
 * records add up to the reader's.
 */
import type { UsageEvent } from '@feecast/models';
import { readEventsSync } from '@feecast/sources';
import { describe, expect, it } from 'vitest';
import { shareEvents } from '../../src/backtest-parallel/share-events';
import { writeTemp } from '../inputs/builders';

const SUBSCRIPTIONS = ['sub_a', 'sub_b', 'sub_c'];

/** Line `i`: an event of one of the subscriptions (or of no share), or a bad record. */
function line(i: number): string {
  if (i % 997 === 5) return '{"broken';
  // 2- and 3-byte characters of varying count, so that pieces end inside characters.
  const note = 'é'.repeat(i % 7) + '€'.repeat(i % 5);
  const who = i % 13 === 0 ? 'sub_nobody' : SUBSCRIPTIONS[i % SUBSCRIPTIONS.length];
  return JSON.stringify({
    transaction_id: `tr_${i}`,
    external_subscription_id: who,
    code: 'api_calls',
    timestamp: 1_790_000_000 + i,
    properties: { calls: String(i % 100), note },
  });
}

/**
 * Reads `path` in `shares` shares (the subscriptions dealt round): each share must give the
 * events of `all` (one reader's) that name its subscriptions, in order, and no file error.
 * The shares' rejected records and events of no share, summed, and share 0's first rejection.
 */
function readShares(path: string, all: readonly UsageEvent[], shares: number) {
  const shareOf = new Map(SUBSCRIPTIONS.map((id, i) => [id, i % shares]));
  let rejected = 0;
  let others = 0;
  let first: number | undefined;
  for (let me = 0; me < shares; me++) {
    const reading = shareEvents({ path, name: 'events.ndjson' }, me, shareOf);
    const own = all.filter((event) => shareOf.get(String(event.external_subscription_id)) === me);
    expect([...reading.events]).toEqual(own);
    expect(reading.error()).toBeUndefined();
    rejected += reading.rejected().count;
    others += reading.others();
    if (me === 0) first = reading.rejected().first?.line;
  }
  return { rejected, others, first };
}

describe('shareEvents', () => {
  it('splits a file of several chunks into the shares of one reader', () => {
    const lines = Array.from({ length: 24_000 }, (_, i) => line(i));
    const path = writeTemp('share-events-chunks.ndjson', `${lines.join('\n')}\n`);
    const rejectedLines: number[] = [];
    const all = [...readEventsSync(path, { onRejected: (_, at) => rejectedLines.push(at) }).events];
    // 24,000 lines of 120-160 bytes: more than 3 MiB, so 4 chunks and some 50 pieces.
    expect(all.length).toBe(24_000 - 25);
    expect(rejectedLines.length).toBe(25);
    for (const shares of [1, 2]) {
      const read = readShares(path, all, shares);
      expect(read.rejected).toBe(25);
      expect(read.first).toBe(6);
      expect(read.others).toBe(
        all.filter((event) => event.external_subscription_id === 'sub_nobody').length,
      );
    }
  });

  it('gives the same events from ASCII chunks (read as text) and others (bytes), with no last line break', () => {
    // Some 1.7 MiB of ASCII lines, then lines with a 2-byte character, then ASCII again: whole
    // chunks of each kind and one of both. The last line has no line break, and is each
    // subscription's in turn (so one share keeps it, the others do not).
    const ascii = (i: number) => line(i * 35);
    const lines = [
      ...Array.from({ length: 12_000 }, (_, i) => ascii(i)),
      ...Array.from({ length: 6_000 }, (_, i) => line(i * 7 + 1)),
      ...Array.from({ length: 6_000 }, (_, i) => ascii(i)),
    ];
    const lastLines = (who: string) => [
      JSON.stringify({
        transaction_id: 'tr_last',
        external_subscription_id: who,
        code: 'api_calls',
        timestamp: 1_790_000_000,
        properties: { calls: '1' },
      }),
      line(3).replace('sub_a', who),
    ];
    for (const last of SUBSCRIPTIONS.flatMap(lastLines)) {
      const path = writeTemp('share-events-ascii.ndjson', `${lines.join('\n')}\n${last}`);
      let rejectedLines = 0;
      const all = [...readEventsSync(path, { onRejected: () => rejectedLines++ }).events];
      expect(all.at(-1)?.transaction_id).toBe(JSON.parse(last).transaction_id);
      expect(rejectedLines).toBeGreaterThan(0);
      for (const shares of [2, 3]) {
        expect(readShares(path, all, shares).rejected).toBe(rejectedLines);
      }
    }
  });

  it('routes lines longer than a piece (64 KiB) and than the read buffer (2 MiB) whole', () => {
    // Events whose properties hold 100,000 and 2,500,000 characters, of each share, among
    // short ones: a piece then ends at the long line's break, and the read buffer grows.
    const long = (i: number, size: number) =>
      line(i * 35).replace('"properties":{', `"properties":{"note2":"${'x'.repeat(size)}",`);
    const lines = Array.from({ length: 3_000 }, (_, i) =>
      i % 1000 === 1 ? long(i, 2_500_000) : i % 100 === 2 ? long(i, 100_000) : line(i * 35),
    );
    const path = writeTemp('share-events-long.ndjson', `${lines.join('\n')}\n`);
    let rejectedLines = 0;
    const all = [...readEventsSync(path, { onRejected: () => rejectedLines++ }).events];
    expect(all.filter((event) => JSON.stringify(event).length > 2_500_000).length).toBe(3);
    expect(all.length + rejectedLines).toBe(3_000);
    expect(readShares(path, all, 2).rejected).toBe(rejectedLines);
  });
});
