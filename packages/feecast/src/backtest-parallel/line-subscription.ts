/**
 * The subscription an NDJSON line names, read from its bytes without parsing it: what lets
 * each worker thread of `feecast backtest` parse only its own share of a file's lines.
 */

const QUOTE = 0x22;
const COLON = 0x3a;
const KEY = '"external_subscription_id"';
/** {@link KEY} but its first two characters, `"e`. */
const KEY_TAIL = KEY.slice(2);
const KEY_E = 0x65;

function isBlank(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0d || byte === 0x0a;
}

/**
 * The `external_subscription_id` of the NDJSON record `line` (one line's bytes), read from
 * its bytes: the text of the one `"external_subscription_id": "..."` it holds; `null` when
 * the key is not in it (the record names no subscription, or is not an event); `undefined`
 * when the bytes alone cannot tell (a backslash anywhere in the line, so a key or value may
 * be escaped; the key twice, e.g. once in `properties`; a value that is not a plain string):
 * such a line must be parsed to know.
 *
 * A line without a backslash spells its keys as they are, so the one key found is the
 * record's own, or a nested one when the record has none (then the record names no
 * subscription once parsed: the caller checks the parsed event's id).
 *
 * @example
 * lineSubscription(Buffer.from('{"external_subscription_id": "sub_1", "code": "api_calls"}')) // 'sub_1'
 * lineSubscription(Buffer.from('{"code": "api_calls"}')) // null
 */
export function lineSubscription(line: Buffer): string | null | undefined {
  return lineSubscriptions(line)(0, line.length);
}

/**
 * {@link lineSubscription} of the lines of `data`, each given as its bytes `[start, end)`
 * (no line break in them), in the order of the buffer: the backslashes and keys are each
 * searched for once in the whole buffer, not once per line, and no line is cut out of it.
 * The searches run on `text`, the buffer's bytes as Latin-1 (one character per byte, so its
 * offsets are the buffer's; made here when not given): a string search in the engine is
 * several times cheaper than a search of the buffer, a call into Node's native code each. An
 * id of ASCII bytes only is cut from `text`; one with other bytes is decoded from `data` as
 * UTF-8.
 */
export function lineSubscriptions(
  data: Buffer,
  text: string = data.toString('latin1'),
): (start: number, end: number) => string | null | undefined {
  // The first backslash and key at or after the last line asked, where known (`text.length`:
  // none), so a line's search past its end serves the next lines.
  let backslash = -1;
  let key = -1;
  const after = (needle: string, from: number) => {
    const at = text.indexOf(needle, from);
    return at < 0 ? text.length : at;
  };
  // The key is found by its tail, then its first two characters checked: a search goes
  // from one place of its needle's first character to the next, and a line has a quote
  // every few characters, an `x` seldom.
  const keyAfter = (from: number) => {
    for (let at = text.indexOf(KEY_TAIL, from + 2); at >= 0; at = text.indexOf(KEY_TAIL, at + 1)) {
      if (text.charCodeAt(at - 1) === KEY_E && text.charCodeAt(at - 2) === QUOTE) return at - 2;
    }
    return text.length;
  };
  return (start, end) => {
    if (backslash < start) backslash = after('\\', start);
    if (backslash < end) return undefined;
    if (key < start) key = keyAfter(start);
    if (key + KEY.length > end) return null;
    let i = key + KEY.length;
    while (i < end && isBlank(text.charCodeAt(i))) i++;
    if (i >= end || text.charCodeAt(i) !== COLON) return undefined;
    i++;
    while (i < end && isBlank(text.charCodeAt(i))) i++;
    if (i >= end || text.charCodeAt(i) !== QUOTE) return undefined;
    const close = text.indexOf('"', i + 1);
    if (close < 0 || close >= end) return undefined;
    key = keyAfter(close + 1);
    if (key + KEY.length <= end) return undefined;
    for (let c = i + 1; c < close; c++) {
      if (text.charCodeAt(c) > 0x7f) return data.toString('utf8', i + 1, close);
    }
    return text.slice(i + 1, close);
  };
}
