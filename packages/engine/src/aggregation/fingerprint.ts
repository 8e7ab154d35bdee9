/**
 * What makes two accumulators mergeable: their metric and options compared as JSON (undefined
 * when not JSON, e.g. a bigint or a cycle: such an accumulator merges with no other).
 * @internal
 */
export function fingerprintOf(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}
