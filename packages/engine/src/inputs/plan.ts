import {
  checkResource,
  type FixedChargeUnits,
  type MinimumCommitment,
  type Plan,
  type StandardFixedCharge,
  type StandardProperties,
  type UsageThreshold,
} from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import {
  defaultId,
  derivedInputId,
  type FeecastError,
  type OtherWireKeys,
  type Plain,
  textOf,
  UNKNOWN_CREATION,
} from '../core/index';
import type { ChargeFeesMetric } from '../fees/index';
import type { TaxInput } from '../invoice/index';
import { type ChargeInput, fillCharge } from './charge';
import { completeInput, fillInput, readList } from './complete';
import { fillGivenTaxes } from './tax';

/** A fixed charge of a plan as an input: its add-on, model, properties and units decide it. */
export interface FixedChargeInput
  extends OtherWireKeys<StandardFixedCharge, 'charge_model' | 'properties' | 'units' | 'taxes'> {
  readonly add_on_code: string;
  /** `standard`, `graduated` or `volume`. */
  readonly charge_model: string;
  readonly properties: Plain<StandardProperties> | Readonly<Record<string, unknown>>;
  readonly units: Plain<FixedChargeUnits>;
  readonly taxes?: readonly TaxInput[] | null;
}

/** A plan's minimum commitment as an input: its amount decides it. */
export interface MinimumCommitmentInput
  extends OtherWireKeys<MinimumCommitment, 'amount_cents' | 'taxes'> {
  readonly amount_cents: number;
  readonly taxes?: readonly TaxInput[] | null;
}

/** A usage threshold of a plan as an input: its amount and whether it recurs decide it. */
export interface UsageThresholdInput extends OtherWireKeys<UsageThreshold, 'amount_cents'> {
  readonly amount_cents: number;
}

/**
 * A plan as an input (a decoded wire `Plan` is one). What decides a figure: `code`,
 * `interval`, `amount_currency`, `amount_cents`, `pay_in_advance`, `trial_period`,
 * `bill_charges_monthly`, `bill_fixed_charges_monthly`, `charges`, `fixed_charges`,
 * `minimum_commitment`, `usage_thresholds` and `taxes`; the rest defaults as docs/inputs.md
 * says.
 */
export interface PlanInput
  extends OtherWireKeys<
    Plan,
    | 'code'
    | 'interval'
    | 'amount_currency'
    | 'charges'
    | 'fixed_charges'
    | 'minimum_commitment'
    | 'usage_thresholds'
    | 'taxes'
  > {
  readonly code: string;
  /** `weekly`, `monthly`, `quarterly`, `semiannual` or `yearly`. */
  readonly interval: string | null;
  /** The currency of every fee and amount of the plan (ISO 4217). */
  readonly amount_currency: string;
  readonly charges?: readonly ChargeInput[];
  readonly fixed_charges?: readonly FixedChargeInput[];
  readonly minimum_commitment?: MinimumCommitmentInput | null;
  readonly usage_thresholds?: readonly UsageThresholdInput[];
  readonly taxes?: readonly TaxInput[] | null;
}

function readFixedCharge(
  value: unknown,
  path: readonly string[],
  index: number,
  planCode: string | undefined,
): Either<FeecastError, Record<string, unknown>> {
  return fillInput(
    value,
    path,
    'a fixed charge { add_on_code, charge_model, properties, units, ... }',
    (given) => {
      const taxes = fillGivenTaxes(given, path);
      if (isLeft(taxes)) return taxes;
      const addOn = textOf(given.add_on_code);
      return right({
        defaults: {
          svc_id: defaultId(given, 'fixed_charge', planCode, String(index)),
          svc_add_on_id: derivedInputId('add_on', addOn),
          svc_parent_id: null,
          code: addOn ?? '',
          invoice_display_name: null,
          created_at: UNKNOWN_CREATION,
          pay_in_advance: false,
          prorated: false,
          taxes: [],
        },
        read: taxes.right,
      });
    },
  );
}

