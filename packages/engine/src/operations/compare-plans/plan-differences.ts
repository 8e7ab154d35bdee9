import type { Fee, Invoice } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import {
  type Decimal,
  type FeecastError,
  formatDecimal,
  parseDecimal,
  readCents,
  subtract,
  sum,
  toWireCents,
  ZERO,
} from '../../core/index';

/** What a line of the comparison is: a kind of fee, the invoice's fees, or its total. */
export type PlanDifferenceKind =
  | 'subscription'
  | 'fixed_charge'
  | 'charge'
  | 'add_on'
  | 'commitment'
  | 'fees'
  | 'total';

/**
 * One plan's figures on a line, and how they differ from the first plan's.
 *
 * @inline
 */
export interface PlanLine {
  readonly plan_code: string;
  /**
   * Σ units of the line's fees (a decimal string; `min_amount_cents` true-ups are not units),
   * `null` when the plan's invoice has no fee on the line (and on the `fees` and `total` lines).
   */
  readonly units: string | null;
  /** Σ `amount_cents` of the line's fees; the invoice's `fees_amount_cents` or `total_amount_cents`. */
  readonly amount_cents: number;
  /** `units` − the first plan's units (a missing fee counts 0); `null` when both are `null`. */
  readonly delta_units: string | null;
  /** `amount_cents` − the first plan's. */
  readonly delta_amount_cents: number;
}

/** A line of the comparison: a fee line (by kind and code), the fees, or the total. */
export interface PlanDifference {
  readonly kind: PlanDifferenceKind;
  /**
   * The billable metric code of a charge line, the add-on code of a fixed-charge or add-on
   * line; `null` for the subscription, commitment, fees and total lines.
   */
  readonly code: string | null;
  /** One entry per compared plan, in the order of the plans. */
  readonly plans: readonly PlanLine[];
}

/** A compared plan's code and invoice. */
export interface ComparedInvoice {
  readonly plan_code: string;
  readonly invoice: Invoice;
}

const LINE_KINDS: readonly string[] = [
  'subscription',
  'fixed_charge',
  'charge',
  'add_on',
  'commitment',
];

/**
 * The line a fee is on (its kind, and the code of a charge's billable metric, of a fixed
 * charge or add-on), or `undefined` for a kind not compared (a wallet top-up...).
 * @internal
 */
export function lineOf(
  fee: Fee,
): { readonly kind: PlanDifferenceKind; readonly code: string | null } | undefined {
  const kind = fee.item.type;
  if (!LINE_KINDS.includes(kind)) return undefined;
  const typed = kind as PlanDifferenceKind;
  const coded = kind === 'charge' || kind === 'fixed_charge' || kind === 'add_on';
  return { kind: typed, code: coded ? fee.item.code : null };
}

interface Figures {
  readonly units: Decimal | null;
  readonly amount: Decimal;
}

/**
 * How invoices of the same customer and usage differ from plan to plan (the what-if of
 * `comparePlans`): one line per kind of fee (the subscription fee, each fixed charge and
 * add-on by code, each usage charge by billable metric code, the commitment true-up) with
 * every plan's units and amount and their difference from the first plan's, then the
 * invoices' `fees_amount_cents` and `total_amount_cents`. Lines appear in the order of their
 * first fee across the invoices. Comparing a plan with itself gives only zero differences.
 *
 * @example
 * planDifferences([{ plan_code: 'basic', invoice: a }, { plan_code: 'pro', invoice: b }])
 * // right([{ kind: 'charge', code: 'api_calls', plans: [{ plan_code: 'basic', units: '120',
 * //   amount_cents: 1200, delta_units: '0', delta_amount_cents: 0 }, { plan_code: 'pro', units: '120',
 * //   amount_cents: 600, delta_units: '0', delta_amount_cents: -600 }] }, ..., { kind: 'total', ... }])
 */
export function planDifferences(
  compared: readonly ComparedInvoice[],
): Either<FeecastError, PlanDifference[]> {
  const keys: { readonly kind: PlanDifferenceKind; readonly code: string | null }[] = [];
  const byKey = new Map<string, Figures[]>();
  for (const [p, entry] of compared.entries()) {
    for (const [f, fee] of entry.invoice.fees.entries()) {
      const line = lineOf(fee);
      if (line === undefined) continue;
      const key = `${line.kind}\u0000${line.code ?? ''}`;
      let figures = byKey.get(key);
      if (figures === undefined) {
        figures = compared.map(() => ({ units: null, amount: ZERO }));
        byKey.set(key, figures);
        keys.push(line);
      }
      const path = ['previews', String(p), 'invoice', 'fees', String(f)];
      const amount = readCents(fee.amount_cents, [...path, 'amount_cents']);
      if (isLeft(amount)) return amount;
      const before = figures[p] ?? { units: null, amount: ZERO };
      let units = before.units;
      if (fee.svc_true_up_parent_fee_id === null) {
        const own = parseDecimal(fee.units, [...path, 'units']);
        if (isLeft(own)) return own;
        units = sum([units ?? ZERO, own.right]);
      }
      figures[p] = { units, amount: sum([before.amount, amount.right]) };
    }
  }
  const out: PlanDifference[] = [];
  for (const line of keys) {
    const figures = byKey.get(`${line.kind}\u0000${line.code ?? ''}`) ?? [];
    const lines = planLines(compared, figures);
    if (isLeft(lines)) return lines;
    out.push({ ...line, plans: lines.right });
  }
  for (const kind of ['fees', 'total'] as const) {
    const figures: Figures[] = [];
    for (const [p, entry] of compared.entries()) {
      const field = kind === 'fees' ? 'fees_amount_cents' : 'total_amount_cents';
      const amount = readCents(entry.invoice[field], ['previews', String(p), 'invoice', field]);
      if (isLeft(amount)) return amount;
      figures.push({ units: null, amount: amount.right });
    }
    const lines = planLines(compared, figures);
    if (isLeft(lines)) return lines;
    out.push({ kind, code: null, plans: lines.right });
  }
  return right(out);
}

/** Each plan's figures on a line, with their differences from the first plan's. */
function planLines(
  compared: readonly ComparedInvoice[],
  figures: readonly Figures[],
): Either<FeecastError, PlanLine[]> {
  const first = figures[0] ?? { units: null, amount: ZERO };
  const lines: PlanLine[] = [];
  for (const [p, entry] of compared.entries()) {
    const own = figures[p] ?? { units: null, amount: ZERO };
    const amount = toWireCents(own.amount, ['previews', String(p), 'amount_cents']);
    if (isLeft(amount)) return amount;
    const delta = toWireCents(subtract(own.amount, first.amount), ['previews', String(p)]);
    if (isLeft(delta)) return delta;
    const bothMissing = own.units === null && first.units === null;
    lines.push({
      plan_code: entry.plan_code,
      units: own.units === null ? null : formatDecimal(own.units),
      amount_cents: amount.right,
      delta_units: bothMissing
        ? null
        : formatDecimal(subtract(own.units ?? ZERO, first.units ?? ZERO)),
      delta_amount_cents: delta.right,
    });
  }
  return right(lines);
}
