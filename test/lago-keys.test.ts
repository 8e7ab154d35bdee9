// A drop-in for the reference (issue 23 §4): `feecast serve --state` reads a state exported
// with the reference's `lago_` keys, and `--id-prefix lago` answers with them, so code written
// against the reference (here its published JavaScript client) reads the answers unchanged.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toLagoKeys } from '@feecast/models';
import { Client } from 'lago-javascript-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, type Served, startServe } from './serve';

const KEY = 'lago-keys-test-key';
const CREDIT_NOTE = '05805d2a-9ebf-4c41-93ec-b70778317962';
const folder = mkdtempSync(join(tmpdir(), 'feecast-lago-keys-'));
let served: Served;
let lago: ReturnType<typeof Client>;

beforeAll(async () => {
  // The bundled example state as the reference would export it: every `svc_` key `lago_`.
  const state = JSON.parse(
    readFileSync(join(repoRoot, 'packages/feecast/example-state/state.json'), 'utf8'),
  ) as unknown;
  const exported = join(folder, 'state.json');
  writeFileSync(exported, JSON.stringify(toLagoKeys(state)));
  expect(readFileSync(exported, 'utf8')).not.toContain('"svc_');
  served = await startServe(
    [
      'packages/feecast/bin/feecast.js',
      'serve',
      '--port',
      '0',
      '--state',
      exported,
      '--id-prefix',
      'lago',
      '--now',
      '2025-03-20T12:00:00Z',
    ],
    { FEECAST_API_KEYS: KEY },
  );
  lago = Client(KEY, { baseUrl: served.base });
}, 30_000);

afterAll(async () => {
  expect(await served.stop()).toBe(0);
  rmSync(folder, { recursive: true, force: true });
});

describe('serve --state <lago_ export> --id-prefix lago, driven by the reference client', () => {
  it('creditNotes.findCreditNote: the record is found by the id of the export, named lago_id', async () => {
    const { data } = await lago.creditNotes.findCreditNote(CREDIT_NOTE);
    expect(data.credit_note.lago_id).toBe(CREDIT_NOTE);
    expect(JSON.stringify(data)).not.toContain('"svc_');
  });

  it('events.eventEstimateFees: the fee names its ids lago_*, 10.00 + 20 % VAT = 12.00', async () => {
    const { data } = await lago.events.eventEstimateFees({
      event: {
        code: 'seats',
        external_subscription_id: 'sub_1234567890',
        properties: { seat_id: 'lago_seat', region: 'Europe' },
      },
    });
    const [fee] = data.fees;
    expect([fee?.amount_cents, fee?.taxes_amount_cents, fee?.total_amount_cents]).toEqual([
      1000, 200, 1200,
    ]);
    expect(typeof fee?.lago_charge_id).toBe('string');
    expect(JSON.stringify(data)).not.toContain('"svc_');
  });

  it('plans.findAllPlans and subscriptions: lago_id on every record', async () => {
    const plans = (await lago.plans.findAllPlans()).data.plans;
    expect(plans.map((p) => typeof p.lago_id)).toEqual(['string', 'string']);
    const { data } = await lago.subscriptions.findAllSubscriptions({
      external_customer_id: 'hooli_1234',
    });
    expect(data.subscriptions.every((s) => typeof s.lago_customer_id === 'string')).toBe(true);
  });
});
