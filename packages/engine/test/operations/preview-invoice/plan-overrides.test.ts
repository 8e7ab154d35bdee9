/**
 * Plan overrides (spec.md `PUT /subscriptions`, `plan_overrides`): applyPlanOverrides on its
 * own, and a subscription's overrides applied to its plan before the preview prices it.
 */
import type { PlanOverrides } from '@feecast/models';
import { describe, expect, it } from 'vitest';
import { applyPlanOverrides } from '../../../src/operations/plan-overrides/index';
import { previewInvoice } from '../../../src/operations/preview-invoice/index';
import {
  charge,
  chargeId,
  coupon,
  events,
  feeOf,
  fixedCharge,
  id,
  input,
  leftOf,
  metric,
  ok,
  overrides,
  plan,
  subscription,
  tax,
} from './builders';

const vat = tax('vat20', 20);
const reduced = tax('reduced5', 5);
const base = () =>
  plan({
    amount_cents: 10000,
    taxes: [vat],
    charges: [
      charge('api_calls', 'standard', { amount: '1' }),
      charge('storage', 'standard', { amount: '2' }),
    ],
    fixed_charges: [fixedCharge('seats', 'standard', { amount: '10' }, 2)],
  });

describe('applyPlanOverrides', () => {
  it('without overrides the plan itself comes back', () => {
    const p = base();
    expect(ok(applyPlanOverrides(p, undefined))).toBe(p);
    expect(ok(applyPlanOverrides(p, null))).toBe(p);
  });

  it('replaces the amount, names and trial, keeps the code and charge ids, and is a child plan', () => {
    const p = base();
    const overridden = ok(
      applyPlanOverrides(
        p,
        overrides({
          amount_cents: 4900,
          name: 'Pro (negotiated)',
          invoice_display_name: 'Pro deal',
          trial_period: 7,
          tax_codes: ['reduced5'],
        }),
        { taxes: [[reduced]] },
      ),
    );
    expect(overridden).toMatchObject({
      code: 'pro',
      amount_cents: 4900,
      name: 'Pro (negotiated)',
      invoice_display_name: 'Pro deal',
      trial_period: 7,
      parent_id: p.svc_id,
      taxes: [reduced],
    });
    expect(overridden.svc_id).not.toBe(p.svc_id);
    expect(overridden.charges.map((c) => c.svc_id)).toEqual(p.charges.map((c) => c.svc_id));
  });

  it('overrides a charge by id (properties, display name, minimum, taxes) and leaves the others', () => {
    const overridden = ok(
      applyPlanOverrides(
        base(),
        overrides({
          charges: [
            {
              id: chargeId('storage'),
              invoice_display_name: 'Disk',
              min_amount_cents: 500,
              tax_codes: ['vat20'],
              properties: { amount: '3' },
            },
          ],
          fixed_charges: [{ id: id('fixed:seats'), units: 5 }],
        }),
      ),
    );
    expect(overridden.charges[0]?.properties).toEqual({ amount: '1' });
    expect(overridden.charges[1]).toMatchObject({
      invoice_display_name: 'Disk',
      min_amount_cents: 500,
      properties: { amount: '3' },
      taxes: [vat],
    });
    expect(overridden.fixed_charges?.[0]?.units).toBe(5);
  });

  it("a charge id that is not the plan's, an unknown tax code, properties that do not fit: Left with paths", () => {
    expect(
      leftOf(
        applyPlanOverrides(
          base(),
          overrides({ charges: [{ id: 'nope', properties: { amount: '3' } }] }),
        ),
      ),
    ).toMatchObject({ code: 'invalid_input', path: ['plan_overrides', 'charges', '0', 'id'] });
    expect(
      leftOf(applyPlanOverrides(base(), overrides({ tax_codes: ['vat20', 'ghost'] }))),
    ).toMatchObject({
      code: 'unknown_tax_code',
      path: ['plan_overrides', 'tax_codes', '1'],
    });
    // Overrides built by hand (not decoded) whose properties do not fit the model they name:
    // the overridden plan is checked with the Plan codec.
    const undecoded = {
      charges: [
        { id: chargeId('api_calls'), charge_model: 'graduated', properties: { amount: '3' } },
      ],
    } as unknown as PlanOverrides;
    const misfit = leftOf(applyPlanOverrides(base(), undecoded));
    expect(misfit.code).toBe('invalid_input');
    expect(misfit.path?.slice(0, 3)).toEqual(['plan', 'charges', '0']);
  });

  it('adds a minimum commitment to a plan that had none', () => {
    const overridden = ok(
      applyPlanOverrides(
        base(),
        overrides({ minimum_commitment: { amount_cents: 50000, tax_codes: ['vat20'] } }),
      ),
    );
    expect(overridden.minimum_commitment).toMatchObject({
      amount_cents: 50000,
      plan_code: 'pro',
      interval: 'monthly',
      taxes: [vat],
    });
  });
});

