/**
 * A table of events as the pushdown compiler reads it: SQL expressions, over one row, for the
 * keys of an event and for each property, in the dialect of the table's database. Each
 * database's target (a DuckDB table or Parquet file, a ClickHouse events table) builds one.
 */

/**
 * How a row holds one property: `kind` is SQL giving `'s'` (a string), `'d'` (a decimal
 * column's text, whose form is not the one the rows give), `'n'` (a JSON number), `'b'` (a
 * boolean), `'z'` (null), `'o'` (an object or array), or `NULL` (absent); `text` is SQL giving
 * its text (the string, the number's digits, `true`/`false`).
 */
export interface PropertyRead {
  readonly kind: string;
  readonly text: string;
}

/** A table of events, read by SQL. */
export interface RowSource {
  /** The `FROM` clause's relation. */
  readonly from: string;
  /** The row's place in read order (the in-process reader's order), when the table has one. */
  readonly order: string | undefined;
  /** The `external_subscription_id` as text, `NULL` when the row names none. */
  readonly subscription: string;
  readonly transactionId: string;
  readonly code: string;
  /** The row's time in epoch milliseconds, `NULL` when its timestamp is not an instant. */
  readonly timeMs: string;
  /**
   * Conditions under which a row is one that SQL does not read exactly as the in-process
   * reader does (a timestamp or properties it rejects before aggregation...): when a row of
   * the metric meets one, the run falls back to streaming the rows.
   */
  readonly doubts: readonly string[];
  /** How the row holds property `key`, or why it cannot be read in SQL (the run falls back). */
  property(key: string): PropertyRead | string;
}
