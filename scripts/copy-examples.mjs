#!/usr/bin/env node
// The example data that the `feecast` package ships (run by its `build`): the repository's
// examples/cli, which `feecast demo` prices, copied into packages/feecast/examples/cli (not
// committed: .gitignore), so that the installed package finds it beside its dist/.
import { cpSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'packages', 'feecast', 'examples');
rmSync(target, { recursive: true, force: true });
cpSync(join(root, 'examples', 'cli'), join(target, 'cli'), { recursive: true });
