/**
 * The subscription an NDJSON line names, read from its bytes without parsing it: what lets
 * each worker thread of `feecast backtest` parse only its own share of a file's lines.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const KEY = Buffer.from('"external_subscription_id"');

function isBlank(byte: number | undefined): boolean {
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
 */
export function lineSubscriptions(
  data: Buffer,
): (start: number, end: number) => string | null | undefined {
  // The first backslash and the first key at or after the last line asked, where known
  // (`data.length`: none), so a line's search past its end serves the next lines.
  let backslash = -1;
  let key = -1;
  const after = (needle: Buffer | number, from: number) => {
    const at = data.indexOf(needle, from);
    return at < 0 ? data.length : at;
  };
  return (start, end) => {
    if (backslash < start) backslash = after(BACKSLASH, start);
    if (backslash < end) return undefined;
    if (key < start) key = after(KEY, start);
    if (key + KEY.length > end) return null;
    let i = key + KEY.length;
    while (i < end && isBlank(data[i])) i++;
    if (data[i] !== COLON || i >= end) return undefined;
    i++;
    while (i < end && isBlank(data[i])) i++;
    if (data[i] !== QUOTE || i >= end) return undefined;
    const close = data.indexOf(QUOTE, i + 1);
    if (close < 0 || close >= end) return undefined;
    key = after(KEY, close + 1);
    if (key + KEY.length <= end) return undefined;
    return data.toString('utf8', i + 1, close);
  };
}
