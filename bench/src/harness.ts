/**
 * A small benchmark harness: every case of a suite runs in the same process, interleaved
 * round by round, and is reported as its median time and as a ratio to the suite's baseline.
 * Timings are wall-clock (`performance.now`); figures are ratios, never absolute targets.
 */

export interface BenchCase {
  readonly name: string;
  /**
   * Runs the work once over the whole input and returns something derived from it (or a
   * promise of it: a database peer answers asynchronously; its time includes the await).
   */
  readonly run: () => unknown;
}

export interface BenchSuite {
  readonly name: string;
  /** What one run processes, for the per-item figure (e.g. 1,000,000 strings). */
  readonly items: number;
  readonly itemLabel: string;
  /** The case other cases are compared with. */
  readonly baseline: string;
  readonly cases: readonly BenchCase[];
  /** Targets checked after the run: ratio of `case` to `against` must be within `atMost`. */
  readonly targets?: readonly {
    readonly case: string;
    readonly against: string;
    readonly atMost: number;
  }[];
  /**
   * Costs checked after the run, per item: `case` minus `minus` (e.g. what deduplication adds),
   * or `case` alone without `minus` (an absolute budget per item), must be within `atMostNs`
   * nanoseconds per item.
   */
  readonly nsTargets?: readonly {
    readonly case: string;
    readonly minus?: string;
    readonly atMostNs: number;
  }[];
  /**
   * Groups of cases whose results must be equal within the group (checked once before timing):
   * exact code vs its reference.
   */
  readonly agree?: readonly (readonly string[])[];
  /** Timed rounds (default 9) and untimed warm-up rounds (default 2): fewer for long cases. */
  readonly rounds?: number;
  readonly warmup?: number;
  /**
   * Checks run once before timing, beyond `agree`: each disagreement found (a figure against
   * an independent computation of it), described.
   */
  readonly checks?: () => readonly string[];
}

export interface CaseResult {
  readonly name: string;
  readonly medianMs: number;
  readonly nsPerItem: number;
  readonly ratio: number;
}

export interface SuiteResult {
  readonly suite: string;
  readonly rounds: number;
  readonly results: readonly CaseResult[];
  readonly targets: readonly {
    readonly description: string;
    readonly ratio: number;
    readonly met: boolean;
  }[];
}

/** The median of `values` (the mean of the two middle ones for an even count; 0 for none). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Keeps results alive so the optimiser cannot drop the measured work. */
export let sink: unknown;

/**
 * The disagreements of `suite.checks`, and the cases named in a group of `suite.agree` whose
 * results differ from the group's first, if any.
 */
export async function disagreements(suite: BenchSuite): Promise<string[]> {
  const wrong: string[] = [...(suite.checks?.() ?? [])];
  for (const group of suite.agree ?? []) {
    const values: { name: string; value: string }[] = [];
    for (const name of group) {
      const benchCase = suite.cases.find((c) => c.name === name);
      if (benchCase === undefined) throw new Error(`${name} is not a case of ${suite.name}`);
      values.push({ name, value: JSON.stringify(await benchCase.run()) });
    }
    const [first, ...rest] = values;
    if (first === undefined) continue;
    for (const r of rest) {
      if (r.value !== first.value)
        wrong.push(`${r.name} gave ${r.value}, ${first.name} gave ${first.value}`);
    }
  }
  return wrong;
}

/** Runs `warmup` untimed rounds, then `rounds` timed rounds of every case, interleaved. */
export async function runSuite(
  suite: BenchSuite,
  { rounds = 9, warmup = 2 } = {},
): Promise<SuiteResult> {
  const times = new Map<string, number[]>(suite.cases.map((c) => [c.name, []]));
  for (let round = 0; round < warmup + rounds; round++) {
    for (const benchCase of suite.cases) {
      const start = performance.now();
      const value = benchCase.run();
      sink = value instanceof Promise ? await value : value;
      const elapsed = performance.now() - start;
      if (round >= warmup) times.get(benchCase.name)?.push(elapsed);
    }
  }
  const medians = new Map([...times].map(([name, t]) => [name, median(t)]));
  const base = medians.get(suite.baseline);
  if (base === undefined)
    throw new Error(`baseline ${suite.baseline} is not a case of ${suite.name}`);
  const results = suite.cases.map((c) => {
    const ms = medians.get(c.name) ?? Number.NaN;
    return { name: c.name, medianMs: ms, nsPerItem: (ms * 1e6) / suite.items, ratio: ms / base };
  });
  const targets: { description: string; ratio: number; met: boolean }[] = (suite.targets ?? []).map(
    (t) => {
      const ratio = (medians.get(t.case) ?? Number.NaN) / (medians.get(t.against) ?? Number.NaN);
      const bound = Number.isInteger(t.atMost) ? String(t.atMost) : t.atMost.toFixed(2);
      return { description: `${t.case} / ${t.against} <= ${bound}`, ratio, met: ratio <= t.atMost };
    },
  );
  for (const t of suite.nsTargets ?? []) {
    const minus = t.minus === undefined ? 0 : (medians.get(t.minus) ?? Number.NaN);
    const ns = (((medians.get(t.case) ?? Number.NaN) - minus) * 1e6) / suite.items;
    const what = t.minus === undefined ? t.case : `${t.case} minus ${t.minus}`;
    targets.push({
      description: `${what}, ns per item <= ${t.atMostNs}`,
      ratio: ns,
      met: ns <= t.atMostNs,
    });
  }
  return { suite: suite.name, rounds, results, targets };
}

/** The figures as a Markdown table, ready for bench/README.md. */
export function formatResult(result: SuiteResult, suite: BenchSuite): string {
  const lines = [
    `### ${result.suite} (${suite.items.toLocaleString('en-US')} ${suite.itemLabel}, median of ${result.rounds} rounds)`,
    '',
    `| case | median ms | ns per item | ratio to ${suite.baseline} |`,
    '| --- | ---: | ---: | ---: |',
    ...result.results.map(
      (r) =>
        `| ${r.name} | ${r.medianMs.toFixed(1)} | ${r.nsPerItem.toFixed(1)} | ${r.ratio.toFixed(2)}x |`,
    ),
    '',
    ...result.targets.map(
      (t) => `- target ${t.description}: ${t.ratio.toFixed(2)} (${t.met ? 'met' : 'NOT met'})`,
    ),
  ];
  return lines.join('\n');
}