function readCommitment(
  value: unknown,
  path: readonly string[],
  plan: Readonly<Record<string, unknown>>,
): Either<FeecastError, MinimumCommitment> {
  return completeInput(
    (whole) => checkResource('MinimumCommitment', whole),
    value,
    path,
    'a minimum commitment { amount_cents, ... }',
    (given) => {
      const taxes = fillGivenTaxes(given, path);
      if (isLeft(taxes)) return taxes;
      return right({
        defaults: {
          svc_id: defaultId(given, 'minimum_commitment', textOf(plan.code)),
          plan_code: textOf(plan.code) ?? '',
          invoice_display_name: null,
          interval: plan.interval,
          created_at: UNKNOWN_CREATION,
          updated_at: UNKNOWN_CREATION,
          taxes: [],
        },
        read: taxes.right,
      });
    },
  );
}

function readThreshold(
  value: unknown,
  path: readonly string[],
  index: number,
  planCode: string | undefined,
): Either<FeecastError, Record<string, unknown>> {
  return fillInput(value, path, 'a usage threshold { amount_cents, ... }', (given) =>
    right({
      defaults: {
        svc_id: defaultId(given, 'usage_threshold', planCode, String(index)),
        threshold_display_name: null,
        recurring: false,
        created_at: UNKNOWN_CREATION,
        updated_at: UNKNOWN_CREATION,
      },
    }),
  );
}

/**
 * Reads a plan input into the wire `Plan`, with the defaults of docs/inputs.md ("Plan",
 * "Charge", "Fixed charge", "Minimum commitment", "Usage threshold"): `svc_id` derived from
 * the code, `name` the code, no subscription fee (`amount_cents` 0), in arrears, no trial, no
 * charges, taxes or thresholds unless given. Charges are matched with `metrics` (their
 * metric's code and id are both filled in).
 *
 * @example
 * readPlan({ code: 'startup', interval: 'monthly', amount_currency: 'EUR', charges: [...] }, ['plan'], metrics)
 * // right({ svc_id: '...', name: 'startup', amount_cents: 0, pay_in_advance: false, charges: [...], ... })
 * @internal
 */
export function readPlan(
  value: unknown,
  path: readonly string[],
  metrics: readonly ChargeFeesMetric[],
): Either<FeecastError, Plan> {
  return completeInput(
    (whole) => checkResource('Plan', whole),
    value,
    path,
    'a plan { code, interval, amount_currency, charges, ... }',
    (given) => {
      const planCode = textOf(given.code);
      const charges = readList(given.charges, [...path, 'charges'], (charge, at, i) =>
        fillCharge(charge, at, i, { planCode, metrics }),
      );
      if (isLeft(charges)) return charges;
      const taxes = fillGivenTaxes(given, path);
      if (isLeft(taxes)) return taxes;
      const thresholds = readList(
        given.usage_thresholds,
        [...path, 'usage_thresholds'],
        (t, at, i) => readThreshold(t, at, i, planCode),
      );
      if (isLeft(thresholds)) return thresholds;
      const read: Record<string, unknown> = {
        charges: charges.right,
        usage_thresholds: thresholds.right,
        ...taxes.right,
      };
      if (given.fixed_charges !== undefined) {
        const fixed = readList(given.fixed_charges, [...path, 'fixed_charges'], (f, at, i) =>
          readFixedCharge(f, at, i, planCode),
        );
        if (isLeft(fixed)) return fixed;
        read.fixed_charges = fixed.right;
      }
      if (given.minimum_commitment !== undefined && given.minimum_commitment !== null) {
        const commitment = readCommitment(
          given.minimum_commitment,
          [...path, 'minimum_commitment'],
          given,
        );
        if (isLeft(commitment)) return commitment;
        read.minimum_commitment = commitment.right;
      }
      return right({
        defaults: {
          svc_id: defaultId(given, 'plan', planCode),
          name: planCode ?? '',
          invoice_display_name: null,
          created_at: UNKNOWN_CREATION,
          description: null,
          amount_cents: 0,
          trial_period: null,
          pay_in_advance: false,
          bill_charges_monthly: null,
          bill_fixed_charges_monthly: null,
          taxes: [],
        },
        read,
      });
    },
  );
}
