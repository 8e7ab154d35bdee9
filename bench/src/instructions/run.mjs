/**
 * Runs `currentUsage` and `previewInvoice` of the inputs written by `inputs.ts`, `rounds` times
 * each, on the engine built at `engine` (a `dist/index.js`): what `valgrind --tool=callgrind`
 * counts the instructions of, once with 0 rounds (loading and reading the inputs) and once with
 * `rounds`, so that the difference is the calls' own (bench/README.md, "invoice").
 *
 * node run.mjs <engine dist/index.js> <inputs.json> <rounds>
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [engine, inputs, roundsText] = process.argv.slice(2);
if (engine === undefined || inputs === undefined) {
  throw new Error('usage: run.mjs <engine dist/index.js> <inputs.json> <rounds>');
}
const { currentUsage, previewInvoice } = await import(pathToFileURL(engine).href);
const { usage, invoice } = JSON.parse(readFileSync(inputs, 'utf8'));
const rounds = Number(roundsText ?? '1');
const figures = [];
for (let round = 0; round < rounds; round++) {
  const used = currentUsage(usage);
  if (used._tag === 'Left') throw new Error(used.left.message);
  const previewed = previewInvoice(invoice);
  if (previewed._tag === 'Left') throw new Error(previewed.left.message);
  figures.push([
    used.right.customer_usage.amount_cents,
    previewed.right.invoice.total_amount_cents,
  ]);
}
// The figures, so that two engines can be checked to agree.
console.log(JSON.stringify({ rounds, figures: figures.slice(0, 1) }));
