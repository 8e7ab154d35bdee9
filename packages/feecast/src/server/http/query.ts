/**
 * Query parameters: parsed from the query string and checked against the parameters an
 * operation declares in the endpoint table (type, enum values, required). Array parameters
 * repeat their key with brackets (`coupon_code[]=A&coupon_code[]=B`); for a plain parameter
 * sent twice the last value counts, as in the reference. Undeclared parameters are ignored.
 */
import { decode, type Endpoint, IsoDate, type QueryParam, Uuid } from '@feecast/models';
import { type Either, isRight, left, right } from 'fp-ts/lib/Either.js';
import { type ApiErrorResponse, missingParam, validationErrors } from './api-error';

/** The checked values of an operation's query parameters, by name (`coupon_code[]`...). */
export type QueryValues = ReadonlyMap<string, readonly string[]>;

const INTEGER = /^-?\d{1,15}$/;

function valid(param: QueryParam, value: string): boolean {
  switch (param.type) {
    case 'integer':
      return INTEGER.test(value);
    case 'boolean':
      return value === 'true' || value === 'false';
    case 'date':
      return isRight(decode(IsoDate, value));
    case 'uuid':
      return isRight(decode(Uuid, value));
    case 'string':
      return param.values === undefined || param.values.includes(value);
  }
}

/**
 * Reads and checks the query string of a request for `endpoint`: a 400 when a required
 * parameter is missing or empty, a 422 naming every parameter whose value is not of its type.
 *
 * @example
 * readQuery(endpoints.listPlans, 'page=2&per_page=10'); // right(Map { 'page' => ['2'], 'per_page' => ['10'] })
 * readQuery(endpoints.listPlans, 'page=two'); // left: 422 { page: ['value_is_invalid'] }
 */
export function readQuery(
  endpoint: Endpoint,
  query: string,
): Either<ApiErrorResponse, QueryValues> {
  const search = new URLSearchParams(query);
  const values = new Map<string, readonly string[]>();
  const invalid: Record<string, string[]> = {};
  for (const param of endpoint.query ?? []) {
    const all = search.getAll(param.name);
    const given = param.array ? all : all.slice(-1);
    if (given.length === 0 || (!param.array && given[0] === '')) {
      if (param.required) return left(missingParam(param.name));
      continue;
    }
    if (!given.every((value) => valid(param, value))) {
      Object.defineProperty(invalid, param.name, {
        value: ['value_is_invalid'],
        enumerable: true,
      });
      continue;
    }
    values.set(param.name, given);
  }
  if (Object.keys(invalid).length > 0) return left(validationErrors(invalid));
  return right(values);
}

/**
 * The value of a plain parameter, if given.
 *
 * @example
 * queryValue(values, 'external_customer_id'); // 'hooli_1234' or undefined
 */
export function queryValue(values: QueryValues, name: string): string | undefined {
  return values.get(name)?.[0];
}

/**
 * The values of an array parameter (empty when not given).
 *
 * @example
 * queryValues(values, 'coupon_code[]'); // ['A', 'B']
 */
export function queryValues(values: QueryValues, name: string): readonly string[] {
  return values.get(name) ?? [];
}
