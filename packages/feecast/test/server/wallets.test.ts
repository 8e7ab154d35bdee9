// PUT /wallets/{svc_id} and POST /wallet_transactions (invoicing.md §6.1–6.3).
import type { Wallet, WalletTransaction } from '@feecast/models';
import { describe, expect, it } from 'vitest';
import {
  type Answer,
  example,
  exampleWith,
  expectError,
  expectSuccess,
  expectValidationErrors,
  fixture,
  NOW,
  serverPerTest,
  type TestServer,
} from './builders';

const WALLET_ID = '66a81770-c736-48e0-9785-c276e2366448';
const TERMINATED_ID = '5b8c8d53-2f4a-4c1e-9d7b-3a6e5f4d2c1b';

const start = serverPerTest();

/** A server whose example wallet has these fields. */
async function withWallet(fields: Partial<Wallet>): Promise<TestServer> {
  const state = example();
  const wallets = state.wallets.map((w) => (w.svc_id === WALLET_ID ? { ...w, ...fields } : w));
  return start({ state: exampleWith({ wallets }) });
}

function transactions(answer: Answer): WalletTransaction[] {
  return expectSuccess(answer, 'createWalletTransactions').wallet_transactions;
}

/** POSTs `fields` (with the example wallet's id) to /wallet_transactions. */
function post(server: TestServer, fields: Record<string, unknown>): Promise<Answer> {
  return server.call('POST', '/api/v1/wallet_transactions', {
    wallet_transaction: { wallet_id: WALLET_ID, ...fields },
  });
}

/** PUTs `body` to the example wallet. */
function put(server: TestServer, body: unknown): Promise<Answer> {
  return server.call('PUT', `/api/v1/wallets/${WALLET_ID}`, body);
}

/** The example wallet as it is now (a PUT that changes nothing answers it). */
async function wallet(server: TestServer): Promise<Wallet> {
  return expectSuccess(await put(server, { wallet: { priority: 50 } }), 'updateWallet').wallet;
}

