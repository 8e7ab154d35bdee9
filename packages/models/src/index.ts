/**
 * @feecast/models: io-ts codecs for every object of the billing API.
 * @packageDocumentation
 */
export const MODELS_VERSION = '0.1.0';
