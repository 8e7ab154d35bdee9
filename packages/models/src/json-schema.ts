/**
 * JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) of the codecs of this package, read
 * from the codecs themselves: objects with their required and optional keys (extra keys
 * allowed, as the codecs keep them), arrays, records, enums, `null`-able values, unions, and
 * the wire primitives with their patterns (decimals are strings with the decimal pattern,
 * `*_cents` integers, UUIDs, timestamps and dates strings with theirs).
 */
import type * as t from 'io-ts';
import {
  CURRENCY_CODE_PATTERN,
  DECIMAL_STRING_PATTERN,
  ISO_DATE_PATTERN,
  TIMESTAMP_PATTERN,
  UNIX_SECONDS_PATTERN,
  UUID_PATTERN,
} from './internal/patterns';

/** A JSON Schema object. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** The meta-schema of the dialect the schemas are written in. */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** What each branded primitive adds to the schema of the type it refines. */
const BRANDS: Readonly<Record<string, JsonSchema>> = {
  DecimalString: { type: 'string', pattern: DECIMAL_STRING_PATTERN },
  Uuid: { type: 'string', format: 'uuid', pattern: UUID_PATTERN },
  Timestamp: { type: 'string', format: 'date-time', pattern: TIMESTAMP_PATTERN },
  IsoDate: { type: 'string', format: 'date', pattern: ISO_DATE_PATTERN },
  CurrencyCode: { type: 'string', pattern: CURRENCY_CODE_PATTERN },
  Cents: { type: 'integer' },
  Integer: { type: 'integer' },
  NonNegativeInteger: { type: 'integer', minimum: 0 },
  PositiveInteger: { type: 'integer', minimum: 1 },
  FiniteNumber: { type: 'number' },
  NonNegativeNumber: { type: 'number', minimum: 0 },
  Rate: { type: 'number' },
  EventTimestamp: {
    anyOf: [
      { type: 'string', pattern: UNIX_SECONDS_PATTERN },
      { type: 'string', format: 'date-time', pattern: TIMESTAMP_PATTERN },
      { type: 'number', minimum: 0 },
    ],
  },
};

/** io-ts's own codecs, described inline, never named. */
const BUILT_IN = new Set([
  'StringType',
  'NumberType',
  'BooleanType',
  'NullType',
  'UnknownType',
  'AnyType',
  'UnknownRecordType',
  'UnknownArrayType',
  'LiteralType',
  'KeyofType',
]);

/** The schema of what is not a codec: it accepts no value, and says why. */
const NOT_A_CODEC: JsonSchema = { not: {}, description: 'Not an io-ts codec: no value is valid.' };

/** A codec named like a type (`Wallet`, `DecimalString`) gets its own schema, referenced. */
const TYPE_NAME = /^[A-Z][A-Za-z0-9]*$/;

/** The parts of io-ts's codec classes that the schemas are read from. */
interface Anatomy {
  readonly _tag?: string;
  readonly name: string;
  readonly type?: t.Mixed;
  readonly types?: readonly t.Mixed[];
  readonly props?: t.Props;
  readonly codomain?: t.Mixed;
  readonly value?: unknown;
  readonly keys?: Record<string, unknown>;
}

/** Builds the schemas of several codecs that share named definitions (see {@link jsonSchemaBuilder}). */
export interface JsonSchemaBuilder {
  /**
   * The schema of `codec`: a `$ref` to its definition when the codec is named like a type,
   * else the schema itself (referencing the definitions of the named codecs inside it).
   */
  readonly schemaOf: (codec: t.Decoder<unknown, unknown>) => JsonSchema;
  /** Every definition referenced so far, by name. */
  readonly definitions: () => Readonly<Record<string, JsonSchema>>;
}

/**
 * A builder of JSON Schemas for codecs, whose named codecs (`Wallet`, `Fee`, `DecimalString`:
 * a name like a type) become definitions referenced as `${refPrefix}${name}`
 * (`#/components/schemas/Fee` in an OpenAPI document, `#/$defs/Fee` in a schema). Two
 * different codecs with one name get `Name` and `Name2`. A `refPrefix` that is not a string is
 * taken as `#/$defs/`.
 *
 * @example
 * const builder = jsonSchemaBuilder('#/components/schemas/');
 * builder.schemaOf(WalletResponse) // => { $ref: '#/components/schemas/WalletResponse' }
 *
 * // Every named codec inside it is a definition too: the wallet, its ids, its currency...
 * builder.definitions().Uuid // ~> { type: 'string', format: 'uuid' }
 * builder.definitions().Wallet // ~> { type: 'object' }
 */
