/**
 * The load client's process (forked by server-load.ts): for each message
 * `{ base, kind, subscriptions, run, total, concurrency, first }` it sends that kind of request
 * (an index into `kinds(subscriptions, run)`) and answers its figures; it exits when its parent
 * disconnects. `FEECAST_LOAD_CLIENT=node-http` sends them with `node:http`'s client instead of
 * raw sockets (see load-client.ts).
 */
import { hammer, kinds, type Transport } from './load-client';

/** What the parent asks for. */
export interface LoadOrder {
  readonly base: string;
  readonly kind: number;
  readonly subscriptions: number;
  readonly run: string;
  readonly total: number;
  readonly concurrency: number;
  readonly first: number;
}

const transport: Transport = process.env.FEECAST_LOAD_CLIENT === 'node-http' ? 'node-http' : 'raw';

process.on('message', (order: LoadOrder) => {
  const kind = kinds(order.subscriptions, order.run)[order.kind];
  if (kind === undefined) throw new Error(`no request kind ${order.kind}`);
  void hammer(order.base, kind, order.total, order.concurrency, order.first, transport).then(
    (result) => process.send?.(result),
  );
});
process.on('disconnect', () => process.exit(0));
