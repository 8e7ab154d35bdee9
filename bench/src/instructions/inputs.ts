/**
 * Writes the invoice suite's inputs (`suites/invoice.ts`: the usage suite's 10-charge plan over
 * `count` history events, the invoice with a 20 % VAT) as JSON, for `instructions/run.mjs`:
 * `node --import tsx src/instructions/inputs.ts <file> [count]`.
 */
import { writeFileSync } from 'node:fs';
import { historyEvents } from '../history';
import { invoiceInput } from '../suites/invoice';
import { usageInput } from '../suites/usage';

const [file, countText] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: inputs.ts <file> [count]');
const events = historyEvents(Number(countText ?? '20000'), 'iso');
writeFileSync(file, JSON.stringify({ usage: usageInput(events), invoice: invoiceInput(events) }));
console.log(`${events.length} events written to ${file}`);
