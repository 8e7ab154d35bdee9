import { packageBuild } from '../../tsup.base';

// The declarations of `@feecast/engine/internal` (see `tsup.config.ts`), added to the build's
// output: run after it, without cleaning it.
export default packageBuild(
  { internal: 'src/internal.ts' },
  { dts: { only: true, entry: { internal: 'src/internal.ts' } }, clean: false },
);
