import { type FeecastError, feecastError } from '../../core/index';

/**
 * The one shape of a malformed-expression error, shared by the lexer, the parser and the
 * compiler: `Expected ')' at column 25 of "round(event.properties.a", found the end of the
 * expression.` Columns are 1-based; `details` repeats the parts for programs.
 *
 * @example
 * syntaxError('round(1', 8, "',' or ')'", 'the end of the expression')
 * // { code: 'invalid_expression', message: 'Expected \',\' or \')\' at column 8 of "round(1", found the end of the expression.', ... }
 */
export function syntaxError(
  source: string,
  column: number,
  expected: string,
  found: string,
  hint?: string,
): FeecastError {
  const where = `at column ${column} of ${JSON.stringify(source)}`;
  const tail = hint === undefined ? '' : ` ${hint}`;
  return feecastError(
    'invalid_expression',
    `Expected ${expected} ${where}, found ${found}.${tail}`,
    undefined,
    { expression: source, column, expected, found },
  );
}

/**
 * What the parser or the lexer found at a position, in words.
 *
 * @example
 * describeCharacter('+')       // "'+'"
 * describeCharacter('\t')      // 'a tab (only spaces may separate tokens)'
 * describeCharacter(undefined) // 'the end of the expression'
 */
export function describeCharacter(char: string | undefined): string {
  if (char === undefined || char === '') return 'the end of the expression';
  if (char === ' ') return 'a space';
  if (char === '\t') return 'a tab (only spaces may separate tokens)';
  if (char === '\n' || char === '\r') return 'a line break (only spaces may separate tokens)';
  if (char.trim() === '') return 'a non-space blank (only spaces may separate tokens)';
  return `'${char}'`;
}
