import { packageBuild } from '../../tsup.base';

// The code is `runtime.ts` (every function guarded at the boundary); the declarations are
// those of `index.ts`, the same functions with their documentation.
export default packageBuild({ index: 'src/runtime.ts' }, {}, { index: 'src/index.ts' });
