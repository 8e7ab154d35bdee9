/**
 * The event an expression reads: the usage event of the API (`UsageEvent`), of which the
 * expression language sees `properties`, `timestamp` and `code`; `transaction_id` names the
 * event in error messages. Evaluation never trusts these types: any value is handled without
 * throwing.
 */
export interface ExpressionEvent {
  readonly transaction_id: string;
  readonly code: string;
  /** ISO 8601 date-time with an offset (`2024-03-01T12:00:00Z`) or Unix seconds. */
  readonly timestamp: string | number;
  readonly properties?: Readonly<Record<string, unknown>> | undefined;
}
