/**
 * The invoice suite alone (`suites/invoice.ts`), its results checked then timed, without the
 * other suites' packages: `node --expose-gc --import tsx src/instructions/invoice-wall.ts`,
 * with `--import ./src/instructions/engine-hook.mjs` and `FEECAST_ENGINE` to time another build.
 */
import { disagreements, formatResult, runSuite } from '../harness';
import { invoiceSuite } from '../suites/invoice';

const suite = invoiceSuite();
const wrong = await disagreements(suite);
if (wrong.length > 0) throw new Error(wrong.join('\n'));
const result = await runSuite(suite, {
  ...(suite.rounds === undefined ? {} : { rounds: suite.rounds }),
  ...(suite.warmup === undefined ? {} : { warmup: suite.warmup }),
});
console.log(formatResult(result, suite));