export function jsonSchemaBuilder(refPrefix: string): JsonSchemaBuilder {
  const prefix = typeof refPrefix === 'string' ? refPrefix : '#/$defs/';
  const names = new Map<t.Mixed, string>();
  const taken = new Set<string>();
  const definitions: Record<string, JsonSchema> = {};

  const nameOf = (codec: t.Mixed): string => {
    const known = names.get(codec);
    if (known !== undefined) return known;
    let name = codec.name;
    for (let n = 2; taken.has(name); n++) name = `${codec.name}${n}`;
    names.set(codec, name);
    taken.add(name);
    // Set before describing, so that a codec reached again inside itself is a reference.
    definitions[name] = {};
    definitions[name] = describe(codec);
    return name;
  };

  const schemaOf = (decoder: t.Decoder<unknown, unknown>): JsonSchema => {
    // Every codec of this package is a `t.Type`; a decoder is the least the table promises.
    const codec = decoder as t.Mixed;
    const { _tag: tag } = codec as unknown as Anatomy;
    if (TYPE_NAME.test(codec.name) && !BUILT_IN.has(tag ?? '')) {
      return { $ref: `${prefix}${nameOf(codec)}` };
    }
    return describe(codec);
  };

  /** Properties and required keys of an object codec made of `type` and `partial` halves. */
  const objectOf = (codec: t.Mixed): JsonSchema | undefined => {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    const add = (part: t.Mixed): boolean => {
      const anatomy = part as unknown as Anatomy;
      if (anatomy._tag === 'IntersectionType') return (anatomy.types ?? []).every(add);
      if (anatomy._tag !== 'InterfaceType' && anatomy._tag !== 'PartialType') return false;
      for (const [key, value] of Object.entries(anatomy.props ?? {})) {
        properties[key] = schemaOf(value);
        if (anatomy._tag === 'InterfaceType' && !required.includes(key)) required.push(key);
      }
      return true;
    };
    if (!add(codec)) return undefined;
    return {
      type: 'object',
      properties,
      ...(required.length > 0 ? { required } : {}),
    };
  };

  const describe = (codec: t.Mixed): JsonSchema => {
    const anatomy = codec as unknown as Anatomy;
    switch (anatomy._tag) {
      case 'StringType':
        return { type: 'string' };
      case 'NumberType':
        return { type: 'number' };
      case 'BooleanType':
        return { type: 'boolean' };
      case 'NullType':
        return { type: 'null' };
      case 'UnknownRecordType':
        return { type: 'object' };
      case 'UnknownArrayType':
        return { type: 'array' };
      case 'LiteralType':
        return { const: anatomy.value };
      case 'KeyofType':
        return { type: 'string', enum: Object.keys(anatomy.keys ?? {}) };
      case 'RefinementType': {
        const brand = BRANDS[codec.name];
        if (brand !== undefined) return brand;
        return anatomy.type === undefined ? {} : schemaOf(anatomy.type);
      }
      case 'InterfaceType':
      case 'PartialType':
      case 'IntersectionType':
        return (
          objectOf(codec) ?? { allOf: (anatomy.types ?? []).map((member) => schemaOf(member)) }
        );
      case 'UnionType':
        return { anyOf: (anatomy.types ?? []).map((member) => schemaOf(member)) };
      case 'ArrayType':
        return anatomy.type === undefined
          ? { type: 'array' }
          : { type: 'array', items: schemaOf(anatomy.type) };
      case 'DictionaryType':
        return anatomy.codomain === undefined
          ? { type: 'object' }
          : { type: 'object', additionalProperties: schemaOf(anatomy.codomain) };
      case 'TupleType': {
        const members = (anatomy.types ?? []).map((member) => schemaOf(member));
        return {
          type: 'array',
          prefixItems: members,
          minItems: members.length,
          maxItems: members.length,
        };
      }
      case 'ReadonlyType':
      case 'ExactType':
        return anatomy.type === undefined ? {} : schemaOf(anatomy.type);
      default:
        // `t.unknown`, `t.any`: any JSON value.
        return {};
    }
  };

  return { schemaOf, definitions: () => ({ ...definitions }) };
}

/**
 * The JSON Schema (2020-12) of a codec, standalone: its named parts under `$defs`. A value
 * the codec decodes is valid against it; the schema is as strict as JSON Schema can say
 * (a timestamp's pattern does not know that 31 February does not exist: the codec does).
 * Given something that is not a codec of this package, a schema that accepts nothing, saying
 * so in its `description`; it never throws.
 *
 * @example
 * // A schema any JSON Schema 2020-12 validator (Ajv's `Ajv2020`...) checks a wallet with.
 * const schema = jsonSchemaOf(Wallet);
 * schema.$ref // => '#/$defs/Wallet'
 *
 * // An exact decimal is a string of digits, never a JSON number.
 * jsonSchemaOf(DecimalString) // => {
 * //   $schema: 'https://json-schema.org/draft/2020-12/schema',
 * //   $ref: '#/$defs/DecimalString',
 * //   $defs: { DecimalString: { type: 'string', pattern: '^-?\\d+(\\.\\d+)?([eE][+-]?\\d+)?$' } },
 * // }
 */
export function jsonSchemaOf(codec: t.Decoder<unknown, unknown>): JsonSchema {
  try {
    const builder = jsonSchemaBuilder('#/$defs/');
    const root = builder.schemaOf(codec);
    return { $schema: JSON_SCHEMA_DIALECT, ...root, $defs: builder.definitions() };
  } catch {
    return { $schema: JSON_SCHEMA_DIALECT, ...NOT_A_CODEC };
  }
}
