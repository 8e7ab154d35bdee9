/**
 * Runs the benchmarks on the built packages: `pnpm bench` (all suites) or
 * `pnpm bench -- decimal` (suites whose name contains "decimal"). Prints Markdown tables and
 * writes bench/output/<suite>.json. Exits 1 when a suite's result disagrees with its
 * reference (a benchmark of wrong code is worthless); targets missed are reported, not fatal.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { disagreements, formatResult, runSuite } from './harness';
import { decimalSumSuite } from './suites/decimal-sum';

const suites = [decimalSumSuite];
const filter = process.argv.slice(2).find((a) => a !== '--');
const outputDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'output');
mkdirSync(outputDir, { recursive: true });

console.log(`node ${process.version}, ${process.arch}`);
for (const makeSuite of suites) {
  const suite = makeSuite();
  if (filter !== undefined && !suite.name.includes(filter)) continue;
  const wrong = disagreements(suite);
  if (wrong.length > 0) {
    console.error(`${suite.name}: results disagree with the reference:\n${wrong.join('\n')}`);
    process.exitCode = 1;
    continue;
  }
  const result = runSuite(suite);
  console.log(`\n${formatResult(result, suite)}`);
  writeFileSync(
    join(outputDir, `${suite.name.replace(/\W+/g, '-')}.json`),
    `${JSON.stringify(result, null, 2)}\n`,
  );
}
