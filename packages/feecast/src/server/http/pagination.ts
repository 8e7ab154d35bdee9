/**
 * Pagination of list responses: `page` (from 1) and `per_page` (1 to {@link MAX_PER_PAGE},
 * default {@link DEFAULT_PER_PAGE}), and the `meta` envelope. An empty list reads
 * `current_page: 0, total_pages: 0` as the reference sends it; a page past the end is empty
 * with `next_page` and `prev_page` null.
 */
import type { PaginationMeta } from '@feecast/models';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { type ApiErrorResponse, validationErrors } from './api-error';
import { type QueryValues, queryValue } from './query';

/** `per_page` when not given. */
export const DEFAULT_PER_PAGE = 20;
/** The largest `per_page` accepted. */
export const MAX_PER_PAGE = 100;

/** One page of a list and its `meta`. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly meta: PaginationMeta;
}

/** The requested page: `page` and `per_page`, checked. */
export interface PageRequest {
  readonly page: number;
  readonly perPage: number;
}

/**
 * Reads `page` and `per_page` (already checked as integers by `readQuery`): a 422 when
 * `page` is below 1 or `per_page` outside 1..{@link MAX_PER_PAGE}.
 *
 * @example
 * pageRequest(new Map([['page', ['2']]])); // right({ page: 2, perPage: 20 })
 * pageRequest(new Map([['per_page', ['0']]])); // left: 422 { per_page: ['value_is_out_of_range'] }
 */
export function pageRequest(query: QueryValues): Either<ApiErrorResponse, PageRequest> {
  // Not money: page numbers, checked as integers of at most 15 digits by readQuery.
  const page = Number(queryValue(query, 'page') ?? '1');
  const perPage = Number(queryValue(query, 'per_page') ?? String(DEFAULT_PER_PAGE));
  const details: Record<string, string[]> = {};
  if (page < 1) details.page = ['value_is_out_of_range'];
  if (perPage < 1 || perPage > MAX_PER_PAGE) details.per_page = ['value_is_out_of_range'];
  return Object.keys(details).length > 0
    ? left(validationErrors(details))
    : right({ page, perPage });
}

/**
 * One page of `items` and its `meta`.
 *
 * @example
 * paginate(['a', 'b', 'c'], { page: 2, perPage: 2 });
 * // { items: ['c'], meta: { current_page: 2, next_page: null, prev_page: 1, total_pages: 2, total_count: 3 } }
 */
export function paginate<T>(items: readonly T[], request: PageRequest): Page<T> {
  const total = items.length;
  if (total === 0) {
    return { items: [], meta: meta(0, null, null, 0, 0) };
  }
  const totalPages = Math.ceil(total / request.perPage);
  const start = (request.page - 1) * request.perPage;
  const inRange = request.page <= totalPages;
  return {
    items: inRange ? items.slice(start, start + request.perPage) : [],
    meta: meta(
      request.page,
      inRange && request.page < totalPages ? request.page + 1 : null,
      inRange && request.page > 1 ? request.page - 1 : null,
      totalPages,
      total,
    ),
  };
}

function meta(
  current: number,
  next: number | null,
  prev: number | null,
  totalPages: number,
  totalCount: number,
): PaginationMeta {
  return {
    current_page: current,
    next_page: next,
    prev_page: prev,
    total_pages: totalPages,
    total_count: totalCount,
  } as PaginationMeta;
}