describe('PUT /wallets/{svc_id}', () => {
  it('updates the fields of request.update_wallet.json and answers a WalletResponse', async () => {
    const t = await start();
    const updated = expectSuccess(
      await put(t, fixture('request.update_wallet.json')),
      'updateWallet',
    ).wallet;
    expect(updated.name).toBe('Prepaid credits (renamed)');
    expect(updated.expiration_at).toBe('2026-07-07T23:59:59Z');
    expect(updated.balance_cents).toBe(1000);
  });

  it('applies every field of request.update_wallet.full.json, rules included', async () => {
    const t = await start();
    const updated = expectSuccess(
      await put(t, fixture('request.update_wallet.full.json')),
      'updateWallet',
    ).wallet;
    expect(updated.priority).toBe(10);
    expect(updated.applies_to).toEqual({
      fee_types: ['charge', 'subscription'],
      billable_metric_codes: ['storage'],
    });
    expect(updated.payment_method).toEqual({
      payment_method_type: 'manual',
      payment_method_id: null,
    });
    expect(updated.metadata).toEqual({ external_id: 'ext-123', synced_at: null });
    expect(updated.recurring_transaction_rules).toHaveLength(1);
    expect(updated.recurring_transaction_rules[0]?.svc_id).toBe(
      'd2892e90-f0bc-403f-8cca-e518115a3e19',
    );
    expect(updated.recurring_transaction_rules[0]?.target_ongoing_balance).toBe('200.0');
  });

  it('creates a rule without svc_id and drops the rules not listed', async () => {
    const t = await start();
    const answer = await put(t, {
      wallet: {
        recurring_transaction_rules: [
          { trigger: 'threshold', threshold_credits: '5.0', paid_credits: '20.0' },
        ],
      },
    });
    const [rule, ...others] = expectSuccess(answer, 'updateWallet').wallet
      .recurring_transaction_rules;
    expect(others).toEqual([]);
    expect(rule).toMatchObject({
      trigger: 'threshold',
      method: 'fixed',
      threshold_credits: '5.0',
      paid_credits: '20.0',
      status: 'active',
      created_at: NOW,
    });
    expect(rule?.svc_id).toMatch(/^fc000000-/);
  });

  it('removes metadata when sent null (the reference leaves the key out)', async () => {
    const t = await start();
    const { wallet: updated } = expectSuccess(
      await put(t, { wallet: { metadata: null } }),
      'updateWallet',
    );
    expect(Object.hasOwn(updated, 'metadata')).toBe(false);
  });

  it.each([
    [
      'an unknown wallet',
      '00000000-0000-4000-8000-000000000000',
      { wallet: { name: 'x' } },
      404,
      'wallet_not_found',
    ],
    [
      'an unknown rule id',
      WALLET_ID,
      {
        wallet: {
          recurring_transaction_rules: [{ svc_id: '00000000-0000-4000-8000-000000000000' }],
        },
      },
      404,
      'recurring_transaction_rule_not_found',
    ],
    [
      'an unknown billing entity',
      WALLET_ID,
      { wallet: { billing_entity_code: 'nope' } },
      404,
      'billing_entity_not_found',
    ],
    [
      'an unknown billable metric',
      WALLET_ID,
      { wallet: { applies_to: { billable_metric_codes: ['nope'] } } },
      404,
      'billable_metric_not_found',
    ],
  ])('answers 404 for %s', async (_what, id, body, status, code) => {
    const t = await start();
    expectError(await t.call('PUT', `/api/v1/wallets/${id}`, body), status, code);
  });

  it.each([
    ['a priority above 50', { priority: 51 }, { priority: ['value_is_invalid'] }],
    ['a priority of 0', { priority: 0 }, { priority: ['value_is_invalid'] }],
    [
      'a zero minimum',
      { paid_top_up_min_amount_cents: 0 },
      { paid_top_up_min_amount_cents: ['value_is_out_of_range'] },
    ],
    [
      'a maximum below the minimum',
      { paid_top_up_max_amount_cents: 50 },
      { paid_top_up_max_amount_cents: ['must_be_greater_than_or_equal_min'] },
    ],
    [
      'an expiration in the past',
      { expiration_at: '2025-03-15T11:59:59Z' },
      { expiration_at: ['invalid_date'] },
    ],
    [
      'a target rule without a target',
      { recurring_transaction_rules: [{ trigger: 'interval', method: 'target' }] },
      { recurring_transaction_rules: ['invalid_recurring_rule'] },
    ],
    [
      'a new rule without trigger',
      { recurring_transaction_rules: [{ method: 'fixed' }] },
      { recurring_transaction_rules: ['invalid_recurring_rule'] },
    ],
  ])('answers 422 for %s (wallet.rb validations)', async (_what, fields, details) => {
    const t = await start();
    expectValidationErrors(await put(t, { wallet: fields }), details);
  });
});

