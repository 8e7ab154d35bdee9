/**
 * The bundled example state (packages/feecast/example-state/state.json): a customer with
 * active and pending subscriptions, plans with every charge model, billable metrics,
 * wallets, coupons, invoices (one draft), a credit note, payment receipts, billing entities
 * and a webhook endpoint, built from the reference's payloads. `feecast serve` starts from
 * it when no state is given.
 */
import data from '../../example-state/state.json';
import { decodeState } from './decode-state';
import type { ServerState } from './state';

let cached: ServerState | undefined;

/**
 * The example state (decoded once; the tests check it decodes).
 *
 * @example
 * const server = createServer({ apiKeys: ['key'], state: exampleState() });
 */
export function exampleState(): ServerState {
  if (cached === undefined) {
    const decoded = decodeState(data);
    if (decoded._tag === 'Left') {
      throw new Error(`The bundled example state is invalid: ${decoded.left.message}`);
    }
    cached = decoded.right;
  }
  return cached;
}
