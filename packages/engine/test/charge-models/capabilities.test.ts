/**
 * What each charge model declares to the shared stages (DESIGN.md: shared code asks a model's
 * capabilities, never its name): every model declares every capability, the declarations
 * follow the reference's rules (charge-models.md §1.4, §2.1, §5, §12-§14, §16), and the
 * charge checks refuse what a model does not allow.
 */
import { describe, expect, it } from 'vitest';
import {
  CHARGE_MODEL_NAMES,
  type ChargeModelCapabilities,
  type ChargeModelName,
  chargeModelCapabilities,
  compileChargeModel,
} from '../../src/charge-models/index';
import { CHARGE_MODELS } from '../../src/charge-models/registry';
import { chargeFees } from '../../src/fees/charge/index';
import { charge, MARCH, metric } from '../fees/charge/support';
import { leftOf, rightOf } from './support';

/** Every capability; the type below fails to compile when one is added and not listed here. */
const CAPABILITIES = ['aggregations', 'payInAdvance', 'pricesFrom', 'eventDetails'] as const;
type Unlisted = Exclude<keyof ChargeModelCapabilities, (typeof CAPABILITIES)[number]>;
const everyCapabilityListed: [Unlisted] extends [never] ? true : false = true;

// A model that leaves a capability out does not type-check.
// @ts-expect-error: pricesFrom is missing
const incomplete: ChargeModelCapabilities = {
  aggregations: 'any',
  payInAdvance: true,
  eventDetails: null,
};

/** Properties each model accepts, to compile it. */
const PROPERTIES: Readonly<Record<ChargeModelName, Record<string, unknown>>> = {
  standard: { amount: '1' },
  package: { amount: '1', package_size: 10, free_units: 0 },
  graduated: {
    graduated_ranges: [{ from_value: 0, to_value: null, per_unit_amount: '1', flat_amount: '0' }],
  },
  graduated_percentage: {
    graduated_percentage_ranges: [{ from_value: 0, to_value: null, rate: '1', flat_amount: '0' }],
  },
  volume: {
    volume_ranges: [{ from_value: 0, to_value: null, per_unit_amount: '1', flat_amount: '0' }],
  },
  percentage: { rate: '1' },
  dynamic: {},
  custom: {},
};

describe('charge-model capabilities', () => {
  it('every model declares every capability, under its own name', () => {
    expect(everyCapabilityListed).toBe(true);
    expect(Object.keys(incomplete)).not.toContain('pricesFrom');
    expect(Object.keys(CHARGE_MODELS).sort()).toEqual([...CHARGE_MODEL_NAMES].sort());
    for (const name of CHARGE_MODEL_NAMES) {
      const model = CHARGE_MODELS[name];
      expect(model.name).toBe(name);
      expect(Object.keys(model.capabilities).sort()).toEqual([...CAPABILITIES].sort());
      for (const key of CAPABILITIES) expect(model.capabilities[key]).not.toBeUndefined();
      expect(chargeModelCapabilities(name)).toBe(model.capabilities);
    }
  });

  it('every compiled model says whether it prices from the events’ values', () => {
    for (const name of CHARGE_MODEL_NAMES) {
      const compiled = CHARGE_MODELS[name].compile(PROPERTIES[name], {
        prorated: false,
        path: ['properties'],
      });
      expect(typeof rightOf(compiled).needsEventValues).toBe('boolean');
    }
  });

  it('declares the reference’s rules', () => {
    const declared = (pick: (c: ChargeModelCapabilities) => boolean) =>
      CHARGE_MODEL_NAMES.filter((name) => pick(CHARGE_MODELS[name].capabilities));
    // §1.4: pay in advance forbids volume.
    expect(declared((c) => !c.payInAdvance)).toEqual(['volume']);
    // §1.4: dynamic requires a sum metric; the other models price any aggregation.
    expect(declared((c) => c.aggregations !== 'any')).toEqual(['dynamic']);
    expect(CHARGE_MODELS.dynamic.capabilities.aggregations).toEqual(['sum_agg']);
    // §13: dynamic prices the events' precise cents; §14: custom its aggregator's amount.
    expect(declared((c) => c.pricesFrom !== 'units')).toEqual(['dynamic', 'custom']);
    expect(CHARGE_MODELS.dynamic.capabilities.pricesFrom).toBe('precise_cents');
    expect(CHARGE_MODELS.custom.capabilities.pricesFrom).toBe('custom_amount');
    // §2.1/§5: only percentage and graduated_percentage give pay-in-advance fees details.
    expect(declared((c) => c.eventDetails !== null)).toEqual([
      'graduated_percentage',
      'percentage',
    ]);
  });

  it('per-event values follow the properties (§12, §16)', () => {
    const needs = (charge_model: string, properties: unknown, prorated = false) =>
      rightOf(compileChargeModel({ charge_model, properties, prorated })).needsEventValues;
    expect(needs('percentage', { rate: '1' })).toBe(false);
    expect(needs('percentage', { rate: '1', free_units_per_events: 2 })).toBe(true);
    expect(needs('percentage', { rate: '1', per_transaction_max_amount: '3' })).toBe(true);
    expect(needs('graduated', PROPERTIES.graduated)).toBe(false);
    expect(needs('graduated', PROPERTIES.graduated, true)).toBe(true);
    expect(needs('standard', PROPERTIES.standard, true)).toBe(false);
  });

  it('a charge whose metric the model cannot price is refused at its charge_model (§1.4)', () => {
    const dynamicOn = (aggregation: string) =>
      chargeFees({
        charge: charge('dynamic', {}),
        billableMetric: metric(aggregation),
        events: [],
        period: MARCH,
        currency: 'EUR',
      });
    const refused = leftOf(dynamicOn('count_agg'));
    expect(refused.code).toBe('invalid_input');
    expect(refused.path).toEqual(['charge', 'charge_model']);
    expect(refused.message).toMatch(/dynamic charge can only price a sum_agg metric.*count_agg/);
    expect(dynamicOn('sum_agg')._tag).toBe('Right');
  });
});