describe('POST /wallet_transactions (§6.2)', () => {
  it('request.create_wallet_transaction.json: paid 20 stays pending, granted 10 settles and raises the balance', async () => {
    const t = await start();
    const created = transactions(
      await t.call(
        'POST',
        '/api/v1/wallet_transactions',
        fixture('request.create_wallet_transaction.json'),
      ),
    );
    expect(
      created.map((x) => [
        x.transaction_status,
        x.status,
        x.transaction_type,
        x.credit_amount,
        x.amount,
        x.remaining_credit_amount,
        x.remaining_amount_cents,
      ]),
    ).toEqual([
      ['purchased', 'pending', 'inbound', '20.0', '20.0', null, null],
      // §6.2: a granted transaction settles at once, all of it remaining to consume.
      ['granted', 'settled', 'inbound', '10.0', '10.0', '10.0', 1000],
    ]);
    expect(created.every((x) => !Object.hasOwn(x, 'applied_invoice_custom_sections'))).toBe(true);
    const after = await wallet(t);
    // The example wallet holds 10.0 credits (1000 cents): + 10 granted.
    expect([after.credits_balance, after.balance_cents]).toEqual(['20.0', 2000]);
    expect([after.credits_ongoing_balance, after.ongoing_balance_cents]).toEqual(['18.0', 1800]);
  });

  it('the §6.2 example: balance 10.00, paid 10 + granted 15 + voided 3 -> 3 transactions, balance 22.00', async () => {
    const t = await withWallet({
      paid_top_up_min_amount_cents: null,
      paid_top_up_max_amount_cents: null,
    });
    const created = transactions(
      await post(t, { paid_credits: '10', granted_credits: '15', voided_credits: '3' }),
    );
    expect(created.map((x) => [x.transaction_status, x.transaction_type, x.status])).toEqual([
      ['purchased', 'inbound', 'pending'],
      ['granted', 'inbound', 'settled'],
      ['voided', 'outbound', 'settled'],
    ]);
    const after = await wallet(t);
    expect([after.credits_balance, after.balance_cents]).toEqual(['22.0', 2200]);
    expect(after.consumed_credits).toBe('5.0'); // 2.0 before + 3 voided
  });

  it('logs wallet_transaction.created for each transaction, and gives each a new id of the state', async () => {
    const t = await start();
    // The same request twice at the same instant: two transactions, two ids.
    const first = transactions(await post(t, { granted_credits: '1' }));
    const second = transactions(await post(t, { granted_credits: '1' }));
    const ids = [...first, ...second].map((x) => x.svc_id);
    expect(new Set(ids).size).toBe(2);
    expect(ids.every((id) => id.startsWith('fc000000-'))).toBe(true);
    const logs = await t.call(
      'GET',
      '/api/v1/activity_logs?activity_types[]=wallet_transaction.created',
    );
    const { activity_logs } = expectSuccess(logs, 'listActivityLogs');
    expect(activity_logs.map((log) => log.resource_id).sort()).toEqual([...ids].sort());
    expect((await wallet(t)).credits_balance).toBe('12.0');
  });

  it('logs wallet.updated when granted or voided credits move the balance, not for a pending purchase', async () => {
    const t = await start();
    const updates = async () => {
      const logs = await t.call('GET', '/api/v1/activity_logs?activity_types[]=wallet.updated');
      return expectSuccess(logs, 'listActivityLogs').activity_logs;
    };
    // Paid credits stay pending (§6.2): the balance does not move, nothing to log on the wallet.
    await post(t, { paid_credits: '20' });
    expect(await updates()).toEqual([]);
    await post(t, { granted_credits: '5' });
    const [log] = await updates();
    // The example wallet holds 10.0 credits (1000 cents): + 5 granted.
    expect([log?.resource_id, log?.external_customer_id]).toEqual([WALLET_ID, 'hooli_1234']);
    expect(
      (log?.activity_object_changes as Record<string, unknown> | undefined)?.balance_cents,
    ).toEqual([1000, 1500]);
  });

  it('floors credits to 5 decimal places and creates nothing for a zero amount', async () => {
    const t = await start();
    const created = transactions(
      await post(t, { granted_credits: '1.123456789', voided_credits: '0' }),
    );
    expect(created.map((x) => [x.transaction_status, x.credit_amount, x.amount])).toEqual([
      ['granted', '1.12345', '1.12'],
    ]);
  });

  it('the §6.1 example: rate 0.001, 1034 paid credits -> 1.03, 103 cents, 1030 credits', async () => {
    const t = await withWallet({
      currency: 'EUR' as Wallet['currency'],
      rate_amount: '0.001' as Wallet['rate_amount'],
    });
    const [paid] = transactions(await post(t, { paid_credits: '1034' }));
    expect([paid?.amount, paid?.credit_amount]).toEqual(['1.03', '1030.0']);
  });

  it('§6.1 rounds_to_zero?: at rate 0.01, 0.4 paid credits are worth 0 cents -> 422, nothing created', async () => {
    const t = await withWallet({
      rate_amount: '0.01' as Wallet['rate_amount'],
      paid_top_up_min_amount_cents: null,
    });
    expectValidationErrors(await post(t, { paid_credits: '0.4' }), {
      paid_credits: ['amount_rounds_to_zero'],
    });
    expect((await wallet(t)).balance_cents).toBe(1000);
  });

  it('§6.1: in KWD (3 decimals) at rate 0.001, 1.0 paid credit is worth 0.001, one minor unit', async () => {
    const t = await withWallet({
      currency: 'KWD' as Wallet['currency'],
      rate_amount: '0.001' as Wallet['rate_amount'],
      paid_top_up_min_amount_cents: null,
    });
    const created = transactions(await post(t, { paid_credits: '1.0' }));
    expect(created.map((x) => [x.credit_amount, x.amount])).toEqual([['1.0', '0.001']]);
  });

  describe('paid top-up limits (§6.3): bounds inclusive, granted never limited', () => {
    // The example wallet: rate 1.0 USD, min 100 cents, max 100000 cents.
    it.each([
      ['0.99', 'amount_below_minimum'],
      ['1000.01', 'amount_above_maximum'],
    ])('paid %s -> 422 %s', async (paid, code) => {
      const t = await start();
      expectValidationErrors(await post(t, { paid_credits: paid }), { paid_credits: [code] });
    });

    it.each(['1.0', '1000.0'])('paid %s (a bound) is accepted', async (paid) => {
      const t = await start();
      expect(transactions(await post(t, { paid_credits: paid }))).toHaveLength(1);
    });

    it('ignore_paid_top_up_limits bypasses them; granted credits are never limited', async () => {
      const t = await start();
      const ignored = await post(t, { paid_credits: '5000', ignore_paid_top_up_limits: true });
      expect(transactions(ignored)).toHaveLength(1);
      expect(transactions(await post(t, { granted_credits: '0.5' }))).toHaveLength(1);
    });
  });

  it.each([
    [
      'an unknown wallet',
      { wallet_id: '00000000-0000-4000-8000-000000000000', granted_credits: '1' },
      { wallet_id: ['wallet_not_found'] },
    ],
    [
      'a terminated wallet',
      { wallet_id: TERMINATED_ID, granted_credits: '1' },
      { wallet_id: ['wallet_is_terminated'] },
    ],
    [
      'negative paid credits',
      { wallet_id: WALLET_ID, paid_credits: '-1' },
      { paid_credits: ['invalid_paid_credits', 'invalid_amount'] },
    ],
    [
      'negative granted credits',
      { wallet_id: WALLET_ID, granted_credits: '-1' },
      { granted_credits: ['invalid_granted_credits', 'invalid_amount'] },
    ],
    [
      'a void above the balance',
      { wallet_id: WALLET_ID, voided_credits: '10.00001' },
      { voided_credits: ['insufficient_credits'] },
    ],
    [
      'credits that are not a decimal',
      { wallet_id: WALLET_ID, granted_credits: 'ten' },
      { granted_credits: ['value_is_invalid'] },
    ],
  ])('answers 422 for %s (WalletTransactions::ValidateService)', async (_what, body, details) => {
    const t = await start();
    const answer = await t.call('POST', '/api/v1/wallet_transactions', {
      wallet_transaction: body,
    });
    expectValidationErrors(answer, details);
    const logs = await t.call(
      'GET',
      '/api/v1/activity_logs?activity_types[]=wallet_transaction.created',
    );
    expect(expectSuccess(logs, 'listActivityLogs').meta.total_count).toBe(0);
  });

  it('reports the first field refused, in the order paid, granted, voided (the reference lists them all)', async () => {
    const t = await start();
    expectValidationErrors(await post(t, { granted_credits: '-1', paid_credits: '-2' }), {
      paid_credits: ['invalid_paid_credits', 'invalid_amount'],
    });
  });

  it('answers 422 {wallet_id: [value_is_invalid]} for a stored wallet the engine cannot read (rate 0)', async () => {
    const t = await withWallet({ rate_amount: '0' as Wallet['rate_amount'] });
    expectValidationErrors(await post(t, { granted_credits: '1' }), {
      wallet_id: ['value_is_invalid'],
    });
  });
});
