import { createAccumulator } from '@feecast/engine';
import { streamBenchEvents } from './data';

const MARCH = {
  from_datetime: '2025-03-01T00:00:00Z',
  to_datetime: '2025-03-31T23:59:59Z',
} as const;

/** Heap in use after a full collection when `gc` is exposed (node --expose-gc), else as it is. */
function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1e6;
}

/**
 * Issues 4 and 19: streams `count` generated events (never held in memory) through one
 * accumulator (sum grouped by region) and samples the heap every tenth of the way. Without
 * deduplication, flat memory means the accumulator keeps nothing per event; with it (the
 * default), the growth per event is the memory each remembered transaction id costs (its
 * string included: every event has its own id).
 */
export function streamingMemory(count = 10_000_000, deduplicate = false): string {
  const accumulator = createAccumulator(
    { code: 'compute', aggregation_type: 'sum_agg', field_name: 'value' },
    { ...MARCH, grouped_by: ['region'], deduplicate },
  );
  if (accumulator._tag === 'Left') throw new Error(accumulator.left.message);
  const step = count / 10;
  const samples: { events: number; heapMb: number }[] = [{ events: 0, heapMb: heapMb() }];
  let seen = 0;
  const start = performance.now();
  for (const event of streamBenchEvents(count)) {
    accumulator.right.add(event);
    seen++;
    if (seen % step === 0) samples.push({ events: seen, heapMb: heapMb() });
  }
  const seconds = (performance.now() - start) / 1000;
  const result = accumulator.right.result();
  const heaps = samples.slice(1).map((s) => s.heapMb);
  const spread = Math.max(...heaps) - Math.min(...heaps);
  const first = samples[0]?.heapMb ?? 0;
  const last = samples[samples.length - 1]?.heapMb ?? 0;
  const growth = deduplicate
    ? `- heap growth: ${(last - first).toFixed(1)} MB, ${(((last - first) * 1e6) / count).toFixed(0)} bytes per remembered id (its string included)`
    : `- heap spread after the first tenth: ${spread.toFixed(1)} MB (flat: nothing is kept per event)`;
  return [
    `### streaming memory (${count.toLocaleString('en-US')} generated events, sum grouped by region, ${deduplicate ? 'deduplicated' : 'no dedupe'})`,
    '',
    '| events | heap MB |',
    '| ---: | ---: |',
    ...samples.map((s) => `| ${s.events.toLocaleString('en-US')} | ${s.heapMb.toFixed(1)} |`),
    '',
    `- ${seconds.toFixed(1)} s including event generation; sum = ${result.aggregation} over ${result.count.toLocaleString('en-US')} events`,
    growth,
  ].join('\n');
}
