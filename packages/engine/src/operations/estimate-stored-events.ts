import { withEvents } from '../aggregation/index';
import { inAdvanceReader, lastEventFee, prepareInAdvancePass } from '../fees/index';
import { readEstimateHistory } from './estimate-history';

/**
 * The pass over an estimate's stored events, as an estimator calls it: reading the history
 * (`readEstimateHistory`, synchronous or asynchronous events through `withEvents`), each
 * pay-in-advance charge's pass over it (`prepareInAdvancePass`, `inAdvanceReader`) and the
 * estimated event's fee after it (`lastEventFee`). `createEstimator` and every operation hold
 * it; a preview estimator holds it only when given the `storedEvents` part, so that a bundle
 * of a preview without it leaves the pass out (bench/README.md, "browser bundle size").
 */
export interface StoredEventsPass {
  readonly withEvents: typeof withEvents;
  readonly history: typeof readEstimateHistory;
  readonly prepare: typeof prepareInAdvancePass;
  readonly reader: typeof inAdvanceReader;
  readonly lastFee: typeof lastEventFee;
}

/** The pass over stored events: every estimator's but a preview's without `storedEvents`. */
export const STORED_EVENTS_PASS: StoredEventsPass = {
  withEvents,
  history: readEstimateHistory,
  prepare: prepareInAdvancePass,
  reader: inAdvanceReader,
  lastFee: lastEventFee,
};
