/**
 * Text from input files, made safe to print on a terminal: control characters (escape
 * sequences could rewrite the screen or the window title) and bidirectional overrides (they
 * could reorder what is shown) are written as visible `\u{...}` escapes.
 */

/** Control characters C0 (but tab) and C1, DEL, and the bidirectional formatting characters. */
function isUnsafe(code: number): boolean {
  return (
    (code < 0x20 && code !== 0x09) ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x061c ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/**
 * `text` with every unsafe character replaced by a visible escape; tabs become a space.
 *
 * @example
 * terminalText('Pro\u001b[31m plan') // 'Pro\\u{1b}[31m plan'
 */
export function terminalText(text: string): string {
  let safe = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code === 0x09) safe += ' ';
    else if (isUnsafe(code)) safe += `\\u{${code.toString(16)}}`;
    else safe += char;
  }
  return safe;
}

/**
 * A multi-line message made safe line by line (line breaks are kept).
 *
 * @example
 * terminalLines('a\nb\u0007') // 'a\nb\\u{7}'
 */
export function terminalLines(text: string): string {
  return text.split('\n').map(terminalText).join('\n');
}
