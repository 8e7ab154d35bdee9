import { derivedId } from './derived-id';

/**
 * The `created_at` (and `updated_at`) of an input object that does not give one. No figure
 * reads it; where an order follows creation (coupons, wallets), objects created at the same
 * instant keep the order they are given in.
 */
export const UNKNOWN_CREATION = '1970-01-01T00:00:00Z';

/** The payment method of a subscription or wallet that does not give one: the customer's provider. */
export const PROVIDER_PAYMENT_METHOD = {
  payment_method_type: 'provider',
  payment_method_id: null,
} as const;

/**
 * The `svc_id` of an input object that does not give one: a UUID derived from the kind of
 * object and what identifies it (a customer's `external_id`, a plan's `code`...), so the same
 * input always gets the same id, and two objects of one input get two ids.
 *
 * @example
 * derivedInputId('plan', 'startup') // the same 8-4-4-4-12 id on every call
 * @internal
 */
export function derivedInputId(kind: string, ...parts: readonly unknown[]): string {
  return derivedId('input', kind, ...parts.map((part) => (typeof part === 'string' ? part : '')));
}

/**
 * A given text, or `undefined`: for defaults that copy another key of the input.
 *
 * @example
 * textOf('cust_1') // 'cust_1'
 * textOf(12)       // undefined
 * @internal
 */
export function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * The default `svc_id` of an input object: its derived id (`derivedInputId`) when it gives no
 * `svc_id`; computed only then (deriving an id hashes its parts).
 *
 * @example
 * defaultId({ code: 'startup' }, 'plan', 'startup')           // the derived id
 * defaultId({ svc_id: 'given', code: 'startup' }, 'plan', 'x') // undefined: the given id is kept
 * @internal
 */
export function defaultId(
  given: Readonly<Record<string, unknown>>,
  kind: string,
  ...parts: readonly unknown[]
): string | undefined {
  // bounded: the caller's own arguments.
  return given.svc_id === undefined ? derivedInputId(kind, ...parts) : undefined;
}
