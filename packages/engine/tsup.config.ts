import { packageBuild } from '../../tsup.base';

// Two entries: the public surface (`@feecast/engine`) and the helpers of feecast's own packages
// (`@feecast/engine/internal`). The code of each is its runtime file (every function guarded at
// the boundary); the entries share their modules (`splitting`), so a value one makes (an event
// batch, known by identity) is the other's too. The declarations of the public entry are those
// of `index.ts`, the same functions with their documentation; those of the internal entry are
// bundled on their own afterwards (`tsup.internal.config.ts`), so that `index.d.ts` holds the
// whole public surface and shares no chunk with them.
export default packageBuild(
  { index: 'src/runtime.ts', internal: 'src/internal-runtime.ts' },
  { splitting: true },
  { index: 'src/index.ts' },
);
