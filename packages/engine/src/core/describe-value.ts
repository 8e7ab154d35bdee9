/** Descriptions longer than this are cut, with `…` at the end. */
const MAX_LENGTH = 200;

/** Arrays longer than this are shown by their length, not written out. */
const MAX_SHOWN_ITEMS = 20;

/**
 * JSON cannot show a BigInt: write it as JavaScript does (`10n`). A long array (a list of
 * millions, a sparse array of length 2^31) is shown by its length: writing it out first and
 * cutting after would cost time and memory in proportion to its length.
 */
function bigintAsText(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return `${value.toString()}n`;
  if (Array.isArray(value) && value.length > MAX_SHOWN_ITEMS) {
    return `an array of ${value.length} items`;
  }
  return value;
}

function cut(text: string): string {
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text;
}

/**
 * Any value as an error message shows it, for any value: plain data as JSON (`"ten"`, `12`,
 * `{"a":1}`, null-prototype objects included), and a short description of what JSON cannot
 * show (`10n (a BigInt)`, `Symbol(s) (a symbol)`, `a function`, `an object that cannot be
 * shown as JSON` for a cycle or a throwing getter). Long values are cut at 200 characters.
 * It never throws, so building a message about bad input cannot fail on that input.
 *
 * @example
 * describeValue('ten')                 // '"ten"'
 * describeValue(10n)                   // '10n (a BigInt)'
 * describeValue(Object.create(null))   // '{}'
 * @internal
 */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return cut(JSON.stringify(value));
    case 'number':
    case 'boolean':
    case 'undefined':
      return String(value);
    case 'bigint':
      return `${value.toString()}n (a BigInt)`;
    case 'symbol':
      // String() of a symbol never calls a method of the symbol (unlike a template literal, which throws).
      return `${String(value)} (a symbol)`;
    case 'function':
      return 'a function';
    default:
      return describeObject(value);
  }
}

function describeObject(value: unknown): string {
  if (value === null) return 'null';
  try {
    const text = JSON.stringify(value, bigintAsText);
    return typeof text === 'string' ? cut(text) : 'an object that cannot be shown as JSON';
  } catch {
    // A cycle, a throwing getter or toJSON, a revoked proxy.
    return 'an object that cannot be shown as JSON (it refers to itself, or reading it fails)';
  }
}

/**
 * What a caught exception says, for a message: its name and message when it is an `Error`,
 * else the value described. Never throws (the exception's own getters may).
 *
 * @example
 * describeThrown(new TypeError('boom')) // 'TypeError: boom'
 * describeThrown('oops')                // '"oops"'
 * @internal
 */
export function describeThrown(thrown: unknown): string {
  try {
    if (thrown instanceof Error) return cut(`${String(thrown.name)}: ${String(thrown.message)}`);
  } catch {
    // An exception whose name or message getter throws: described as a value below.
  }
  return describeValue(thrown);
}

/**
 * A value as an error's `details` may carry it: a string, number, boolean or null as it is,
 * anything else (a BigInt, a symbol, an object of the caller's that may be a proxy or a cycle)
 * described, so an error can always be sent as JSON.
 *
 * @example
 * detailValue('ten') // 'ten'
 * detailValue(10n)   // '10n (a BigInt)'
 * @internal
 */
export function detailValue(value: unknown): unknown {
  const kind = typeof value;
  return value === null || kind === 'string' || kind === 'number' || kind === 'boolean'
    ? value
    : describeValue(value);
}
