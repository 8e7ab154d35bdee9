/** What a Parquet events file holds, for the hints of its errors. */
export const PARQUET_HINT =
  'a Parquet events file has one row per event, with columns transaction_id, external_subscription_id, code, timestamp (a TIMESTAMP, ISO 8601 text or unix seconds), and the properties as properties.<name> columns or one properties column (JSON text, a struct or a map).';
