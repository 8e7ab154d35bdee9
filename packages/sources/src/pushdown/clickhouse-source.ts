/**
 * A ClickHouse events table (`clickhouseEventsTable`, or a `Distributed` table over such
 * tables) as a {@link RowSource}: SQL that ClickHouse 18.16 and current releases both run.
 * The time is the table's `timestamp_ms` (the instant the loader read); the properties are
 * read from their JSON text with `visitParamExtract*`, which reads flat, compact JSON (as the
 * loader writes it): a row whose properties hold a nested object or array, or an escape, is
 * one SQL does not read exactly, and the run falls back to streaming the rows.
 */
import { clickhouseDialect } from './dialect';
import type { PropertyRead, RowSource } from './row-source';

const d = clickhouseDialect;

/** The last second a `DateTime` holds (2106-02-07T06:28:15Z): the loader refuses later rows. */
const MAX_DATETIME = 4_294_967_295;

/** A property name `visitParamExtract*` finds as written. */
const PLAIN_NAME = /^[A-Za-z0-9_]+$/;

function property(key: string): PropertyRead | string {
  if (!PLAIN_NAME.test(key)) {
    return `the property name ${JSON.stringify(key)} is not read by visitParamExtract: only letters, digits and _ are`;
  }
  const name = d.string(key);
  const raw = `visitParamExtractRaw(properties, ${name})`;
  const first = `substring(${raw}, 1, 1)`;
  return {
    kind: `multiIf(NOT visitParamHas(properties, ${name}), 'a', ${raw} = 'null', 'z', ${raw} IN ('true', 'false'), 'b', ${first} = '"', 's', ${first} IN ('{', '['), 'o', 'n')`,
    text: `if(${first} = '"', visitParamExtractString(properties, ${name}), ${raw})`,
  };
}

/** The row source of the quoted ClickHouse events table `table`. */
export function clickhouseRowSource(table: string): RowSource {
  return {
    from: table,
    order: undefined,
    subscription: 'external_subscription_id',
    subscriptionKey: "ifNull(external_subscription_id, '')",
    transactionId: 'transaction_id',
    code: 'code',
    timeMs: 'timestamp_ms',
    timeRequired: false,
    doubts: [`properties != '' AND NOT ${d.matches('properties', '\\{[^{}\\[\\]\\\\]*\\}')}`],
    // The `DateTime` of the partitions and the sorting key, whole seconds of `timestamp_ms`.
    periodRows: (fromMs, endMs) => {
      const seconds = (s: number) => Math.min(Math.max(s, 0), MAX_DATETIME);
      // A row's `timestamp` is its instant's second, rounded down.
      const bounds = [`timestamp < toDateTime(${seconds(Math.ceil(endMs / 1000))})`];
      if (fromMs !== undefined) {
        bounds.unshift(`timestamp >= toDateTime(${seconds(Math.floor(fromMs / 1000))})`);
      }
      return bounds.join(' AND ');
    },
    properties(keys) {
      const reads: PropertyRead[] = [];
      for (const key of keys) {
        const read = property(key);
        if (typeof read === 'string') return read;
        reads.push(read);
      }
      return { columns: [], reads };
    },
  };
}
