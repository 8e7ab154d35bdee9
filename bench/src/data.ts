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
