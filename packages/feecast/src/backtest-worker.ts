/**
 * The worker thread of `feecast backtest --workers N` (a build entry of its own, beside the
 * command's): runs the share of the backtest it is given (`workerData`, a `ShareTask`) and
 * posts its progress and outcome.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runShare, type ShareTask } from './backtest-parallel/run-share';

const port = parentPort;
if (port !== null) {
  const outcome = runShare(workerData as ShareTask, (message) => port.postMessage(message));
  port.postMessage({ type: 'done', outcome });
}
