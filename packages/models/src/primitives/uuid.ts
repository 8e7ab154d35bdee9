import * as t from 'io-ts';
import { isUuid, type UuidBrand } from './predicates';

/**
 * A UUID string (`8-4-4-4-12` hex digits), the form of every `svc_*` identifier the service
 * generates. Upper- and lower-case digits are accepted; the value is kept as sent.
 *
 * @example
 * decode(Uuid, '66a81770-c736-48e0-9785-c276e2366448') // right('66a81770-...')
 */
export const Uuid = t.brand(t.string, (s): s is t.Branded<string, UuidBrand> => isUuid(s), 'Uuid');
/** A UUID string, see {@link Uuid}. */
export type Uuid = t.TypeOf<typeof Uuid>;
