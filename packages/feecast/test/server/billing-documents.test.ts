// PUT /invoices/{svc_id}/finalize, GET /credit_notes/{svc_id}, GET /payment_receipts.
import type { Invoice } from '@feecast/models';
import { right } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { defaultOperations } from '../../src/server/routes/operations';
import { example, expectError, expectSuccess, NOW, serverPerTest } from './builders';

const DRAFT = '2d2c0d0e-7b1a-4f3e-8c5d-6a9b0e1f2a3b';
const FINALIZED = 'ff4b95d5-27d2-49c1-a56f-ebcafd48cd83';

const start = serverPerTest();

describe('PUT /invoices/{svc_id}/finalize', () => {
  it('finalizes the draft, issued today in the customer zone, due net_payment_term days later', async () => {
    const t = await start();
    const answer = await t.call('PUT', `/api/v1/invoices/${DRAFT}/finalize`, {});
    const invoice = expectSuccess(answer, 'finalizeInvoice').invoice;
    const draft = example().invoices.find((i) => i.svc_id === DRAFT) as Invoice;
    // 2025-03-15T12:00Z is 05:00 on 2025-03-15 in America/Los_Angeles; net_payment_term 30.
    expect([draft.customer.applicable_timezone, draft.net_payment_term]).toEqual([
      'America/Los_Angeles',
      30,
    ]);
    expect([
      invoice.status,
      invoice.issuing_date,
      invoice.payment_due_date,
      invoice.file_url,
      invoice.updated_at,
    ]).toEqual(['finalized', '2025-03-15', '2025-04-14', null, NOW]);
    expect(invoice.fees.map((fee) => fee.amount_cents)).toEqual(
      draft.fees.map((fee) => fee.amount_cents),
    );
    const logs = await t.call('GET', `/api/v1/activity_logs?resource_ids[]=${DRAFT}`);
    const [log] = (logs.body as { activity_logs: Record<string, unknown>[] }).activity_logs;
    // The reference logs a finalized draft as `invoice.created` (wire-models.md §1).
    expect(log?.activity_type).toBe('invoice.created');
    expect((log?.activity_object_changes as Record<string, unknown> | undefined)?.status).toEqual([
      'draft',
      'finalized',
    ]);
  });

  it('an issuing date takes the customer zone: 2025-03-15T05:00Z is still the 14th in Los Angeles', async () => {
    const t = await start({ clock: () => new Date('2025-03-15T05:00:00Z') });
    const answer = await t.call('PUT', `/api/v1/invoices/${DRAFT}/finalize`);
    expect((answer.body as { invoice: Invoice }).invoice.issuing_date).toBe('2025-03-14');
  });

  it('answers 404 invoice_not_found for a finalized invoice (the reference), an unknown one, and a second finalize', async () => {
    const t = await start();
    expectError(
      await t.call('PUT', `/api/v1/invoices/${FINALIZED}/finalize`, {}),
      404,
      'invoice_not_found',
    );
    expectError(
      await t.call('PUT', '/api/v1/invoices/nope/finalize', {}),
      404,
      'invoice_not_found',
    );
    expect((await t.call('PUT', `/api/v1/invoices/${DRAFT}/finalize`, {})).status).toBe(200);
    expectError(
      await t.call('PUT', `/api/v1/invoices/${DRAFT}/finalize`, {}),
      404,
      'invoice_not_found',
    );
  });

  it('takes its figures from the finalizeInvoice operation', async () => {
    const t = await start({
      operations: {
        ...defaultOperations,
        finalizeInvoice: ({ invoice, appliedCoupons, wallets, creditNotes }) =>
          right({
            invoice: {
              ...invoice,
              status: 'finalized',
              total_amount_cents: 4242 as Invoice['total_amount_cents'],
            },
            applied_coupons: appliedCoupons.map((a) => a.applied_coupon),
            credit_notes: creditNotes,
            wallets,
            wallet_transactions: [],
            updated_transactions: [],
          }),
      },
    });
    const answer = await t.call('PUT', `/api/v1/invoices/${DRAFT}/finalize`, {});
    expect((answer.body as { invoice: Invoice }).invoice.total_amount_cents).toBe(4242);
  });
});

describe('GET /credit_notes/{svc_id}', () => {
  it('answers the credit note, and 404 credit_note_not_found', async () => {
    const t = await start();
    const answer = await t.call('GET', '/api/v1/credit_notes/05805d2a-9ebf-4c41-93ec-b70778317962');
    expectSuccess(answer, 'getCreditNote');
    expectError(await t.call('GET', '/api/v1/credit_notes/nope'), 404, 'credit_note_not_found');
  });
});

describe('GET /payment_receipts', () => {
  it('lists receipts with meta, filtered by invoice_id', async () => {
    const t = await start();
    const all = await t.call('GET', '/api/v1/payment_receipts');
    expect(expectSuccess(all, 'listPaymentReceipts').meta.total_count).toBe(2);
    const one = await t.call('GET', `/api/v1/payment_receipts?invoice_id=${FINALIZED}`);
    expect(expectSuccess(one, 'listPaymentReceipts').payment_receipts.map((r) => r.svc_id)).toEqual(
      ['06b77d82-c892-451f-8371-2ddfdbbef951'],
    );
  });
});
