import * as t from 'io-ts';
import { envelope } from '../internal/envelope';
import { named } from '../internal/named';
import { struct } from '../internal/struct';
import { usageEventOptional } from '../internal/usage-event-optional';
import { EventTimestamp } from '../primitives/event-timestamp';

const UsageEventInputCodec = struct(
  'UsageEventInput',
  { transaction_id: t.string, code: t.string },
  { ...usageEventOptional, timestamp: EventTimestamp },
);
/** See {@link UsageEventInput}. */
export interface UsageEventInput extends t.TypeOf<typeof UsageEventInputCodec> {}
/**
 * A usage event sent to `POST /events`: like {@link UsageEvent}, except that `timestamp` may
 * be left out (the service then uses the time of reception).
 */
export const UsageEventInput = named<UsageEventInput>(UsageEventInputCodec);

const CreateEventRequestCodec = envelope('CreateEventRequest', { event: UsageEventInput }, {});
/** See {@link CreateEventRequest}. */
export interface CreateEventRequest extends t.TypeOf<typeof CreateEventRequestCodec> {}
/** The body of `POST /events`: `{"event": {...}}`. */
export const CreateEventRequest = named<CreateEventRequest>(CreateEventRequestCodec);
