import fc from 'fast-check';
import { expect, inject, it } from 'vitest';

it('every property test runs with the seed the run printed (FC_SEED when set, see vitest.global-setup.ts)', () => {
  const seed = inject('fcSeed');
  expect(fc.readConfigureGlobal().seed).toBe(seed);
});
