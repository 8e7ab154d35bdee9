// Values the global setup hands to every test file (see vitest.global-setup.ts).
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The fast-check seed of this run. */
    fcSeed: number;
  }
}
