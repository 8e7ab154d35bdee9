import { packageBuild } from '../../tsup.base';

export default packageBuild(
  {
    index: 'src/index.ts',
    cli: 'src/cli.ts',
    fetch: 'src/fetch.ts',
    notebook: 'src/notebook.ts',
    'backtest-worker': 'src/backtest-worker.ts',
  },
  { platform: 'node', shims: true },
  { index: 'src/index.ts', cli: 'src/cli.ts' },
);
