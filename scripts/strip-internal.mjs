// Leaves `@internal` out of a package's built declarations, run by the package's `build` after
// tsup: `node ../../scripts/strip-internal.mjs dist`.
//
// In every `.d.ts` / `.d.cts` file of the folder, a declaration whose documentation comment (the
// last one before it) has an `@internal` tag is removed, at the top level (a type, a function)
// or as a member (an interface's or class's field or method), and so is any other documentation
// comment with the tag (a module's comment left behind by the bundler). TypeScript's own
// `stripInternal` cannot do it: it strips per module, before the bundler reads them, so a
// module's exports disappear under the bundler's feet; here the bundle is final.
//
// The build fails, naming the declarations, when what remains still needs what was removed: a
// removed declaration that the file exports, or whose name the rest of the file still uses.
// `test/api-surface.test.ts` checks the result (no `@internal` ships; the declarations compile).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const TAG = /@internal\b/;
const INTERNAL_COMMENT = /\/\*\*(?:(?!\*\/)[\s\S])*?@internal\b[\s\S]*?\*\//g;

/** Whether the documentation comment nearest to `node` has the tag. */
function isInternal(node) {
  const docs = node.jsDoc;
  const last = Array.isArray(docs) ? docs[docs.length - 1] : undefined;
  return last !== undefined && TAG.test(last.getText());
}

/** The name a top-level declaration declares, or undefined. */
function declaredNames(statement) {
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.map((d) => d.name.getText());
  }
  return statement.name !== undefined ? [statement.name.getText()] : [];
}

/** Removes the internal declarations of one file's text; returns the text and the problems. */
function stripInternal(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const cuts = [];
  const removed = new Set();
  const visit = (node, topLevel) => {
    if (
      (topLevel && ts.isStatement(node)) ||
      ts.isTypeElement(node) ||
      ts.isClassElement(node) ||
      ts.isEnumMember(node)
    ) {
      if (isInternal(node)) {
        cuts.push([node.getFullStart(), node.getEnd()]);
        if (topLevel) for (const name of declaredNames(node)) removed.add(name);
        return;
      }
    }
    ts.forEachChild(node, (child) => visit(child, false));
  };
  for (const statement of source.statements) visit(statement, true);

  let stripped = text;
  for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) {
    stripped = stripped.slice(0, start) + stripped.slice(end);
  }
  stripped = stripped.replace(INTERNAL_COMMENT, '');

  // What remains must not name what was removed.
  const problems = [];
  const after = ts.createSourceFile(fileName, stripped, ts.ScriptTarget.Latest, true);
  const seen = new Set();
  const look = (node) => {
    if (ts.isIdentifier(node) && removed.has(node.text) && !seen.has(node.text)) {
      seen.add(node.text);
      problems.push(
        `${fileName}: \`${node.text}\` is marked @internal but the declarations still use it ` +
          '(export it without the tag, or mark what uses it @internal too)',
      );
    }
    ts.forEachChild(node, look);
  };
  look(after);
  return { text: stripped, problems };
}

function main(folder) {
  const problems = [];
  for (const name of readdirSync(folder)) {
    if (!/\.d\.c?ts$/.test(name)) continue;
    const path = join(folder, name);
    const result = stripInternal(name, readFileSync(path, 'utf8'));
    problems.push(...result.problems);
    writeFileSync(path, result.text);
  }
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
}

if (process.argv[2] !== undefined) main(process.argv[2]);
