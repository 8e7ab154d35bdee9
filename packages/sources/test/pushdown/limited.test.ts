/** `limited`: the pushdown's metric queries, at most so many at a time, in the order asked. */
import { describe, expect, it } from 'vitest';
import { limited } from '../../src/pushdown/limited';

/** Lets the promises settled so far run their continuations. */
const settle = () => new Promise((next) => setImmediate(next));

describe('limited', () => {
  it('runs at most two at a time, in the order added, and none left once stopped', async () => {
    const started: number[] = [];
    const ends = new Map<number, () => void>();
    let running = 0;
    let most = 0;
    const queue = limited(2, async (n: number) => {
      running++;
      most = Math.max(most, running);
      started.push(n);
      await new Promise<void>((end) => ends.set(n, end));
      running--;
      return n * 10;
    });
    const end = (n: number) => ends.get(n)?.();
    const answers = Promise.all([1, 2, 3, 4, 5].map((n) => queue.add(n)));
    await settle();
    expect(started).toEqual([1, 2]);
    end(2);
    await settle();
    expect(started).toEqual([1, 2, 3]);
    end(1);
    await settle();
    expect(started).toEqual([1, 2, 3, 4]);
    queue.stop();
    end(3);
    end(4);
    // 5 had not started: it is not run.
    expect(await answers).toEqual([10, 20, 30, 40, undefined]);
    expect(started).toEqual([1, 2, 3, 4]);
    expect(most).toBe(2);
  });
});
