/**
 * @feecast/models: io-ts codecs for every object of the billing API, the endpoint table,
 * and `decode` with readable errors.
 *
 * Every codec decodes the wire format as sent (snake_case keys, `svc_` identifiers, decimal
 * strings, integer cents, ISO 8601 timestamps) and encodes it back unchanged:
 * `Codec.encode(value)` of a decoded value is the value. Unknown extra keys are accepted and
 * kept. TypeScript types of the same names are derived from the codecs.
 * @packageDocumentation
 */

/** The version of the wire models. */
export const MODELS_VERSION = '0.1.0';

export * from './check';
export * from './decode';
export * from './endpoints';
export * from './enums';
export { MAX_LIST_LENGTH } from './internal/limits';
export * from './json-schema';
export * from './prefix';
export * from './primitives/cents';
export * from './primitives/currency-code';
export * from './primitives/decimal-string';
export * from './primitives/event-timestamp';
export * from './primitives/iso-date';
export * from './primitives/numbers';
export * from './primitives/predicates';
export * from './primitives/timestamp';
export * from './primitives/uuid';
export * from './requests/create-add-on';
export * from './requests/create-event';
export * from './requests/create-wallet-transaction';
export * from './requests/estimate-fees';
export * from './requests/finalize-invoice';
export * from './requests/invoice-preview';
export * from './requests/update-billable-metric';
export * from './requests/update-subscription';
export * from './requests/update-wallet';
export * from './resources/activity-log';
export * from './resources/add-on';
export * from './resources/api-error';
export * from './resources/applied-coupon';
export * from './resources/applied-tax';
export * from './resources/billable-metric';
export * from './resources/billing-entity';
export * from './resources/charge';
export * from './resources/charge-properties';
export * from './resources/coupon';
export * from './resources/credit-note';
export * from './resources/customer';
export * from './resources/entitlement';
export * from './resources/error-detail';
export * from './resources/event-properties';
export * from './resources/fee';
export * from './resources/fixed-charge';
export * from './resources/invoice';
export * from './resources/invoice-credit';
export * from './resources/invoice-custom-section';
export * from './resources/metadata';
export * from './resources/minimum-commitment';
export * from './resources/pagination-meta';
export * from './resources/payment-method';
export * from './resources/payment-receipt';
export * from './resources/plan';
export * from './resources/portal-url';
export * from './resources/presentation-breakdown';
export * from './resources/pricing-unit-details';
export * from './resources/recurring-transaction-rule';
export * from './resources/subscription';
export * from './resources/tax';
export * from './resources/usage';
export * from './resources/usage-event';
export * from './resources/usage-threshold';
export * from './resources/wallet';
export * from './resources/wallet-transaction';
export * from './resources/webhook-endpoint';
export * from './responses';
