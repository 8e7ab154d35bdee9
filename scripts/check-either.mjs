#!/usr/bin/env node
// One idiom for reading an `Either` (issue 20, docs/architecture.md "Reading an Either"):
// `if (isLeft(x)) return x; const value = x.right;` (or `isLeft(x) ? ... : ...` in an
// expression), with `isLeft`/`isRight` of fp-ts. Rejected in the packages' sources: tests of
// the tag (`x._tag === 'Left'`), and the other readers of fp-ts (`fold`, `match`, `chain`,
// `mapLeft`..., `pipe`/`flow`, `import * as E`). Comments (and the `@example`s in them) are
// not checked.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFiles, TYPESCRIPT_FILES } from './source-files.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The text with comments blanked (positions kept for line numbers); strings are kept. */
function withoutComments(text) {
  return text.replace(
    /'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g,
    (match) => (match.startsWith('/') ? match.replace(/[^\n]/g, ' ') : match),
  );
}

const READERS = 'fold|foldW|match|matchW|chain|chainW|flatMap|bimap|mapLeft|getOrElse|getOrElseW';
const rules = [
  { pattern: /\._tag\s*[!=]==?\s*['"](?:Left|Right)['"]/g, fix: 'use isLeft(x) / isRight(x)' },
  {
    pattern: new RegExp(
      `import\\s*\\{[^}]*\\b(?:${READERS})\\b[^}]*\\}\\s*from\\s*['"]fp-ts/(?:lib/)?Either(?:\\.js)?['"]`,
      'g',
    ),
    fix: 'read with isLeft(x), then x.left / x.right',
  },
  {
    pattern:
      /import\s*\{[^}]*\b(?:pipe|flow)\b[^}]*\}\s*from\s*['"]fp-ts\/(?:lib\/)?function(?:\.js)?['"]/g,
    fix: 'read with isLeft(x), then x.left / x.right',
  },
  { pattern: /import\s*\*\s*as\s+\w+\s+from\s*['"]fp-ts/g, fix: 'import the names used' },
];

const problems = [];
for (const pkg of readdirSync(join(root, 'packages'))) {
  const src = join(root, 'packages', pkg, 'src');
  let files;
  try {
    files = [...sourceFiles(src, TYPESCRIPT_FILES)];
  } catch {
    continue;
  }
  for (const file of files) {
    const text = withoutComments(readFileSync(file, 'utf8'));
    for (const { pattern, fix } of rules) {
      for (const match of text.matchAll(pattern)) {
        const line = text.slice(0, match.index).split('\n').length;
        problems.push(`${relative(root, file)}:${line}: ${match[0].trim()} (${fix})`);
      }
    }
  }
}

if (problems.length > 0) {
  console.error(
    `Another way of reading an Either than the code base's one (docs/architecture.md):\n${problems.join('\n')}`,
  );
  process.exit(1);
}
console.log('check-either: every Either is read with isLeft/isRight.');
