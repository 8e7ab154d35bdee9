import fc from 'fast-check';
import { inject } from 'vitest';

// Every property test of the run uses the seed chosen (and printed) by the global setup.
fc.configureGlobal({ seed: inject('fcSeed') });
