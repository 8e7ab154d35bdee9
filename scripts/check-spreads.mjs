#!/usr/bin/env node
// Scale rule (issue 19): no spread of an array into a call's arguments, and no `.apply`, in
// the packages' sources. `xs.push(...ys)`, `Math.max(...ys)` and `f.apply(null, ys)` put every
// item on the call stack: past ~125,000 items they throw "Maximum call stack size exceeded",
// and event lists, rejections and fees grow with the events. Loop instead. Spreads in array
// and object literals (`[...a, ...b]`) are not calls and are allowed; rest parameters too. A
// spread of a list that cannot grow with the input is allowed when the line (or the one above)
// says why, with a comment containing `bounded:`.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFiles } from './source-files.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The text with comments and string literals blanked (positions kept for line numbers). */
function code(text) {
  return text.replace(
    /\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g,
    (match) => match.replace(/[^\n]/g, ' '),
  );
}

// A call whose argument list opens with a spread: `name(...`, `](...`, `)(...`. A rest
// parameter (`(...parts: string[])`) carries a type and is not a call.
const callSpread = /[\w$\])]\s*\(\s*\.\.\.(?![\w$]+\s*[:?])/g;
// A spread after another argument: `f(a, ...rest)`; in a call only (a declaration types it).
const laterSpread = /,\s*\.\.\.(?![\w$]+\s*[:?])[\w$.]+\s*\)/g;
const apply = /\.apply\s*\(\s*(?:null|undefined|this|[\w$]+)\s*,/g;

const problems = [];
for (const pkg of readdirSync(join(root, 'packages'))) {
  const src = join(root, 'packages', pkg, 'src');
  let files;
  try {
    files = [...sourceFiles(src)];
  } catch {
    continue;
  }
  for (const file of files) {
    const original = readFileSync(file, 'utf8');
    const lines = original.split('\n');
    const text = code(original);
    for (const pattern of [callSpread, laterSpread, apply]) {
      for (const match of text.matchAll(pattern)) {
        const line = text.slice(0, match.index).split('\n').length;
        if (/bounded:/.test(`${lines[line - 2] ?? ''}${lines[line - 1] ?? ''}`)) continue;
        problems.push(`${relative(root, file)}:${line}: ${match[0].trim()}`);
      }
    }
  }
}

if (problems.length > 0) {
  console.error(
    `Spread or apply of an array into a call (overflows the stack on large arrays; loop instead):\n${problems.join('\n')}`,
  );
  process.exit(1);
}
