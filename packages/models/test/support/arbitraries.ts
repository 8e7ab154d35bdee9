import fc from 'fast-check';
import * as t from 'io-ts';
import {
  Cents,
  CurrencyCode,
  DecimalString,
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
} from '../../src/index';

/**
 * Arbitraries of wire values, derived from the codecs themselves: objects, optional keys,
 * arrays, records, enums, literals and unions are read off the codec's structure, so the
 * generated values follow the definitions and cannot drift from them. Only the branded
 * primitives (refinements, whose predicate cannot be inverted) come from the table below; a
 * refinement missing from it makes `arbitraryOf` throw, so adding a primitive without its
 * generator fails the property tests.
 */

const instant = fc.date({
  min: new Date('1900-01-01T00:00:00.000Z'),
  max: new Date('2199-12-31T23:59:59.999Z'),
  noInvalidDate: true,
});

/** The three forms the service sends: `...Z`, `....000Z`, `...+00:00`. */
const timestamp = fc.tuple(instant, fc.constantFrom('Z', 'ms', '+00:00')).map(([date, form]) => {
  const iso = date.toISOString();
  if (form === 'ms') return iso;
  return `${iso.slice(0, 19)}${form}`;
});

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });

/** `-?\d+(\.\d+)?([eE][+-]?\d+)?` */
const decimal = fc
  .tuple(
    fc.boolean(),
    digits(1, 12),
    fc.option(digits(1, 8), { nil: undefined }),
    fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), digits(1, 2)), {
      nil: undefined,
    }),
  )
  .map(
    ([negative, integer, fraction, exponent]) =>
      `${negative ? '-' : ''}${integer}${fraction === undefined ? '' : `.${fraction}`}${
        exponent === undefined ? '' : exponent.join('')
      }`,
  );

const finite = fc.double({ noNaN: true, noDefaultInfinity: true });

/** The generator of each branded primitive, keyed by the codec object itself. */
export const primitives = new Map<t.Mixed, fc.Arbitrary<unknown>>([
  [Uuid, fc.uuid()],
  [Timestamp, timestamp],
  [IsoDate, instant.map((date) => date.toISOString().slice(0, 10))],
  [DecimalString, decimal],
  [Cents, fc.maxSafeInteger()],
  [CurrencyCode, fc.stringMatching(/^[A-Z]{3}$/)],
  [FiniteNumber, finite],
  [NonNegativeNumber, fc.double({ min: 0, noNaN: true, noDefaultInfinity: true })],
  [Integer, fc.maxSafeInteger()],
  [NonNegativeInteger, fc.maxSafeNat()],
  [PositiveInteger, fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })],
  [Rate, finite],
  [
    EventTimestamp,
    fc.oneof(
      timestamp,
      fc.maxSafeNat(),
      fc.tuple(digits(1, 10), fc.option(digits(1, 3))).map(([s, f]) => (f ? `${s}.${f}` : s)),
    ),
  ],
]);

const cache = new Map<t.Mixed, fc.Arbitrary<unknown>>();

/** An arbitrary of the wire values `codec` accepts, derived from its structure. */
export function arbitraryOf(codec: t.Mixed): fc.Arbitrary<unknown> {
  const cached = cache.get(codec);
  if (cached !== undefined) return cached;
  const built = build(codec);
  cache.set(codec, built);
  return built;
}

function mapValues(props: t.Props): Record<string, fc.Arbitrary<unknown>> {
  return Object.fromEntries(Object.entries(props).map(([key, value]) => [key, arbitraryOf(value)]));
}

function build(codec: t.Mixed): fc.Arbitrary<unknown> {
  const primitive = primitives.get(codec);
  if (primitive !== undefined) return primitive;
  if (codec instanceof t.InterfaceType) return fc.record(mapValues(codec.props as t.Props));
  if (codec instanceof t.PartialType) {
    return fc.record(mapValues(codec.props as t.Props), { requiredKeys: [] });
  }
  if (codec instanceof t.IntersectionType) {
    const parts = (codec.types as t.Mixed[]).map(arbitraryOf);
    return fc.tuple(...parts).map((objects) => {
      const merged: Record<string, unknown> = {};
      for (const part of objects) Object.assign(merged, part);
      return merged;
    });
  }
  if (codec instanceof t.UnionType) {
    return fc.oneof(...(codec.types as t.Mixed[]).map(arbitraryOf));
  }
  if (codec instanceof t.ArrayType) {
    return fc.array(arbitraryOf(codec.type as t.Mixed), { maxLength: 2 });
  }
  if (codec instanceof t.TupleType) return fc.tuple(...(codec.types as t.Mixed[]).map(arbitraryOf));
  if (codec instanceof t.DictionaryType) {
    return fc.dictionary(fc.string(), arbitraryOf(codec.codomain as t.Mixed), { maxKeys: 3 });
  }
  if (codec instanceof t.KeyofType) return fc.constantFrom(...Object.keys(codec.keys as object));
  if (codec instanceof t.LiteralType) return fc.constant(codec.value);
  if (codec instanceof t.NullType) return fc.constant(null);
  if (codec instanceof t.StringType) return fc.string();
  if (codec instanceof t.NumberType) return finite;
  if (codec instanceof t.BooleanType) return fc.boolean();
  if (codec instanceof t.UnknownType) return fc.jsonValue({ maxDepth: 2 });
  if (codec instanceof t.AnyDictionaryType) {
    return fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
  }
  throw new Error(`no arbitrary for the codec ${codec.name}: add its generator to \`primitives\``);
}
