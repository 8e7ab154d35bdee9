import type * as t from 'io-ts';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { NonNegativeInteger, PositiveInteger } from '../primitives/numbers';

const PaginationMetaCodec = struct(
  'PaginationMeta',
  {
    current_page: NonNegativeInteger,
    next_page: nullable(PositiveInteger),
    prev_page: nullable(PositiveInteger),
    total_pages: NonNegativeInteger,
    total_count: NonNegativeInteger,
  },
  {},
);
/** See {@link PaginationMeta}. */
export interface PaginationMeta extends t.TypeOf<typeof PaginationMetaCodec> {}
/**
 * The pagination envelope `meta` of list responses. Pages count from 1; an empty list
 * reads `current_page: 0, total_pages: 0`. `next_page` / `prev_page` are `null` on the last /
 * first page.
 */
export const PaginationMeta = named<PaginationMeta>(PaginationMetaCodec);
