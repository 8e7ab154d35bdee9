import * as t from 'io-ts';
import { envelope } from '../internal/envelope';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { DecimalString } from '../primitives/decimal-string';
import { EventTimestamp } from '../primitives/event-timestamp';
import { EventProperties } from '../resources/event-properties';

const EstimateFeesEventCodec = struct(
  'EstimateFeesEvent',
  { code: t.string, external_subscription_id: t.string },
  {
    properties: EventProperties,
    transaction_id: t.string,
    timestamp: EventTimestamp,
    precise_total_amount_cents: nullable(DecimalString),
  },
);
/** See {@link EstimateFeesEvent}. */
export interface EstimateFeesEvent extends t.TypeOf<typeof EstimateFeesEventCodec> {}
/** A hypothetical event to price: the metric `code` and the subscription are required. */
export const EstimateFeesEvent = named<EstimateFeesEvent>(EstimateFeesEventCodec);

const EstimateFeesRequestCodec = envelope('EstimateFeesRequest', { event: EstimateFeesEvent }, {});
/** See {@link EstimateFeesRequest}. */
export interface EstimateFeesRequest extends t.TypeOf<typeof EstimateFeesRequestCodec> {}
/** The body of `POST /events/estimate_fees`: `{"event": {...}}`. */
export const EstimateFeesRequest = named<EstimateFeesRequest>(EstimateFeesRequestCodec);
