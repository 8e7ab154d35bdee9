import { estimateSuite } from './suites/operations';

const s = estimateSuite(20000);
for (const c of s.cases.slice(1))
  for (let k = 0; k < 3; k++) {
    const t = performance.now();
    c.run();
    if (k === 2)
      console.log(c.name, (((performance.now() - t) / 20000) * 1000).toFixed(1), 'µs/call');
  }
