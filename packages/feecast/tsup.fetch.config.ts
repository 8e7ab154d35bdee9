import { packageBuild } from '../../tsup.base';

// The declarations of `feecast/fetch` and `feecast/notebook` (see `tsup.config.ts`), added to the
// build's output: run after it, without cleaning it, so that `index.d.ts` holds the whole main
// surface and shares no chunk with them.
export default packageBuild(
  { fetch: 'src/fetch.ts', notebook: 'src/notebook.ts' },
  {
    dts: { only: true, entry: { fetch: 'src/fetch.ts', notebook: 'src/notebook.ts' } },
    clean: false,
  },
);
