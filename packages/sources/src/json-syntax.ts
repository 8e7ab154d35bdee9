/**
 * Where JSON text stops being JSON: the index of the first character that breaks the grammar,
 * for error messages (Node's own `JSON.parse` messages do not always give a position). Only
 * run after `JSON.parse` has failed; iterative, so any nesting depth is fine.
 */

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

type Expect = 'value' | 'value-or-close' | 'key' | 'key-or-close' | 'colon' | 'comma-or-close';

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/** The index just after the string that starts at `i` (a `"`), or the index of its fault. */
function skipString(text: string, start: number): { end: number; ok: boolean } {
  let i = start + 1;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 34) return { end: i + 1, ok: true };
    if (code < 32) return { end: i, ok: false };
    if (code === 92) {
      ESCAPE.lastIndex = i;
      if (!ESCAPE.test(text)) return { end: i, ok: false };
      i = ESCAPE.lastIndex;
    } else i++;
  }
  return { end: text.length, ok: false };
}

/** The index after a number or literal at `i`, or `undefined` when there is none. */
function skipScalar(text: string, i: number): number | undefined {
  for (const pattern of [NUMBER, LITERAL]) {
    pattern.lastIndex = i;
    if (pattern.test(text)) return pattern.lastIndex;
  }
  return undefined;
}

/**
 * The index of the first character where `text` is not one JSON value (its length when the
 * text ends too early), or `undefined` when it is valid JSON.
 *
 * @example
 * jsonErrorIndex('{"a": 1,}') // => 8
 * jsonErrorIndex('[1, 2') // => 5
 * jsonErrorIndex('[1, 2]') // => undefined
 */
export function jsonErrorIndex(text: string): number | undefined {
  const stack: number[] = [];
  let expect: Expect = 'value';
  let done = false;
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (isSpace(code)) {
      i++;
      continue;
    }
    if (done) return i;
    if (expect === 'colon') {
      if (code !== 58) return i;
      expect = 'value';
      i++;
      continue;
    }
    if (expect === 'comma-or-close') {
      const open = stack[stack.length - 1];
      if (code === 44) {
        expect = open === 123 ? 'key' : 'value';
        i++;
        continue;
      }
      if ((open === 123 && code === 125) || (open === 91 && code === 93)) {
        stack.pop();
        i++;
        if (stack.length === 0) done = true;
        continue;
      }
      return i;
    }
    if (expect === 'key' || expect === 'key-or-close') {
      if (expect === 'key-or-close' && code === 125) {
        stack.pop();
        i++;
        if (stack.length === 0) done = true;
        else expect = 'comma-or-close';
        continue;
      }
      if (code !== 34) return i;
      const string = skipString(text, i);
      if (!string.ok) return string.end;
      i = string.end;
      expect = 'colon';
      continue;
    }
    // A value is expected.
    if (expect === 'value-or-close' && code === 93) {
      stack.pop();
      i++;
      if (stack.length === 0) done = true;
      else expect = 'comma-or-close';
      continue;
    }
    if (code === 123 || code === 91) {
      stack.push(code);
      expect = code === 123 ? 'key-or-close' : 'value-or-close';
      i++;
      continue;
    }
    let end: number | undefined;
    if (code === 34) {
      const string = skipString(text, i);
      if (!string.ok) return string.end;
      end = string.end;
    } else end = skipScalar(text, i);
    if (end === undefined) return i;
    i = end;
    if (stack.length === 0) done = true;
    else expect = 'comma-or-close';
  }
  return done ? undefined : text.length;
}
