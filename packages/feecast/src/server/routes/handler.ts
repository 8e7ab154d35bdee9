/**
 * The shape of an operation's handler: the state, the decoded request and `now` in; the new
 * state and the response body out, or an API error (and then the state is unchanged).
 */
import type { Timestamp } from '@feecast/models';
import type { Either } from 'fp-ts/lib/Either.js';
import type { ApiErrorResponse } from '../http/api-error';
import type { PortalLinks } from '../http/portal-token';
import type { QueryValues } from '../http/query';
import type { ServerState } from '../state/state';
import type { Operations } from './operations';

/** What a handler gets. */
export interface HandlerInput<Body> {
  readonly state: ServerState;
  readonly now: Timestamp;
  /** The path parameters, decoded (`svc_id`, `code`...). */
  readonly params: ReadonlyMap<string, string>;
  readonly query: QueryValues;
  /** The decoded request body (`undefined` for operations without one). */
  readonly body: Body;
  /** Where the server is reached (`http://127.0.0.1:3000`). */
  readonly origin: string;
  readonly operations: Operations;
  /** Signs the tokens of customer portal links. */
  readonly portal: PortalLinks;
}

/** What a successful handler returns: the new state (the same object when nothing changed). */
export interface HandlerOutput {
  readonly state: ServerState;
  readonly body: unknown;
}

/** A handler of one operation. */
export type Handler<Body> = (input: HandlerInput<Body>) => Either<ApiErrorResponse, HandlerOutput>;

/**
 * A path parameter (the router guarantees every parameter of the path is there).
 *
 * @example
 * pathParam(input, 'svc_id'); // '66a81770-c736-48e0-9785-c276e2366448'
 */
export function pathParam(
  input: { readonly params: ReadonlyMap<string, string> },
  name: string,
): string {
  return input.params.get(name) ?? '';
}

/**
 * A read-only answer: the state unchanged and `body`.
 *
 * @example
 * return right(unchanged(input.state, { plans, meta }));
 */
export function unchanged(state: ServerState, body: unknown): HandlerOutput {
  return { state, body };
}
