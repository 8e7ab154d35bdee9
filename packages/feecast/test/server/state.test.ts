// The state document (STATE.md): decoding, consistency checks, and the bundled example.
import { describe, expect, it } from 'vitest';
import { decodeState } from '../../src/server/state/decode-state';
import { emptyState } from '../../src/server/state/state';
import { example } from './builders';

function problem(input: unknown): { path?: readonly string[]; message: string } {
  const decoded = decodeState(input);
  if (decoded._tag === 'Right') return expect.fail('expected the state to be refused');
  expect(decoded.left.code).toBe('invalid_input');
  return decoded.left;
}

const json = (value: unknown): Record<string, unknown> =>
  JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

describe('decodeState', () => {
  it('reads the bundled example, with every collection filled', () => {
    const state = example();
    for (const name of [
      'billing_entities',
      'taxes',
      'customers',
      'billable_metrics',
      'plans',
      'subscriptions',
      'add_ons',
      'coupons',
      'applied_coupons',
      'wallets',
      'wallet_transactions',
      'invoices',
      'credit_notes',
      'payment_receipts',
      'webhook_endpoints',
      'activity_logs',
      'events',
    ] as const) {
      expect(state[name].length, name).toBeGreaterThan(0);
    }
    expect(state.invoices.some((i) => i.status === 'draft')).toBe(true);
    expect(decodeState(json(state))._tag).toBe('Right');
  });

  it('reads a minimal document: collections default to empty', () => {
    const decoded = decodeState({ version: 1 });
    expect(decoded).toEqual({ _tag: 'Right', right: emptyState() });
  });

  it.each([
    ['not an object', [], []],
    ['another version', { version: 2 }, ['version']],
    ['an unknown key', { version: 1, customer: [] }, ['customer']],
    ['a collection that is not an array', { version: 1, plans: {} }, ['plans']],
    ['a bad organization id', { version: 1, organization_id: 'x' }, ['organization_id']],
    ['a negative id sequence', { version: 1, id_sequence: -1 }, ['id_sequence']],
  ])('refuses %s, naming the path', (_what, input, path) => {
    expect(problem(input).path).toEqual(path);
  });

  it('names the field of a bad object: wallets[0].balance_cents as a string', () => {
    const state = json(example());
    (state.wallets as Record<string, unknown>[])[0] = {
      ...(state.wallets as object[])[0],
      balance_cents: '1000',
    };
    const refused = problem(state);
    expect(refused.path).toEqual(['wallets', '0', 'balance_cents']);
    expect(refused.message).toContain('wallets[0] is not a valid object');
  });

  it.each([
    [
      'a repeated plan code',
      (s: Record<string, unknown[]>) => s.plans?.push(s.plans[0]),
      ['plans', '2', 'code'],
    ],
    [
      'a subscription of an unknown customer',
      (s: Record<string, unknown[]>) => s.customers?.splice(0),
      ['subscriptions', '0', 'external_customer_id'],
    ],
    [
      'a charge of an unknown metric',
      (s: Record<string, unknown[]>) => s.billable_metrics?.splice(0),
      ['plans', '0', 'charges', '0', 'billable_metric_code'],
    ],
    [
      'a transaction of an unknown wallet',
      (s: Record<string, unknown[]>) => s.wallets?.splice(0),
      ['wallet_transactions', '0', 'svc_wallet_id'],
    ],
    [
      'a repeated event transaction id',
      (s: Record<string, unknown[]>) => s.events?.push(s.events[0]),
      ['events', '5', 'transaction_id'],
    ],
  ])('refuses an inconsistent state: %s', (_what, breakIt, path) => {
    const state = json(example()) as Record<string, unknown[]>;
    breakIt(state);
    expect(problem(state).path).toEqual(path);
  });

  it('refuses two active subscriptions with one external id', () => {
    const state = json(example()) as Record<string, Record<string, unknown>[]>;
    const subscriptions = state.subscriptions ?? [];
    subscriptions.push({ ...subscriptions[0], svc_id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f' });
    expect(problem(state).path).toEqual(['subscriptions', '2', 'external_id']);
  });
});
