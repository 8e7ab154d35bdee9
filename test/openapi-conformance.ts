// Checks answers against the served OpenAPI document with a JSON Schema 2020-12 validator
// (ajv): each answer is matched to its operation by method and path, and its body validated
// against the schema of that response (the 200 body, or the error body).
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** An answer a test received. */
export interface Received {
  readonly method: string;
  /** The path after `/api/v1` (`/plans`), without the query. */
  readonly path: string;
  readonly status: number;
  readonly body: unknown;
}

interface OperationObject {
  readonly responses: Record<
    string,
    { readonly content?: Record<string, { readonly schema: unknown }> }
  >;
}

/** The `$id` the document is known by inside the validator. */
const ID = 'https://feecast.invalid/openapi.json';

/** Whether the template `/wallets/{svc_id}` matches the path `/wallets/66a8...`. */
function matches(template: string, path: string): boolean {
  const a = template.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((part, i) => part.startsWith('{') || part === b[i]);
}

/**
 * A checker of answers against `document` (an OpenAPI 3.1 document): the problems of an
 * answer, empty when it conforms. An answer to no operation of the document is a problem.
 *
 * @example
 * const check = conformance(await (await fetch(`${base}/openapi.json`)).json());
 * check({ method: 'GET', path: '/plans', status: 200, body }); // []
 */
export function conformance(document: Record<string, unknown>): (answer: Received) => string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: ID });
  const paths = document.paths as Record<string, Record<string, OperationObject>>;
  return (answer) => {
    const template = Object.keys(paths).find(
      (candidate) =>
        matches(candidate, answer.path) &&
        paths[candidate]?.[answer.method.toLowerCase()] !== undefined,
    );
    const operation =
      template === undefined ? undefined : paths[template]?.[answer.method.toLowerCase()];
    if (template === undefined || operation === undefined) {
      return [`${answer.method} ${answer.path}: no operation of the document`];
    }
    const key = operation.responses[String(answer.status)] ? String(answer.status) : 'default';
    const pointer = `#/paths/${template.replaceAll('~', '~0').replaceAll('/', '~1')}/${answer.method.toLowerCase()}/responses/${key}/content/application~1json/schema`;
    const valid = ajv.validate({ $ref: `${ID}${pointer}` }, answer.body);
    if (valid) return [];
    return (ajv.errors ?? []).map(
      (e) => `${answer.method} ${answer.path} ${answer.status}: ${e.instancePath} ${e.message}`,
    );
  };
}
