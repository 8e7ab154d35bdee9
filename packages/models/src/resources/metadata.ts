import * as t from 'io-ts';
import { dict } from '../internal/dict';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';

/**
 * Record-level metadata (`metadata` of wallets, plans and credit notes): an object of string
 * keys whose values are strings or `null`.
 */
export const RecordMetadata = dict(nullable(t.string), 'RecordMetadata');
/** Record-level metadata, see {@link RecordMetadata}. */
export type RecordMetadata = t.TypeOf<typeof RecordMetadata>;

const KeyValueCodec = struct('KeyValue', { key: t.string, value: t.string }, {});
/** A `{key, value}` pair, see {@link KeyValue}. */
export interface KeyValue extends t.TypeOf<typeof KeyValueCodec> {}
/** A `{key, value}` pair (wallet transaction `metadata[]`, rule `transaction_metadata[]`). */
export const KeyValue = named<KeyValue>(KeyValueCodec);
