/**
 * What a notebook displays: an object with the rich-display method of Jupyter kernels for
 * JavaScript (Deno's kernel calls `[Symbol.for('Jupyter.display')]()` on the value of a cell
 * and shows the richest type of the bundle it returns), with the same markup as a string.
 */
import { type Html, html } from '../report/html';
import { scopedSectionStyle } from '../report/page';

/**
 * The key of the rich-display method that Deno's Jupyter kernel looks for on a cell's value
 * (`Deno.jupyter.$display` is this symbol).
 */
export const JUPYTER_DISPLAY: unique symbol = Symbol.for('Jupyter.display');

/** A MIME bundle: the same content as HTML and as plain text. */
export interface DisplayBundle {
  readonly 'text/html': string;
  readonly 'text/plain': string;
}

/**
 * A table or chart ready for a notebook: the value of a cell shows as its HTML (tables and
 * inline SVG charts, with their styles scoped to the output); `html` and `text` give the same
 * content as strings, to save or to print.
 */
export interface NotebookView {
  /** An HTML fragment: a `<div class="feecast">` with its `<style>`, tables and `<svg>` charts. */
  readonly html: string;
  /** The plain-text rendering, as the `feecast` command prints it. */
  readonly text: string;
  /** The MIME bundle Jupyter kernels display. */
  [JUPYTER_DISPLAY](): DisplayBundle;
}

/** The class of the fragment's root element, and the scope of its style. */
const SCOPE = 'feecast';

/**
 * A view of `body` (markup built with `html`) and its plain-text twin: the body in a
 * `<div class="feecast">` after a style sheet whose every rule is scoped to that div, so that
 * the notebook's own page keeps its look.
 *
 * @example
 * notebookView(html`<p>hello</p>`, 'hello').html.endsWith('<p>hello</p></div>') // true
 */
export function notebookView(body: Html, text: string): NotebookView {
  const fragment = html`<div class="${SCOPE}"><style>${scopedSectionStyle(`.${SCOPE}`)}</style>${body}</div>`;
  return {
    html: fragment.text,
    text,
    [JUPYTER_DISPLAY]: () => ({ 'text/html': fragment.text, 'text/plain': text }),
  };
}
