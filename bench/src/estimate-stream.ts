import { estimateFees, type OperationPlan } from '@feecast/engine';
import { streamBenchEvents } from './data';
import { planCharge, SUBSCRIBER } from './plan-charges';
// The history set's metric: the sum of `value` (its filters do not matter here).
import { compute } from './suites/usage';

/** A plan of `charges` standard charges on `compute`, paid in advance. */
function inAdvancePlan(charges: number): OperationPlan {
  return {
    code: 'in_advance',
    interval: 'monthly',
    pay_in_advance: false,
    amount_currency: 'EUR',
    taxes: [],
    charges: Array.from({ length: charges }, (_, i) =>
      planCharge(['standard', { amount: '0.005' }, { pay_in_advance: true }], i, 'compute'),
    ),
  };
}

/** The JavaScript heap in use and the typed arrays' buffers, garbage not yet collected included. */
function heapBytes(): number {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/**
 * Issue 19: one `estimateFees` call after `count` generated events of history (never held by
 * the benchmark: a generator), for a plan of 1 and of 2 pay-in-advance charges, sampling the
 * heap (and typed arrays) every 20 ms. The estimate keeps what the order of the period's events needs
 * (per event and charge), not the events: the growth per event and charge is what it costs.
 */
export function estimateStreamMemory(count = 2_000_000): string {
  const rows: string[] = [];
  for (const charges of [1, 2]) {
    (globalThis as { gc?: () => void }).gc?.();
    const base = heapBytes();
    let peak = base;
    const timer = setInterval(() => {
      peak = Math.max(peak, heapBytes());
    }, 20);
    const start = performance.now();
    const result = estimateFees({
      ...SUBSCRIBER,
      plan: inAdvancePlan(charges),
      billableMetrics: [compute],
      events: streamBenchEvents(count),
      now: '2025-03-31T23:59:59Z',
      event: { code: 'compute', external_subscription_id: 'sub_1', properties: { value: '1' } },
    });
    clearInterval(timer);
    peak = Math.max(peak, heapBytes());
    if (result._tag === 'Left') throw new Error(result.left.message);
    const seconds = (performance.now() - start) / 1000;
    const growth = peak - base;
    rows.push(
      `| ${charges} | ${seconds.toFixed(1)} | ${(growth / 1e6).toFixed(0)} | ${(growth / count / charges).toFixed(0)} |`,
    );
  }
  return [
    `### estimateFees over a stream (${count.toLocaleString('en-US')} generated events of history, standard charges in advance)`,
    '',
    '| in-advance charges | s | peak heap growth MB | bytes per event and charge |',
    '| ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}
