import { Fee, Timestamp, Uuid, DecimalString } from '@feecast/models';
import { estimateSuite } from './suites/operations';
import { createEstimator, estimateFees } from '@feecast/engine';
// grab a fee by running one estimate through the suite's case and intercepting
const orig = Fee.is;
let fee: unknown;
(Fee as any).is = (u: unknown) => { fee = u; return orig(u); };
estimateSuite(1).cases[2]!.run();
(Fee as any).is = orig;
const N = 200000;
const time = (name: string, f: () => unknown) => { for (let k = 0; k < 3; k++) { const t = performance.now(); for (let i = 0; i < N; i++) f(); if (k === 2) console.log(name, ((performance.now() - t) / N * 1e6).toFixed(0), 'ns'); } };
const f: any = fee;
time('Fee.is', () => Fee.is(f));
time('Timestamp.is', () => Timestamp.is(f.from_date));
time('Uuid.is', () => Uuid.is(f.svc_charge_id));
time('DecimalString.is', () => DecimalString.is(f.precise_amount));
console.log(JSON.stringify(f).length, f.from_date, f.amount_details);
const inter: any = Fee;
const res: [string, number][] = [];
for (const part of inter.types) for (const [k, codec] of Object.entries<any>(part.props)) {
  const v = f[k]; const M = 100000;
  for (let r = 0; r < 2; r++) { const t = performance.now(); for (let i = 0; i < M; i++) codec.is(v); if (r === 1) res.push([k, (performance.now() - t) / M * 1e6]); }
}
res.sort((a, b) => b[1] - a[1]); console.log(res.slice(0, 12).map(([k, v]) => `${k} ${v.toFixed(0)}`).join('\n'));
