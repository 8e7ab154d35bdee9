/**
 * Routing: a method and a path to an operation of the endpoint table (`@feecast/models`
 * `endpoints`), with its path parameters decoded. Every operation lives under `/api/v1`.
 */
import { type Endpoint, endpoints, type OperationId } from '@feecast/models';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { type ApiErrorResponse, methodNotAllowed, notFound } from './api-error';

/** The prefix of every path of the API. */
export const API_PREFIX = '/api/v1';

/** A matched operation: its id, its table entry and its path parameters. */
export interface Route {
  readonly operation: OperationId;
  readonly endpoint: Endpoint;
  readonly params: ReadonlyMap<string, string>;
}

interface Pattern {
  readonly operation: OperationId;
  readonly endpoint: Endpoint;
  /** Each segment: a literal, or a parameter name in braces. */
  readonly segments: readonly { readonly literal?: string; readonly param?: string }[];
}

const PATTERNS: readonly Pattern[] = (Object.keys(endpoints) as OperationId[]).map((operation) => {
  const endpoint: Endpoint = endpoints[operation];
  const segments = endpoint.path
    .split('/')
    .slice(1)
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment)?.[1];
      return param === undefined ? { literal: segment } : { param };
    });
  return { operation, endpoint, segments };
});

/** Whether `parts` have the pattern's length and literals (nothing allocated: most patterns fail here). */
function fits(pattern: Pattern, parts: readonly string[]): boolean {
  if (pattern.segments.length !== parts.length) return false;
  for (let i = 0; i < parts.length; i++) {
    const segment = pattern.segments[i];
    const part = parts[i] ?? '';
    if (segment?.literal !== undefined ? segment.literal !== part : part === '') return false;
  }
  return true;
}

/** The path parameters of `parts`, which {@link fits} the pattern. */
function paramsOf(pattern: Pattern, parts: readonly string[]): Map<string, string> {
  const params = new Map<string, string>();
  for (const [i, segment] of pattern.segments.entries()) {
    if (segment.param !== undefined) params.set(segment.param, parts[i] ?? '');
  }
  return params;
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * The operation that `method` and `path` name: a 404 `route_not_found` when no operation
 * has that path, a 405 `method_not_allowed` (with the allowed methods) when operations have
 * that path but not that method. `HEAD` names the `GET` operation of the path (HTTP's GET
 * without a body), so every path with a GET also allows HEAD.
 *
 * @example
 * route('PUT', '/api/v1/wallets/66a81770-c736-48e0-9785-c276e2366448');
 * // right({ operation: 'updateWallet', params: Map { 'svc_id' => '66a8...' }, ... })
 * route('GET', '/api/v1/wallets/66a8...'); // left: 405, allowed PUT
 * route('HEAD', '/api/v1/plans'); // right({ operation: 'listPlans', ... })
 */
export function route(
  method: string,
  path: string,
): Either<{ readonly error: ApiErrorResponse; readonly allow?: readonly string[] }, Route> {
  if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`)) {
    return left({ error: notFound('route') });
  }
  const raw = path.slice(API_PREFIX.length).replace(/\/$/, '').split('/').slice(1);
  const parts: string[] = [];
  for (const segment of raw) {
    const decoded = decodeSegment(segment);
    if (decoded === undefined) return left({ error: notFound('route') });
    parts.push(decoded);
  }
  const wanted = method === 'HEAD' ? 'GET' : method;
  const allow: string[] = [];
  for (const pattern of PATTERNS) {
    if (!fits(pattern, parts)) continue;
    if (pattern.endpoint.method === wanted) {
      const params = paramsOf(pattern, parts);
      return right({ operation: pattern.operation, endpoint: pattern.endpoint, params });
    }
    allow.push(pattern.endpoint.method);
    if (pattern.endpoint.method === 'GET') allow.push('HEAD');
  }
  if (allow.length > 0) {
    return left({ error: methodNotAllowed('method_not_allowed'), allow: [...new Set(allow)] });
  }
  return left({ error: notFound('route') });
}
