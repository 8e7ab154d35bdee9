/**
 * "Did you mean ...?": the closest known name to a mistyped one, by edit distance.
 */

/** Levenshtein distance between two short strings (option names). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The known name closest to `name`: one that starts with it, else one within an edit
 * distance of a third of its length (at least 1, at most 3); `undefined` when none is close.
 * Ties go to the first name listed.
 *
 * @example
 * closestName('--pln', ['--plan', '--now']) // '--plan'
 * closestName('--zzz', ['--plan'])          // undefined
 */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const prefixed = known.find((candidate) => candidate.startsWith(name));
  if (prefixed !== undefined && name.length > 3) return prefixed;
  const limit = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of known) {
    const d = distance(name, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}
