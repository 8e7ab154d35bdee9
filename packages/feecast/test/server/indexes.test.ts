// Issue 23 §3: a request finds its subscription and customer through an index of the state's
// collections, not a pass over them. Law: the index answers what a pass (`filter`, `find`)
// over the same array answers, ids repeated or not, and a new array gets its own index.
import type { Customer, Subscription } from '@feecast/models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  customerByExternalId,
  customerById,
  subscriptionById,
  subscriptionsOf,
} from '../../src/server/state/indexes';

const IDS = ['a', 'b', 'c', '__proto__'];

const item = fc.record({
  external_id: fc.constantFrom(...IDS),
  svc_id: fc.constantFrom(...IDS),
  status: fc.constantFrom('active', 'pending', 'terminated'),
  n: fc.nat(),
});

describe('state indexes', () => {
  it('answer what find and filter over the collection answer', () => {
    fc.assert(
      fc.property(
        fc.array(item, { maxLength: 12 }),
        fc.array(item, { maxLength: 3 }),
        (first, more) => {
          for (const list of [first, [...first, ...more]]) {
            const subscriptions = list as unknown as Subscription[];
            const customers = list as unknown as Customer[];
            for (const id of IDS) {
              expect(subscriptionsOf(subscriptions, id)).toEqual(
                subscriptions.filter((s) => s.external_id === id),
              );
              expect(subscriptionById(subscriptions, id)).toBe(
                subscriptions.find((s) => s.svc_id === id),
              );
              expect(customerByExternalId(customers, id)).toBe(
                customers.find((c) => c.external_id === id),
              );
              expect(customerById(customers, id)).toBe(customers.find((c) => c.svc_id === id));
            }
          }
        },
      ),
    );
  });
});
