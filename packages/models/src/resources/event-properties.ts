import * as t from 'io-ts';
import { dict } from '../internal/dict';

/** An event's custom properties: string keys to any JSON value. */
export const EventProperties = dict(t.unknown, 'EventProperties');
/** See {@link EventProperties}. */
export type EventProperties = t.TypeOf<typeof EventProperties>;
