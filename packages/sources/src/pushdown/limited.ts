/**
 * Asynchronous work run at most so many at a time, in the order asked: the pushdown's metric
 * queries, started while feecast checks the contexts that ask for them.
 */

/**
 * `run` on each item added, at most `limit` at a time (the others wait their turn, in the
 * order added); once stopped, an item not yet started is not run (its answer is `undefined`).
 */
export function limited<T, A>(
  limit: number,
  run: (item: T) => Promise<A>,
): { add(item: T): Promise<A | undefined>; stop(): void } {
  let running = 0;
  let stopped = false;
  const waiting: (() => void)[] = [];
  return {
    async add(item) {
      if (running < limit) running++;
      // A slot is handed over by the run that ends (see below), not taken again.
      else await new Promise<void>((turn) => waiting.push(turn));
      try {
        return stopped ? undefined : await run(item);
      } finally {
        const next = waiting.shift();
        if (next === undefined) running--;
        else next();
      }
    },
    stop() {
      stopped = true;
    },
  };
}
