/**
 * Safe HTML by construction: text is escaped when it is put into markup, and only markup
 * built by {@link html} is inserted as is.
 */

/** A piece of markup built by {@link html}: its text is safe to insert. */
export interface Html {
  readonly _tag: 'Html';
  readonly text: string;
}

/** What may be put into markup: text and numbers (escaped), markup, lists of markup. */
export type HtmlValue = Html | string | number | readonly Html[];

/**
 * Text escaped for HTML content and double- or single-quoted attribute values.
 *
 * @example
 * escapeHtml('<script>alert("x")</script>') // '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'
 */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function isHtml(value: HtmlValue): value is Html {
  return typeof value === 'object' && !Array.isArray(value) && (value as Html)._tag === 'Html';
}

function textOf(value: HtmlValue): string {
  if (typeof value === 'string') return escapeHtml(value);
  if (typeof value === 'number') return escapeHtml(String(value));
  if (isHtml(value)) return value.text;
  return (value as readonly Html[]).map((item) => item.text).join('');
}

/**
 * A template tag for markup: every interpolated string or number is escaped; interpolated
 * {@link Html} (and arrays of it) is inserted as is.
 *
 * @example
 * html`<td title="${name}">${name}</td>`.text // with name = '<b>': '<td title="&lt;b&gt;">&lt;b&gt;</td>'
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): Html {
  let text = strings[0] ?? '';
  values.forEach((value, i) => {
    text += textOf(value) + (strings[i + 1] ?? '');
  });
  return { _tag: 'Html', text };
}