describe("applyPlanOverrides with a caller's ids, clock and copy (the server's state)", () => {
  const NOW = '2025-06-01T12:00:00Z';
  const idOf = (n: number) => `fc000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const counter = () => {
    let n = 0;
    return () => {
      n += 1;
      return idOf(n);
    };
  };

  it('a first override makes a copy named and dated by the caller', () => {
    const p = base();
    const overridden = ok(
      applyPlanOverrides(
        p,
        overrides({
          minimum_commitment: { amount_cents: 500 },
          usage_thresholds: [{ amount_cents: 9000 }],
        }),
        { stamp: { newId: counter(), now: NOW } },
      ),
    );
    // The plan's id first, then the commitment's, then the threshold's.
    expect([overridden.svc_id, overridden.parent_id, overridden.created_at]).toEqual([
      idOf(1),
      p.svc_id,
      NOW,
    ]);
    expect(overridden.minimum_commitment).toMatchObject({
      svc_id: idOf(2),
      created_at: NOW,
      updated_at: NOW,
    });
    expect(overridden.usage_thresholds).toMatchObject([
      { svc_id: idOf(3), created_at: NOW, updated_at: NOW },
    ]);
  });

  it('overriding the copy again keeps its id, creation date and parent', () => {
    const catalog = base();
    const copy = ok(
      applyPlanOverrides(catalog, overrides({ amount_cents: 500 }), {
        stamp: { newId: counter(), now: NOW },
      }),
    );
    const later = '2025-07-01T00:00:00Z';
    const again = ok(
      applyPlanOverrides(copy, overrides({ name: 'Cheap' }), {
        stamp: { newId: counter(), now: later },
        parent: catalog,
      }),
    );
    expect([again.svc_id, again.parent_id, again.created_at]).toEqual([
      copy.svc_id,
      catalog.svc_id,
      NOW,
    ]);
    expect([again.amount_cents, again.name]).toEqual([500, 'Cheap']);
  });

  it('a null commitment removes it; an existing one keeps its id and is updated now', () => {
    const committed = ok(
      applyPlanOverrides(base(), overrides({ minimum_commitment: { amount_cents: 700 } })),
    );
    const updated = ok(
      applyPlanOverrides(committed, overrides({ minimum_commitment: { amount_cents: 800 } }), {
        stamp: { newId: counter(), now: NOW },
      }),
    );
    expect(updated.minimum_commitment).toMatchObject({
      svc_id: committed.minimum_commitment?.svc_id,
      amount_cents: 800,
      created_at: committed.minimum_commitment?.created_at,
      updated_at: NOW,
    });
    const removed = ok(applyPlanOverrides(committed, overrides({ minimum_commitment: null })));
    expect(Object.hasOwn(removed, 'minimum_commitment')).toBe(false);
    const kept = ok(applyPlanOverrides(committed, overrides({ name: 'Kept' })));
    expect(kept.minimum_commitment).toEqual(committed.minimum_commitment);
  });

  it("metadata of null or {} removes the plan's metadata", () => {
    const tagged = ok(applyPlanOverrides(base(), overrides({ metadata: { team: 'a' } })));
    expect(tagged.metadata).toEqual({ team: 'a' });
    expect(
      Object.hasOwn(ok(applyPlanOverrides(tagged, overrides({ metadata: {} }))), 'metadata'),
    ).toBe(false);
    expect(
      Object.hasOwn(ok(applyPlanOverrides(tagged, overrides({ metadata: null }))), 'metadata'),
    ).toBe(false);
  });

  it('says why an item override is refused: missing_id, unknown_id, duplicate_id', () => {
    const reason = (charges: readonly Record<string, unknown>[]) =>
      leftOf(applyPlanOverrides(base(), overrides({ charges }))).details;
    expect(reason([{ properties: { amount: '3' } }])).toEqual({ reason: 'missing_id' });
    expect(reason([{ id: 'nope' }])).toEqual({ value: 'nope', reason: 'unknown_id' });
    const id = chargeId('api_calls');
    expect(reason([{ id }, { id }])).toEqual({ value: id, reason: 'duplicate_id' });
  });
});

describe('previewInvoice prices a subscription on its plan with its overrides', () => {
  const preview = ok(
    previewInvoice(
      input({
        subscriptions: [
          {
            subscription: subscription({
              plan_overrides: overrides({
                amount_cents: 5000,
                tax_codes: ['reduced5'],
                charges: [{ id: chargeId('api_calls'), properties: { amount: '0.5' } }],
                fixed_charges: [{ id: id('fixed:seats'), units: 3 }],
              }),
            }),
            plan: base(),
          },
        ],
        billableMetrics: [metric('api_calls'), metric('storage')],
        events: [
          ...events('api_calls', 10, '2025-03-03T00:00:00Z'),
          ...events('storage', 2, '2025-03-03T00:00:00Z'),
        ],
        taxes: { organization: [reduced] },
        appliedCoupons: [coupon({ code: 'pro_only', amountCents: 100, plans: ['pro'] })],
      }),
    ),
  );

  it('the overridden amount, charge and fixed charge units are billed; the other charge as the plan says', () => {
    expect(feeOf(preview, 'subscription').amount_cents).toBe(5000);
    expect(feeOf(preview, 'charge', 'api_calls').amount_cents).toBe(500); // 10 x 0.50
    expect(feeOf(preview, 'charge', 'storage').amount_cents).toBe(400); // 2 x 2.00, unchanged
    expect(feeOf(preview, 'fixed_charge').amount_cents).toBe(3000); // 3 x 10.00
  });

  it("the plan's taxes come from the override's tax codes (5 %, not the plan's 20 %)", () => {
    // The coupon's share of the subscription fee: 100 x 5000/8900 = 56.17978;
    // (5000 - 56.17978) x 5 % = 247.19 -> 247.
    expect(feeOf(preview, 'subscription').taxes_amount_cents).toBe(247);
    expect(preview.invoice.applied_taxes.map((a) => a.tax_code)).toEqual(['reduced5']);
  });

  it('a coupon limited to the plan still applies to its child plan (same code)', () => {
    expect(preview.invoice.coupons_amount_cents).toBe(100);
  });

  it('the invoice names the override plan in its billing period and keeps the plan code on the subscription', () => {
    const period = preview.invoice.billing_periods[0];
    expect(period?.svc_plan_id).not.toBe(base().svc_id);
    expect(preview.invoice.subscriptions[0]).toMatchObject({
      plan_code: 'pro',
      plan_amount_cents: 5000,
    });
    expect(preview.invoice.subscriptions[0]).not.toHaveProperty('plan_overrides');
  });

  it('an override naming an unknown charge is a Left under the subscription', () => {
    const result = previewInvoice(
      input({
        subscriptions: [
          {
            subscription: subscription({ plan_overrides: { charges: [{ id: 'ghost' }] } }),
            plan: base(),
          },
        ],
        billableMetrics: [metric('api_calls'), metric('storage')],
      }),
    );
    expect(leftOf(result).path).toEqual([
      'subscriptions',
      '0',
      'subscription',
      'plan_overrides',
      'charges',
      '0',
      'id',
    ]);
  });
});
