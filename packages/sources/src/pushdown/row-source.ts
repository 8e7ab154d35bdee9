/**
 * A table of events as the pushdown compiler reads it: SQL expressions, over one row, for the
 * keys of an event and for each property, in the dialect of the table's database. Each
 * database's target (a DuckDB table or Parquet file, a ClickHouse events table) builds one.
 */

/**
 * How a row holds one property: `kind` is SQL giving one character, never NULL: `'s'` (a
 * string), `'d'` (a decimal column's text, whose form is not the one the rows give), `'n'` (a
 * JSON number), `'b'` (a boolean), `'z'` (null), `'o'` (an object or array), or `'a'`
 * (absent); `text` is SQL giving its text (the string, the number's digits, `true`/`false`).
 */
export interface PropertyRead {
  readonly kind: string;
  readonly text: string;
  /**
   * The kinds the rows can give (a typed column: its own and `'a'`); absent: any. The
   * compiler leaves out the doubts of kinds a column cannot give.
   */
  readonly kinds?: readonly string[];
  /**
   * A typed number column whose values SQL sums without their text: `value` is SQL of the
   * column (a `DECIMAL(p, s)` with `p` at most 18, or an integer of at most 64 bits), `scale`
   * its `s` (0 for an integer). Each value is then summed as it is (`Dialect.sumsTyped`) or
   * split into the exact parts arithmetically (no regular expression, no substrings): every
   * non-null value is a valid number.
   */
  readonly exact?: { readonly value: string; readonly scale: number };
  /**
   * A property held by one typed column: `column` is SQL of the column, and `at(alias)` the
   * same read (`kind`, `text`) over a copy of the column named `alias`. A compiler may carry
   * the column through a step as is (the deduplication) and read the property after it: one
   * column through the step, not its kind and its text.
   */
  readonly typed?: { readonly column: string; readonly at: (alias: string) => PropertyRead };
}

/** A table of events, read by SQL. */
export interface RowSource {
  /** The `FROM` clause's relation. */
  readonly from: string;
  /** The row's place in read order (the in-process reader's order), when the table has one. */
  readonly order: string | undefined;
  /** The `external_subscription_id` as text, `NULL` when the row names none. */
  readonly subscription: string;
  /**
   * The subscription as the table's sorting key holds it (`''` for none), when it has one: a
   * one-subscription run filters on it too, so it reads only that subscription's granules.
   */
  readonly subscriptionKey?: string;
  readonly transactionId: string;
  readonly code: string;
  /** The row's time in epoch milliseconds, `NULL` when its timestamp is not an instant. */
  readonly timeMs: string;
  /**
   * A row whose time is `NULL` is one the reader refuses before aggregation (so SQL cannot
   * count it as the engine would): it makes the run fall back. Otherwise it is an
   * `invalid_timestamp`.
   */
  readonly timeRequired: boolean;
  /**
   * Conditions under which a row is one that SQL does not read exactly as the in-process
   * reader does (properties it rejects before aggregation...), over the relation's columns and
   * those of {@link PropertyReads}: when a row of the metric meets one, the run falls back.
   */
  readonly doubts: readonly string[];
  /**
   * A condition on the table's own timestamp column that every row whose time is in
   * `[fromMs, endMs)` meets (`fromMs` undefined: every row before `endMs`), in a form the
   * database prunes on (Parquet row groups, ClickHouse partitions and sorting key): a
   * superset of the period's rows, never fewer; undefined when the column allows none.
   */
  periodRows?(fromMs: number | undefined, endMs: number): string | undefined;
  /** How the rows hold properties `keys`, or why they cannot be read in SQL (the run falls back). */
  properties(keys: readonly string[]): PropertyReads | string;
}

/** The reads of some properties. */
export interface PropertyReads {
  /** Columns computed once per row before the reads (`expr AS name`), e.g. a parsed JSON. */
  readonly columns: readonly string[];
  /** Each key's read, in the order asked, over the relation's columns and `columns`. */
  readonly reads: readonly PropertyRead[];
}
