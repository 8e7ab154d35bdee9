import type * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import * as models from '../src/index';
import {
  Cents,
  CurrencyCode,
  DecimalString,
  decode,
  EventTimestamp,
  FiniteNumber,
  Integer,
  IsoDate,
  NonNegativeInteger,
  NonNegativeNumber,
  PositiveInteger,
  Rate,
  Timestamp,
  Uuid,
} from '../src/index';

/** For each primitive: values it accepts and values it refuses. */
const table: [name: string, codec: t.Mixed, accepted: unknown[], refused: unknown[]][] = [
  [
    'Uuid',
    Uuid,
    ['66a81770-c736-48e0-9785-c276e2366448', '66A81770-C736-48E0-9785-C276E2366448'],
    [
      '',
      'hooli_1234',
      '66a81770c73648e09785c276e2366448',
      ' 66a81770-c736-48e0-9785-c276e2366448',
      1,
    ],
  ],
  [
    'Timestamp',
    Timestamp,
    [
      '2025-01-15T10:00:00Z',
      '2025-01-15T10:00:00.000Z',
      '2025-01-15T10:00:00+00:00',
      '2025-03-10T12:30:45.123Z',
      '2025-04-14T23:59:59.999Z',
      '2024-02-29T00:00:00Z',
      '2000-02-29T23:59:59+00:00',
    ],
    [
      '2025-01-15',
      '2025-01-15T10:00:00',
      '2025-01-15 10:00:00Z',
      '2025-01-15T10:00Z',
      '2025-01-15T10:00:00+02:00',
      '2025-01-15T10:00:00-00:00',
      '2025-01-15T10:00:00.Z',
      '2025-02-29T10:00:00Z',
      '1900-02-29T10:00:00Z',
      '2025-04-31T10:00:00Z',
      '2025-13-01T10:00:00Z',
      '2025-01-15T24:00:00Z',
      '2025-01-15T10:60:00Z',
      '2025-01-15T10:00:60Z',
      'Sat, 15 Mar 2025 00:05:12 GMT',
      '15/01/2025 10:00',
      1736935200,
      null,
    ],
  ],
  [
    'IsoDate',
    IsoDate,
    ['2025-03-15', '2024-02-29', '2000-02-29'],
    ['15-03-2025', '2025-3-15', '2025-02-29', '2025-00-10', '2025-03-15T00:00:00Z', 20250315],
  ],
  [
    'DecimalString',
    DecimalString,
    ['12.3456', '10.0', '0', '-0.5', '1e-3', '2E+4', '007'],
    ['', ' 1', '1 ', '+1', '.5', '1.', '1,5', 'NaN', 'Infinity', '0x1A', '1e', '--1', 12.3456],
  ],
  [
    'Cents',
    Cents,
    [0, 1000, -250, Number.MAX_SAFE_INTEGER],
    ['1000', 800.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, null, true],
  ],
  ['CurrencyCode', CurrencyCode, ['USD', 'EUR'], ['usd', 'US', 'EURO', 'U$D', '', 840]],
  ['FiniteNumber', FiniteNumber, [0, 5.5, -1e300], [Number.NaN, Number.NEGATIVE_INFINITY, '5']],
  ['NonNegativeNumber', NonNegativeNumber, [0, 0.1, 5], [-0.1, Number.NaN, '0']],
  ['Integer', Integer, [0, -3, 42], [3.5, '3', Number.NaN]],
  ['NonNegativeInteger', NonNegativeInteger, [0, 70], [-1, 1.5, '2']],
  ['PositiveInteger', PositiveInteger, [1, 3], [0, -2, 1.5, '1']],
  ['Rate', Rate, [20, 20.0, 5.5, 0], ['20.0', Number.NaN, null]],
  [
    'EventTimestamp',
    EventTimestamp,
    [1741996800, 1741996800.5, '1741996800', '1741996800.123', '2025-03-15T00:00:00Z'],
    [-1, Number.POSITIVE_INFINITY, '', '2025-03-15', 'yesterday', null, true],
  ],
];

describe.each(table)('%s', (name, codec, accepted, refused) => {
  it.each(accepted.map((value) => [JSON.stringify(value) ?? String(value), value]))(
    'accepts %s and keeps it as sent',
    (_shown, value) => {
      const result = decode(codec, value);
      expect(result).toEqual({ _tag: 'Right', right: value });
    },
  );

  it('its predicate (is + the name) accepts and refuses the same values', () => {
    const predicate = (models as unknown as Record<string, (u: unknown) => boolean>)[`is${name}`];
    for (const value of accepted) expect(predicate?.(value)).toBe(true);
    for (const value of refused) expect(predicate?.(value)).toBe(false);
  });

  it.each(refused.map((value) => [String(JSON.stringify(value) ?? value), value]))(
    'refuses %s, naming what it expected',
    (_shown, value) => {
      const result = decode(codec, value);
      if (result._tag === 'Right') throw new Error(`${name} accepted ${String(value)}`);
      expect(result.left.problems).toEqual([{ path: '$', expected: name, actual: value }]);
    },
  );
});
