/**
 * Deterministic benchmark data: a seeded generator (mulberry32), so every run measures the
 * same inputs. Not money: Math.random-style floats only pick digits here.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` decimal strings shaped like usage values: 1 to 6 integer digits, 0 to 4 decimals,
 * one in ten negative (e.g. "12.3456", "-7.5", "804").
 */
export function decimalStrings(count: number, seed = 42): string[] {
  const random = seededRandom(seed);
  const values = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    const integer = Math.floor(random() * 10 ** (1 + Math.floor(random() * 6)));
    const places = Math.floor(random() * 5);
    const fraction =
      places === 0 ? '' : `.${String(Math.floor(random() * 10 ** places)).padStart(places, '0')}`;
    values[i] = `${random() < 0.1 ? '-' : ''}${integer}${fraction}`;
  }
  return values;
}

/** A usage event shaped as issue 4's benchmark asks. */
export interface BenchEvent {
  readonly transaction_id: string;
  readonly code: string;
  readonly timestamp: string;
  readonly properties: {
    readonly value: string;
    readonly region: string;
    readonly tier: string;
    readonly customer: string;
    readonly instance: string;
  };
}

const REGIONS = ['eu', 'us', 'apac', 'latam'];
const TIERS = ['free', 'pro', 'enterprise'];
const MARCH_START = Date.UTC(2025, 2, 1);
const MARCH_MS = 31 * 86_400_000;

/** The `i`-th benchmark event of a seeded stream (`random` from {@link seededRandom}). */
export function benchEvent(i: number, random: () => number): BenchEvent {
  return {
    transaction_id: `tx_${i}`,
    code: 'compute',
    timestamp: new Date(MARCH_START + Math.floor(random() * MARCH_MS)).toISOString(),
    properties: {
      value: `${Math.floor(random() * 100)}.${String(Math.floor(random() * 10_000)).padStart(4, '0')}`,
      region: REGIONS[Math.floor(random() * REGIONS.length)] ?? 'eu',
      tier: TIERS[Math.floor(random() * TIERS.length)] ?? 'free',
      customer: `cus_${Math.floor(random() * 5000)}`,
      instance: `i-${Math.floor(random() * 20_000)}`,
    },
  };
}

/** `count` benchmark events, in memory. */
export function benchEvents(count: number, seed = 7): BenchEvent[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => benchEvent(i, random));
}

/** The same stream, generated lazily: constant memory whatever `count`. */
export function* streamBenchEvents(count: number, seed = 7): Generator<BenchEvent> {
  const random = seededRandom(seed);
  for (let i = 0; i < count; i++) yield benchEvent(i, random);
}
