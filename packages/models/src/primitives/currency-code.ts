import * as t from 'io-ts';
import { type CurrencyCodeBrand, isCurrencyCode } from './predicates';

/**
 * A currency code: three upper-case letters (`USD`, `EUR`). Whether it is an active ISO 4217
 * code is the engine's question, not the wire format's.
 *
 * @example
 * decode(CurrencyCode, 'EUR') // right
 * decode(CurrencyCode, 'eur') // left
 */
export const CurrencyCode = t.brand(
  t.string,
  (s): s is t.Branded<string, CurrencyCodeBrand> => isCurrencyCode(s),
  'CurrencyCode',
);
/** Three upper-case letters, see {@link CurrencyCode}. */
export type CurrencyCode = t.TypeOf<typeof CurrencyCode>;
