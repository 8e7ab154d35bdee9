import { estimateSuite } from './suites/operations';

const s = estimateSuite(50000);
s.cases[2]!.run();
