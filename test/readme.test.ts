import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * The README's code example runs as written against the built packages, and prints what its
 * `// comments` say, line by line.
 */
const here = dirname(fileURLToPath(import.meta.url));
const readme = readFileSync(join(here, '..', 'README.md'), 'utf8');

it('the README code example prints what its comments say', () => {
  const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(block).toBeDefined();
  const code = block ?? '';
  const expected = code
    .split('\n')
    .filter((line) => line.trimStart().startsWith('console.log('))
    .map((line) => line.slice(line.lastIndexOf('// ') + 3));
  const printed = execFileSync(process.execPath, ['--input-type=module', '--eval', code], {
    cwd: here,
    encoding: 'utf8',
  });
  expect(expected.length).toBeGreaterThan(0);
  expect(printed.trimEnd().split('\n')).toEqual(expected);
});
