import BigJs from 'big.js';
import { estimateSuite } from './suites/operations';
const counts: Record<string, number> = {};
const P = (BigJs as any).prototype;
for (const k of ['plus','minus','times','div','cmp','eq','gt','lt','gte','lte','round','toFixed','toString','abs','neg','mod']) {
  const f = P[k]; if (typeof f !== 'function') continue;
  P[k] = function (...a: unknown[]) { counts[k] = (counts[k] ?? 0) + 1; return f.apply(this, a); };
}
const s = estimateSuite(1000);
s.cases[2]!.run();
for (const k in counts) counts[k] = counts[k]! / 1000;
console.log(counts);
