import ts from 'typescript';

/**
 * The `@example`s of the public functions, as the built declarations give them to a user's
 * editor, and what the doc-test runner (`doc-examples.test.ts`) makes of them. The conventions
 * are those of `docs/architecture.md`, "Examples that run".
 */

/** A public function of an entry and the code of each of its `@example` tags. */
export interface PublicFunction {
  readonly entry: string;
  readonly name: string;
  readonly examples: readonly string[];
}

/** An entry's public functions and the names of all its values (what an example may use). */
export interface EntrySurface {
  readonly entry: string;
  readonly functions: readonly PublicFunction[];
  readonly values: readonly string[];
}

/**
 * Every exported function of each built declaration file (a `function`, or a `const` whose type
 * can be called), with its examples; and every exported value (not a type) of the file.
 */
export function entrySurfaces(
  files: readonly { readonly entry: string; readonly path: string }[],
): EntrySurface[] {
  const program = ts.createProgram(
    files.map((f) => f.path),
    {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: ['node'],
    },
  );
  const checker = program.getTypeChecker();
  return files.map(({ entry, path }) => {
    const source = program.getSourceFile(path);
    const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
    if (module === undefined) throw new Error(`${entry}: ${path} is not a module`);
    const functions: PublicFunction[] = [];
    const values: string[] = [];
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol =
        exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const declaration = symbol.declarations?.[0];
      if (declaration === undefined || (symbol.flags & ts.SymbolFlags.Value) === 0) continue;
      values.push(exported.name);
      const callable =
        (symbol.flags & ts.SymbolFlags.Function) !== 0 ||
        ((symbol.flags & ts.SymbolFlags.Variable) !== 0 &&
          checker.getTypeOfSymbolAtLocation(symbol, declaration).getCallSignatures().length > 0);
      if (!callable) continue;
      const examples = symbol
        .getJsDocTags(checker)
        .filter((tag) => tag.name === 'example')
        .map((tag) => ts.displayPartsToString(tag.text));
      functions.push({ entry, name: exported.name, examples });
    }
    return { entry, functions, values };
  });
}

/** What an example's comment says its statement shows. */
export interface Expectation {
  /** `=>`: equal (deep, strict); `~>`: matches (the keys it lists; arrays of the same length). */
  readonly mode: '=>' | '~>';
  /** The expected value: a JavaScript expression, `right(...)` and `left(...)` in scope. */
  readonly expected: string;
  /** The line of the example (1-based) where the checked statement starts. */
  readonly line: number;
}

const EXPECTATION = /^\/\/ ?(=>|~>)\s?/;

/**
 * The example's code with each statement that an expectation follows replaced by a check:
 * `await __doc.check(id, line, async () => (statement), (right, left) => (expected), mode)`.
 * An expectation is a `// => ...` or `// ~> ...` comment right after an expression statement,
 * on its line or the line below, continued by the `//` lines that directly follow it.
 */
export function instrument(code: string, id: number): { code: string; checks: Expectation[] } {
  const source = ts.createSourceFile('example.ts', code, ts.ScriptTarget.Latest, true);
  const checks: Expectation[] = [];
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isExpressionStatement(node)) {
      const expectation = expectationAfter(code, node.end);
      if (expectation !== undefined) {
        const start = node.getStart(source);
        const line = source.getLineAndCharacterOfPosition(start).line + 1;
        checks.push({ ...expectation, line });
        const expression = node.expression.getText(source);
        edits.push({
          start,
          end: node.end,
          text: `await __doc.check(${id}, ${line}, async () => (${expression}), (right, left) => (${expectation.expected}), '${expectation.mode}');`,
        });
        return;
      }
    }
    if (ts.isFunctionLike(node)) return; // a check awaits: only statements of the module's own flow
    ts.forEachChild(node, visit);
  };
  visit(source);
  let result = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    result = `${result.slice(0, edit.start)}${edit.text}${result.slice(edit.end)}`;
  }
  return { code: result, checks };
}

/** The expectation comment that starts right after `end` (same line or the next), if any. */
function expectationAfter(
  code: string,
  end: number,
): { mode: '=>' | '~>'; expected: string } | undefined {
  const rest = code.slice(end).split('\n');
  // The rest of the statement's line, then the line below when the statement's line has none.
  const sameLine = (rest[0] ?? '').trim();
  const first = sameLine !== '' ? 0 : 1;
  const opening = (rest[first] ?? '').trim();
  const match = EXPECTATION.exec(opening);
  if (match === null) return undefined;
  const lines = [opening.slice(match[0].length)];
  for (const next of rest.slice(first + 1)) {
    const text = next.trim();
    if (!text.startsWith('//') || EXPECTATION.test(text)) break;
    lines.push(text.replace(/^\/\/ ?/, ''));
  }
  return { mode: match[1] === '~>' ? '~>' : '=>', expected: lines.join('\n') };
}

/** The names an example declares at its top level (imports, variables, functions, classes). */
export function topLevelNames(code: string): Set<string> {
  const source = ts.createSourceFile('example.ts', code, ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  const bind = (name: ts.BindingName): void => {
    if (ts.isIdentifier(name)) names.add(name.text);
    else
      for (const element of name.elements) if (!ts.isOmittedExpression(element)) bind(element.name);
  };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.name !== undefined) names.add(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings !== undefined && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) names.add(element.name.text);
      } else if (bindings !== undefined) names.add(bindings.name.text);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) bind(declaration.name);
    } else if (
      (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) &&
      statement.name !== undefined
    ) {
      names.add(statement.name.text);
    }
  }
  return names;
}
