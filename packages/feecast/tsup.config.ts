import { packageBuild } from '../../tsup.base';

export default packageBuild(
  { index: 'src/index.ts', cli: 'src/cli.ts' },
  { platform: 'node', shims: true },
);
