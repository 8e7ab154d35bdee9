/**
 * The public shapes of the charge models: what `applyChargeModel` takes and returns. Amounts
 * are decimal strings in currency units (or pricing units), exact and unrounded; amount details
 * follow the fee object's `amount_details` of the specification (charge-models.md §2.1).
 */

/**
 * The charge models of the specification (charge-models.md §1.2).
 *
 * @example
 * CHARGE_MODEL_NAMES.includes('volume') // true
 */
export const CHARGE_MODEL_NAMES = [
  'standard',
  'package',
  'graduated',
  'graduated_percentage',
  'volume',
  'percentage',
  'dynamic',
  'custom',
] as const;

/**
 * A charge model's name: `charge.charge_model` of the wire format.
 *
 * @useDeclaredType
 */
export type ChargeModelName = (typeof CHARGE_MODEL_NAMES)[number];

/**
 * Whether `name` is one of the charge models.
 *
 * @example
 * isChargeModelName('volume') // true
 * @internal
 */
export function isChargeModelName(name: unknown): name is ChargeModelName {
  return CHARGE_MODEL_NAMES.some((known) => known === name);
}

/** The charge, as far as pricing needs it (a `Charge`, `ChargeFilter` or fixed charge fits). */
export interface ChargeModelInput {
  /** The model's name (`standard`, `graduated`...). */
  readonly charge_model: string;
  /** The model's properties as the API carries them (amounts as decimal strings). */
  readonly properties?: unknown;
  /**
   * A prorated charge: volume picks its range with `full_units_number` and graduated runs the
   * prorated-graduated algorithm when per-event values are given (§11, §16).
   */
  readonly prorated?: boolean | null;
}

/** The aggregation result a charge model prices (one bucket: a charge, a filter or a group). */
export interface ChargeModelContext {
  /** The aggregated units (a decimal string; prorated for prorated charges). */
  readonly units: string;
  /** The number of events aggregated. */
  readonly events_count: number;
  /**
   * Each event's value in time order: percentage free units and per-transaction min/max (§12);
   * for prorated graduated, each event's full (not prorated) value (§16).
   */
  readonly event_values?: readonly string[];
  /** Prorated graduated: each event's prorated value, in the order of `event_values` (§16). */
  readonly prorated_event_values?: readonly string[];
  /** The units without proration, for prorated charges (unit amounts, volume's range). */
  readonly full_units_number?: string | null;
  /** The elapsed share of the period, from "0" to "1": asks for projected units and amount (§6). */
  readonly period_ratio?: string | null;
  /** Dynamic: the sum of the events' `precise_total_amount_cents` (§13). */
  readonly precise_total_amount_cents?: string;
  /** Dynamic: the plan's currency, whose minor unit converts the cents above (§13). */
  readonly currency?: string;
  /** Custom: the amount the metric's custom aggregator computed, in currency units (§14). */
  readonly custom_amount?: string;
  /**
   * Prices the state before the first event of a period (pay in advance, §5): graduated and
   * graduated_percentage then charge no flat amount for zero units.
   */
  readonly exclude_event?: boolean;
}

/** One reached range of a graduated fee (`amount_details.graduated_ranges[]`). */
export interface GraduatedRangeDetail {
  readonly from_value: number;
  readonly to_value: number | null;
  readonly units: string;
  readonly flat_unit_amount: string;
  readonly per_unit_amount: string;
  readonly per_unit_total_amount: string;
  readonly total_with_flat_amount: string;
}

/** One reached range of a graduated-percentage fee (`graduated_percentage_ranges[]`). */
export interface GraduatedPercentageRangeDetail {
  readonly from_value: number;
  readonly to_value: number | null;
  readonly units: string;
  readonly flat_unit_amount: string;
  readonly rate: string;
  readonly per_unit_total_amount: string;
  readonly total_with_flat_amount: string;
}

/**
 * How an amount was computed (the fee's `amount_details`, §2.1): each model fills its own keys;
 * standard, dynamic, custom and prorated graduated leave it empty.
 */
export interface ChargeAmountDetails {
  readonly graduated_ranges?: readonly GraduatedRangeDetail[];
  readonly graduated_percentage_ranges?: readonly GraduatedPercentageRangeDetail[];
  readonly units?: string;
  readonly free_units?: string;
  readonly paid_units?: string;
  readonly rate?: string;
  readonly per_unit_amount?: string;
  readonly per_unit_total_amount?: string;
  readonly flat_unit_amount?: string;
  readonly per_package_size?: number;
  readonly per_package_unit_amount?: string;
  readonly free_events?: number;
  readonly paid_events?: number;
  readonly fixed_fee_unit_amount?: string;
  readonly fixed_fee_total_amount?: string;
  readonly min_max_adjustment_total_amount?: string;
}

/** What a charge model returns (API.md, `applyChargeModel`). */
export interface ChargeModelResult {
  /** The amount, exact and unrounded, in the units of the properties (currency or pricing unit). */
  readonly amount: string;
  /** The amount per unit, by the model's convention (§1.5). */
  readonly unit_amount: string;
  readonly amount_details: ChargeAmountDetails;
  /** With `period_ratio`: the units over the whole period, to 2 decimals (§6). */
  readonly projected_units?: string;
  /** With `period_ratio`: the amount over the whole period (§6). */
  readonly projected_amount?: string;
}
