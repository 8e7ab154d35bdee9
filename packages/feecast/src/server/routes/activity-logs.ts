/**
 * `GET /activity_logs` (with every documented filter) and `GET /activity_logs/{activity_id}`.
 */
import type { ActivityLog } from '@feecast/models';
import { isLeft, right } from 'fp-ts/lib/Either.js';
import { pageRequest, paginate } from '../http/pagination';
import { getOne } from '../http/path-resource';
import { type QueryValues, queryValue, queryValues } from '../http/query';
import { newestFirst } from '../state/order';
import { type Handler, unchanged } from './handler';

function anyOf(values: readonly string[], value: string | null): boolean {
  return values.length === 0 || (value !== null && values.includes(value));
}

function matches(log: ActivityLog, query: QueryValues): boolean {
  const from = queryValue(query, 'from_date');
  const to = queryValue(query, 'to_date');
  const day = log.logged_at.slice(0, 10);
  const customer = queryValue(query, 'external_customer_id');
  const subscription = queryValue(query, 'external_subscription_id');
  return (
    (from === undefined || day >= from) &&
    (to === undefined || day <= to) &&
    anyOf(queryValues(query, 'activity_types[]'), log.activity_type) &&
    anyOf(queryValues(query, 'activity_sources[]'), log.activity_source) &&
    anyOf(queryValues(query, 'user_emails[]'), log.user_email) &&
    anyOf(queryValues(query, 'resource_ids[]'), log.resource_id) &&
    anyOf(queryValues(query, 'resource_types[]'), log.resource_type) &&
    (customer === undefined || log.external_customer_id === customer) &&
    (subscription === undefined || log.external_subscription_id === subscription)
  );
}

/**
 * `GET /activity_logs`: newest first, paginated; `from_date` / `to_date` bound the UTC day
 * of `logged_at` (inclusive); each array filter keeps the logs whose field is one of its
 * values; `external_customer_id` / `external_subscription_id` match exactly.
 *
 * @example
 * listActivityLogs({ ..., query: new Map([['activity_types[]', ['wallet.updated']]]) });
 */
export const listActivityLogs: Handler<undefined> = (input) => {
  const page = pageRequest(input.query);
  if (isLeft(page)) return page;
  const items = newestFirst(
    input.state.activity_logs.filter((log) => matches(log, input.query)),
    (log) => log.logged_at,
  );
  const { items: pageItems, meta } = paginate(items, page.right);
  return right(unchanged(input.state, { activity_logs: pageItems, meta }));
};

/**
 * `GET /activity_logs/{activity_id}`: 404 `activity_log_not_found`.
 *
 * @example
 * getActivityLog({ ..., params: new Map([['activity_id', id]]) }); // right({ body: { activity_log } })
 */
export const getActivityLog = getOne('activity_logs', 'activity_id', 'activity_log');
