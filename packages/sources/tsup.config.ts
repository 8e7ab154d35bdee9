import { packageBuild } from '../../tsup.base';

export default packageBuild({ index: 'src/index.ts' }, { platform: 'node', shims: true });
