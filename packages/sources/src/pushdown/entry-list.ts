/**
 * A unique count's state entries (`{ value, operation, at }`) of many rows as one text: what
 * DuckDB builds (`duckdbEntryList`, compile.ts `valueLists`) and the runner reads
 * (`appendEntryList`, state-rows.ts). Each entry is its value (`-` for none, else its length in
 * characters, `:` and its text), its operation (`1` add, `0` remove), its time in milliseconds
 * (digits, `-` first when negative; nothing for none) and `;`. The value's length, not an
 * escape, tells where it ends, so any text comes back as it was. Built and read in less time
 * than the JSON list it replaces (bench/README.md).
 */

const DASH = 0x2d;
const ONE = 0x31;

/**
 * The SQL (DuckDB) of the entries of the rows meeting `condition` as one text, in no particular
 * order (NULL of none): `value` a text or NULL, `flag` the number 1 for an add, `time` the
 * time in milliseconds (a number, or NULL).
 */
export function duckdbEntryList(
  value: string,
  flag: string,
  time: string,
  condition: string,
): string {
  const text = `CASE WHEN ${value} IS NULL THEN '-' ELSE concat(CAST(length(${value}) AS VARCHAR), ':', ${value}) END`;
  const operation = `CASE WHEN ${flag} = 1 THEN '1' ELSE '0' END`;
  const at = `coalesce(CAST(${time} AS VARCHAR), '')`;
  return `string_agg(concat(${text}, ${operation}, ${at}, ';'), '') FILTER (WHERE ${condition})`;
}

/**
 * Adds the entries of `text` (as `duckdbEntryList` builds it; none: NULL) to `list`; false when
 * the text is not such a list (nothing is added from its first unreadable entry on).
 * (`'3:u;11700;-0;'` holds `{ value: 'u;1', operation: 'add', at: 700 }`, then
 * `{ value: null, operation: 'remove', at: null }`.)
 */
export function appendEntryList(list: unknown[], text: unknown): boolean {
  if (text === null || text === undefined) return true;
  const s = String(text);
  let i = 0;
  while (i < s.length) {
    let value: string | null = null;
    if (s.charCodeAt(i) === DASH) {
      i++;
    } else {
      const colon = s.indexOf(':', i);
      const length = colon > i ? Number(s.slice(i, colon)) : Number.NaN;
      if (!Number.isSafeInteger(length)) return false;
      // The length counts characters (code points): a surrogate pair is one.
      let end = colon + 1;
      for (let k = 0; k < length && end < s.length; k++) {
        const unit = s.charCodeAt(end);
        end += unit >= 0xd800 && unit <= 0xdbff ? 2 : 1;
      }
      value = s.slice(colon + 1, end);
      i = end;
    }
    const flag = s.charCodeAt(i);
    const close = s.indexOf(';', i + 1);
    if (close < 0) return false;
    const time = s.slice(i + 1, close);
    const at = time === '' ? null : Number(time);
    if (at !== null && !Number.isInteger(at)) return false;
    list.push({ value, operation: flag === ONE ? 'add' : 'remove', at });
    i = close + 1;
  }
  return true;
}
