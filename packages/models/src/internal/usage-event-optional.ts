import * as t from 'io-ts';
import { DecimalString } from '../primitives/decimal-string';
import { EventProperties } from '../resources/event-properties';
import { nullable } from './nullable';

/** The keys a usage event may carry besides its required ones (shared by the event codecs). */
export const usageEventOptional = {
  external_subscription_id: t.string,
  external_customer_id: t.string,
  properties: EventProperties,
  precise_total_amount_cents: nullable(DecimalString),
};
