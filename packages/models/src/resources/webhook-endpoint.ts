import * as t from 'io-ts';
import { SignatureAlgo } from '../enums';
import { array } from '../internal/array';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { Timestamp } from '../primitives/timestamp';
import { Uuid } from '../primitives/uuid';

const WebhookEndpointCodec = struct(
  'WebhookEndpoint',
  { svc_id: Uuid, svc_organization_id: Uuid, webhook_url: t.string, created_at: Timestamp },
  {
    signature_algo: SignatureAlgo,
    name: nullable(t.string),
    event_types: nullable(array(t.string)),
  },
);
/** A webhook endpoint, see {@link WebhookEndpoint}. */
export interface WebhookEndpoint extends t.TypeOf<typeof WebhookEndpointCodec> {}
/** A webhook endpoint: where notifications are sent and how they are signed. */
export const WebhookEndpoint = named<WebhookEndpoint>(WebhookEndpointCodec);
