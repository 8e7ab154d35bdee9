/**
 * What both adapters of the reducer answer, as text and headers: the Node server
 * (`createServer`) writes it on its socket, the fetch handler (`createFetchHandler`) wraps it in
 * a `Response`. One home for the headers, the JSON text, the `lago_` renaming and the answers
 * that need no API key, so the two answer the same bytes.
 */
import { type Timestamp, toLagoKeys } from '@feecast/models';
import type { Operations } from '../routes/operations';
import { type PortalAnswer, portalPage } from '../routes/portal';
import type { ServerState } from '../state/state';
import { isAnsweredAgain } from './answered-again';
import { openApiAnswer } from './openapi';
import { PORTAL_PREFIX, type PortalLinks } from './portal-token';
import type { ApiResponse } from './request';

/** The prefix of the generated ids' keys in the answers. */
export type IdPrefix = 'svc' | 'lago';

/** A whole answer: its status, its headers but `content-length`, and its text. */
export interface HttpAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
}

const SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

/** The headers of a JSON answer that adds none: one object for every such answer. */
const JSON_HEADERS: Readonly<Record<string, string>> = { ...SECURITY_HEADERS, ...JSON_TYPE };

/** Portal pages: inline CSS and SVG only, nothing to load, never framed. */
const PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
};

/**
 * The JSON text of each body object answered again as the same object (the usage answers kept
 * between two changes, usage-reports.ts, and the OpenAPI document: see answered-again.ts),
 * per prefix: a body is never changed once answered, so its text is written once. Other bodies
 * (an estimate, a list) are new objects on each request: their text is written and not kept.
 */
const TEXTS: Readonly<Record<IdPrefix, WeakMap<object, string>>> = {
  svc: new WeakMap(),
  lago: new WeakMap(),
};

function jsonText(body: unknown, idPrefix: IdPrefix): string {
  const texts = isAnsweredAgain(body) ? TEXTS[idPrefix] : undefined;
  const known = texts?.get(body as object);
  if (known !== undefined) return known;
  const text = JSON.stringify(idPrefix === 'lago' ? toLagoKeys(body) : body);
  texts?.set(body as object, text);
  return text;
}

/**
 * The JSON answer of `response`, its `svc_` keys renamed `lago_` when `idPrefix` is `lago`.
 *
 * @example
 * jsonAnswer({ status: 200, body: { svc_id: 'a' } }, 'lago').text; // '{"lago_id":"a"}'
 */
export function jsonAnswer(response: ApiResponse, idPrefix: IdPrefix): HttpAnswer {
  return {
    status: response.status,
    headers:
      response.headers === undefined
        ? JSON_HEADERS
        : { ...SECURITY_HEADERS, ...response.headers, ...JSON_TYPE },
    text: jsonText(response.body, idPrefix),
  };
}

function pageAnswer(page: PortalAnswer): HttpAnswer {
  return {
    status: page.status,
    headers: {
      ...(page.status === 405 ? { allow: 'GET, HEAD' } : {}),
      ...SECURITY_HEADERS,
      ...PAGE_HEADERS,
      ...page.headers,
      'content-type': 'text/html; charset=utf-8',
    },
    text: page.html,
  };
}

/**
 * The answer to a request that needs no API key, or `undefined` for any other: the OpenAPI
 * document (`GET /api/v1/openapi.json`: it holds no data) and the customer portal pages (their
 * token is the credential; they change nothing). `now` is read for a portal page only, so
 * that every other request costs no clock read here.
 *
 * @example
 * keylessAnswer({ method: 'GET', path: '/api/v1/openapi.json' }, state, () => now, defaultOperations, links)?.status; // 200
 * keylessAnswer({ method: 'GET', path: '/api/v1/plans' }, state, () => now, defaultOperations, links); // undefined
 */
export function keylessAnswer(
  request: { readonly method: string; readonly path: string },
  state: ServerState,
  now: () => Timestamp,
  operations: Operations,
  links: PortalLinks,
): HttpAnswer | undefined {
  const description = openApiAnswer(request.method, request.path);
  if (description !== undefined) return jsonAnswer(description, 'svc');
  if (!request.path.startsWith(PORTAL_PREFIX)) return undefined;
  const page = portalPage(state, request, now(), operations, links);
  return page === undefined ? undefined : pageAnswer(page);
}
