/**
 * The columns of a table of events (CSV, Parquet): the event's own keys, its properties as one
 * `properties` column, or one `properties.<name>` column per property.
 */

/**
 * The columns of an event's own keys.
 *
 * @example
 * EVENT_COLUMNS.has('timestamp') // true
 */
export const EVENT_COLUMNS: ReadonlySet<string> = new Set([
  'transaction_id',
  'external_subscription_id',
  'external_customer_id',
  'code',
  'timestamp',
  'precise_total_amount_cents',
]);

/** The column of the properties as one JSON object. */
export const PROPERTIES = 'properties';

/** The prefix of a column holding one property. */
export const PROPERTY_PREFIX = 'properties.';
