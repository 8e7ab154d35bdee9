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
  if (line.indexOf(BACKSLASH) >= 0) return undefined;
  const at = line.indexOf(KEY);
  if (at < 0) return null;
  const end = line.length;
  let i = at + KEY.length;
  while (i < end && isBlank(line[i])) i++;
  if (line[i] !== COLON) return undefined;
  i++;
  while (i < end && isBlank(line[i])) i++;
  if (line[i] !== QUOTE) return undefined;
  const close = line.indexOf(QUOTE, i + 1);
  if (close < 0) return undefined;
  if (line.indexOf(KEY, close + 1) >= 0) return undefined;
  return line.toString('utf8', i + 1, close);
}
