import type { TestProject } from 'vitest/node';

/**
 * Chooses the fast-check seed once per run: `FC_SEED` when set (to replay a failure),
 * otherwise a fresh one. The seed is printed so that every run can be replayed.
 */
export default function setup(project: TestProject): void {
  const fromEnv = process.env.FC_SEED;
  let seed: number;
  if (fromEnv !== undefined && fromEnv.trim() !== '') {
    seed = Number(fromEnv);
    if (!Number.isSafeInteger(seed)) {
      throw new Error(`FC_SEED must be an integer, got ${JSON.stringify(fromEnv)}`);
    }
  } else {
    // Not money: a 31-bit random seed for the property-test generator.
    seed = Math.floor(Math.random() * 0x7fffffff);
  }
  console.log(`fast-check seed: ${seed} (replay with FC_SEED=${seed})`);
  project.provide('fcSeed', seed);
}
