/**
 * The OpenAPI 3.1 document of the server, generated from the endpoint table of
 * `@feecast/models` (methods, paths, path and query parameters) and its codecs (the JSON
 * Schemas of the request and response bodies, by `jsonSchemaBuilder`): nothing in it is
 * written by hand but the title and the authentication. Served at `/api/v1/openapi.json`.
 */
import {
  ApiError,
  type Endpoint,
  endpoints,
  JSON_SCHEMA_DIALECT,
  type JsonSchema,
  jsonSchemaBuilder,
  MODELS_VERSION,
  type OperationId,
  type QueryParam,
} from '@feecast/models';
import { answeredAgain } from './answered-again';
import type { ApiResponse } from './request';
import { API_PREFIX } from './router';

/** Where the document is served (no API key needed: it describes the API, it holds no data). */
export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;

const REFS = '#/components/schemas/';

/** The JSON Schema of one value of a query parameter. */
function queryValueSchema(param: QueryParam): JsonSchema {
  const base: JsonSchema =
    param.type === 'integer'
      ? { type: 'integer' }
      : param.type === 'boolean'
        ? { type: 'boolean' }
        : param.type === 'date'
          ? { type: 'string', format: 'date' }
          : param.type === 'uuid'
            ? { type: 'string', format: 'uuid' }
            : { type: 'string' };
  return param.values === undefined ? base : { ...base, enum: [...param.values] };
}

function parameters(endpoint: Endpoint): JsonSchema[] {
  const path = endpoint.pathParams.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const query = (endpoint.query ?? []).map((param) => ({
    name: param.name,
    in: 'query',
    required: param.required,
    ...(param.array
      ? { schema: { type: 'array', items: queryValueSchema(param) }, style: 'form', explode: true }
      : { schema: queryValueSchema(param) }),
  }));
  return [...path, ...query];
}

function json(schema: JsonSchema): JsonSchema {
  return { 'application/json': { schema } };
}

/**
 * The OpenAPI 3.1 document of every operation of the endpoint table, under the server URL
 * `/api/v1`: each operation's `operationId` (the table's key), parameters, request body and
 * `200` response with the JSON Schemas of their codecs (in `components.schemas`, by codec
 * name), and its errors (`401` without a valid key; any other status: an `ApiError` body).
 * Every operation needs `Authorization: Bearer <key>`. The same value at every call.
 *
 * @example
 * const document = openApiDocument();
 * document.openapi // => '3.1.0'
 *
 * // The body of POST /events/estimate_fees, by its codec's name.
 * JSON.stringify(document).includes('"#/components/schemas/EstimateFeesRequest"') // => true
 */
export function openApiDocument(): JsonSchema {
  const builder = jsonSchemaBuilder(REFS);
  const error = { description: 'An error', content: json(builder.schemaOf(ApiError)) };
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const operationId of Object.keys(endpoints) as OperationId[]) {
    const endpoint: Endpoint = endpoints[operationId];
    const operation: JsonSchema = {
      operationId,
      parameters: parameters(endpoint),
      ...(endpoint.request === undefined
        ? {}
        : { requestBody: { required: true, content: json(builder.schemaOf(endpoint.request)) } }),
      responses: {
        '200': { description: 'Success', content: json(builder.schemaOf(endpoint.response)) },
        '401': { ...error, description: 'No valid API key' },
        default: error,
      },
    };
    const item = paths[endpoint.path] ?? {};
    item[endpoint.method.toLowerCase()] = operation;
    paths[endpoint.path] = item;
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: JSON_SCHEMA_DIALECT,
    info: {
      title: 'feecast: the billing API, served locally',
      version: MODELS_VERSION,
      description:
        'The operations of the billing API specification (docs/spec.md) as `feecast serve` answers them, generated from the endpoint table and the codecs of @feecast/models.',
    },
    servers: [{ url: API_PREFIX }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      schemas: builder.definitions(),
    },
  };
}

let generated: JsonSchema | undefined;

/**
 * The answer to `GET` or `HEAD` `/api/v1/openapi.json` (the document, generated once), or
 * `undefined` for any other request.
 *
 * @example
 * openApiAnswer('GET', '/api/v1/openapi.json'); // { status: 200, body: { openapi: '3.1.0', ... } }
 * openApiAnswer('GET', '/api/v1/plans'); // undefined
 */
export function openApiAnswer(method: string, path: string): ApiResponse | undefined {
  if (path !== OPENAPI_PATH || (method !== 'GET' && method !== 'HEAD')) return undefined;
  generated ??= answeredAgain(openApiDocument());
  return { status: 200, body: generated };
}
