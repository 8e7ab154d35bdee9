import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import type { FeecastError } from '../../core/index';
import type { BinaryOperator } from './ast';
import { describeCharacter, syntaxError } from './syntax-error';

/**
 * A token of the expression language. `column` is the 1-based column of its first character.
 * Event attributes (`event.properties.NAME`, `event.timestamp`, `event.code`) are single
 * tokens: no space may appear inside them.
 */
export type Token =
  | { readonly kind: 'number'; readonly text: string; readonly column: number }
  | { readonly kind: 'string'; readonly value: string; readonly column: number }
  | { readonly kind: 'name'; readonly text: string; readonly column: number }
  | { readonly kind: 'property'; readonly name: string; readonly column: number }
  | { readonly kind: 'timestamp'; readonly column: number }
  | { readonly kind: 'code'; readonly column: number }
  | { readonly kind: 'operator'; readonly operator: BinaryOperator; readonly column: number }
  | { readonly kind: '(' | ')' | ',' | 'end'; readonly column: number };

const SPACE = 32;
const QUOTE = 39;
const DOT = 46;
const UNDERSCORE = 95;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isWordCharacter(c: number): boolean {
  return isLetter(c) || isDigit(c) || c === UNDERSCORE;
}

const EXPECTED_TOKEN =
  "a number, a 'string', event.properties.NAME, event.timestamp, event.code, a function, an operator or a parenthesis";

/**
 * Splits an expression into tokens, once, at parse time. Only the space character separates
 * tokens (a tab or a line break is an error, as in the reference grammar). Numbers are
 * unsigned `digits` or `digits.digits` (no exponent); strings are single-quoted with no escape.
 *
 * @example
 * tokenize("round(event.properties.a, 2)")
 * // right([{kind:'name',text:'round',column:1}, {kind:'(',column:6},
 * //        {kind:'property',name:'a',column:7}, {kind:',',column:25},
 * //        {kind:'number',text:'2',column:27}, {kind:')',column:28}, {kind:'end',column:29}])
 */
export function tokenize(source: string): Either<FeecastError, Token[]> {
  const tokens: Token[] = [];
  const n = source.length;
  let i = 0;
  while (i < n) {
    const c = source.charCodeAt(i);
    const column = i + 1;
    if (c === SPACE) {
      i++;
    } else if (isDigit(c)) {
      let j = i + 1;
      while (j < n && isDigit(source.charCodeAt(j))) j++;
      if (j < n && source.charCodeAt(j) === DOT) {
        if (!(j + 1 < n && isDigit(source.charCodeAt(j + 1)))) {
          return left(
            syntaxError(
              source,
              j + 2,
              "a digit after '.' (write 12 or 12.5, not 12.)",
              describeCharacter(source[j + 1]),
            ),
          );
        }
        j += 2;
        while (j < n && isDigit(source.charCodeAt(j))) j++;
      }
      tokens.push({ kind: 'number', text: source.slice(i, j), column });
      i = j;
    } else if (c === QUOTE) {
      const close = source.indexOf("'", i + 1);
      if (close < 0) {
        return left(
          syntaxError(
            source,
            n + 1,
            `"'" (the string opened at column ${column} is not closed)`,
            'the end of the expression',
            'Strings are single-quoted and cannot contain a quote.',
          ),
        );
      }
      tokens.push({ kind: 'string', value: source.slice(i + 1, close), column });
      i = close + 1;
    } else if (isLetter(c) || c === UNDERSCORE) {
      let j = i + 1;
      while (j < n && isWordCharacter(source.charCodeAt(j))) j++;
      const word = source.slice(i, j);
      if (word !== 'event') {
        tokens.push({ kind: 'name', text: word, column });
        i = j;
      } else {
        const attribute = eventAttribute(source, j, column);
        if (isLeft(attribute)) return attribute;
        tokens.push(attribute.right.token);
        i = attribute.right.end;
      }
    } else {
      const simple = simpleToken(c, column);
      if (simple === undefined) {
        return left(syntaxError(source, column, EXPECTED_TOKEN, describeCharacter(source[i])));
      }
      tokens.push(simple);
      i++;
    }
  }
  tokens.push({ kind: 'end', column: n + 1 });
  return right(tokens);
}

function simpleToken(c: number, column: number): Token | undefined {
  switch (c) {
    case 43:
      return { kind: 'operator', operator: '+', column };
    case 45:
      return { kind: 'operator', operator: '-', column };
    case 42:
      return { kind: 'operator', operator: '*', column };
    case 47:
      return { kind: 'operator', operator: '/', column };
    case 40:
      return { kind: '(', column };
    case 41:
      return { kind: ')', column };
    case 44:
      return { kind: ',', column };
    default:
      return undefined;
  }
}

/** Reads what follows `event` (at `start`): `.timestamp`, `.code` or `.properties.NAME`. */
function eventAttribute(
  source: string,
  start: number,
  column: number,
): Either<FeecastError, { token: Token; end: number }> {
  const n = source.length;
  if (source.charCodeAt(start) !== DOT) {
    return left(
      syntaxError(
        source,
        start + 1,
        "'.' after 'event' (event.properties.NAME, event.timestamp or event.code)",
        describeCharacter(source[start]),
      ),
    );
  }
  let j = start + 1;
  while (j < n && isWordCharacter(source.charCodeAt(j))) j++;
  const attribute = source.slice(start + 1, j);
  if (attribute === 'timestamp') return right({ token: { kind: 'timestamp', column }, end: j });
  if (attribute === 'code') return right({ token: { kind: 'code', column }, end: j });
  if (attribute !== 'properties') {
    return left(
      syntaxError(
        source,
        start + 2,
        "'timestamp', 'code' or 'properties.NAME' after 'event.'",
        attribute === '' ? describeCharacter(source[start + 1]) : `'${attribute}'`,
      ),
    );
  }
  if (source.charCodeAt(j) !== DOT || !isLetter(source.charCodeAt(j + 1))) {
    const at = source.charCodeAt(j) !== DOT ? j : j + 1;
    return left(
      syntaxError(
        source,
        at + 1,
        source.charCodeAt(j) !== DOT
          ? "'.' after 'event.properties'"
          : 'a property name (an ASCII letter, then letters, digits or _)',
        describeCharacter(source[at]),
        'Property names with dashes, dots or a leading digit cannot be referenced.',
      ),
    );
  }
  let k = j + 2;
  while (k < n && isWordCharacter(source.charCodeAt(k))) k++;
  return right({ token: { kind: 'property', name: source.slice(j + 1, k), column }, end: k });
}
