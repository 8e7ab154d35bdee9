/**
 * `feecast/notebook`: fees, usage and plan comparisons as tables and SVG charts that notebooks
 * display (Deno's Jupyter kernel shows a cell's value through its
 * `[Symbol.for('Jupyter.display')]()`), drawn by the same code as the HTML reports of
 * `feecast compare --report` and the customer portal. Its whole module graph is browser-safe
 * (no Node module): it runs in Deno, Node, a browser or a worker.
 *
 * @packageDocumentation
 */
export { type ComparisonViewInput, comparisonView } from './notebook/comparison';
export { feesView } from './notebook/fees';
export { usageView } from './notebook/usage';
export { type DisplayBundle, JUPYTER_DISPLAY, type NotebookView } from './notebook/view';
