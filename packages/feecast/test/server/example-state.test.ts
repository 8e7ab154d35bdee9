// The bundled example state on any date (issue 18): its dates move by whole months so that
// the clock falls in the billing period the file is written for (2025-03-15 to 2025-04-14,
// America/Los_Angeles), and every usage operation and the portal answer at that clock.
import type { Timestamp } from '@feecast/models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import data from '../../example-state/state.json';
import { portalLinks, randomPortalKey } from '../../src/server/http/portal-token';
import { defaultOperations } from '../../src/server/routes/operations';
import { portalPage } from '../../src/server/routes/portal';
import { reduce } from '../../src/server/routes/reducer';
import { localDate } from '../../src/server/state/calendar';
import { decodeState } from '../../src/server/state/decode-state';
import { exampleState } from '../../src/server/state/example-state';
import { shiftMonths, shiftText } from '../../src/server/state/shift-months';
import { NOW } from './builders';

const ZONE = 'America/Los_Angeles';
const SUBSCRIPTION = 'sub_1234567890';

function active(now: Date) {
  const subscription = exampleState(now).subscriptions.find((s) => s.status === 'active');
  if (subscription === undefined) expect.fail('the example has an active subscription');
  return subscription;
}

describe('shiftText: dates move by whole calendar months', () => {
  it.each([
    ['2025-03-15T10:00:00Z', 20, '2026-11-15T10:00:00Z'],
    ['2025-03-15T10:00:00.000Z', -3, '2024-12-15T10:00:00.000Z'],
    ['2025-02-15T00:00:00+00:00', 11, '2026-01-15T00:00:00+00:00'],
    ['2025-04-14', 1, '2025-05-14'],
    // The last day of a month stays the last day; a day the new month lacks becomes its last.
    ['2025-02-28T23:00:00Z', 1, '2025-03-31T23:00:00Z'],
    ['2025-03-31T23:59:59Z', 8, '2025-11-30T23:59:59Z'],
    ['2025-03-30', -1, '2025-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2025-03-15', 0, '2025-03-15'],
  ])('%s moved %i months is %s', (text, months, moved) => {
    expect(shiftText(text, months)).toBe(moved);
  });

  it('leaves alone text that is not a date', () => {
    for (const text of ['sub_1234567890', '2025-13-01', '2025-02-30', '20250315', '']) {
      expect(shiftText(text, 5)).toBe(text);
    }
  });

  it('moves every date of a document and nothing else', () => {
    expect(
      shiftMonths({ a: ['2025-01-31', { b: '2025-01-15T08:00:00Z', c: 3, d: null }], e: 'x' }, 1),
    ).toEqual({ a: ['2025-02-28', { b: '2025-02-15T08:00:00Z', c: 3, d: null }], e: 'x' });
  });
});

describe('exampleState(now)', () => {
  it('is the file as written in its own period, 2025-03-15 to 2025-04-14 in the customer zone', () => {
    const written = decodeState(data);
    if (written._tag === 'Left') expect.fail(written.left.message);
    for (const now of [
      NOW,
      '2025-03-15T07:00:00Z',
      '2025-04-15T06:59:59Z',
      '2025-03-31T12:00:00Z',
    ]) {
      expect(exampleState(now)).toEqual(written.right);
    }
    // 2025-03-15T06:59:59Z is still 14 March in Los Angeles: the period before, a month back.
    expect(active(new Date('2025-03-15T06:59:59Z')).started_at).toBe('2024-12-15T10:00:00.000Z');
  });

  it('on 2026-11-26 (today when this was written) the subscription started on 2026-09-15 and its period runs from 2026-11-15', () => {
    const subscription = active(new Date('2026-11-26T12:00:00Z'));
    expect([
      subscription.started_at,
      subscription.current_billing_period_started_at,
      subscription.current_billing_period_ending_at,
      subscription.ending_at,
    ]).toEqual([
      '2026-09-15T10:00:00.000Z',
      '2026-11-15T00:00:00Z',
      '2026-12-14T23:59:59Z',
      '2027-09-15T00:00:00Z',
    ]);
  });

  it('refuses a date that is not one', () => {
    expect(() => exampleState('not a date')).toThrow(RangeError);
  });

  it('on any date from 1990 to 2150, the clock falls in the subscription period, and usage, projection, estimates and the portal answer 200', () => {
    const links = portalLinks(randomPortalKey());
    const from = Date.UTC(1990, 0, 1);
    const to = Date.UTC(2150, 0, 1);
    fc.assert(
      fc.property(fc.integer({ min: from, max: to }), (ms) => {
        const clock = new Date(ms);
        const now = clock.toISOString() as Timestamp;
        const state = exampleState(clock);
        const subscription = active(clock);
        // The local date of the clock is inside the period the file is written for.
        const today = localDate(now, ZONE);
        const first = (subscription.current_billing_period_started_at ?? '').slice(0, 10);
        const last = (subscription.current_billing_period_ending_at ?? '').slice(0, 10);
        expect([first <= today, today <= last]).toEqual([true, true]);
        expect(Date.parse(subscription.started_at ?? '') <= ms).toBe(true);
        expect(Date.parse(subscription.ending_at ?? '') > ms).toBe(true);
        const call = (method: string, path: string, query = '', body?: unknown) =>
          reduce(
            state,
            {
              method,
              path,
              query,
              body: body === undefined ? undefined : JSON.stringify(body),
              origin: 'http://127.0.0.1:3000',
            },
            now,
            defaultOperations,
            links,
          ).response;
        const usageQuery = `external_subscription_id=${SUBSCRIPTION}`;
        for (const what of ['current_usage', 'projected_usage']) {
          const answer = call('GET', `/api/v1/customers/hooli_1234/${what}`, usageQuery);
          expect([what, answer.status]).toEqual([what, 200]);
        }
        // A new seat in Europe: 1 × 10.00 USD, VAT 20 % → 2.00, 12.00 in all, on any date.
        const estimate = call('POST', '/api/v1/events/estimate_fees', '', {
          event: {
            code: 'seats',
            external_subscription_id: SUBSCRIPTION,
            properties: { seat_id: 'new_seat', region: 'Europe' },
          },
        });
        expect(estimate.status).toBe(200);
        const [fee] = (estimate.body as { fees: { total_amount_cents: number }[] }).fees;
        expect(fee?.total_amount_cents).toBe(1200);
        const url = call('GET', '/api/v1/customers/hooli_1234/portal_url');
        const link = (url.body as { customer: { portal_url: string } }).customer.portal_url;
        const path = new URL(link).pathname;
        const page = portalPage(state, { method: 'GET', path }, now, defaultOperations, links);
        expect(page?.status).toBe(200);
      }),
      { numRuns: 60 },
    );
    // Sixty dates of four operations each: well within a second alone, not on a loaded CI machine.
  }, 60_000);
});
