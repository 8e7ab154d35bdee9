/**
 * Decoding a value found inside a file: the models' decoder, with every problem's path
 * written from the root of the document and the file (and line) named in the message.
 */
import { type FeecastError, feecastError } from '@feecast/engine';
import { type DecodeFailure, type DecodeProblem, decode } from '@feecast/models';
import { type Either, isRight, left } from 'fp-ts/lib/Either.js';
import { joinPath, pathSegments } from './json-path';
import { describeOrigin } from './json-text';

/** Where a value is, and what to tell the user when it does not decode. */
export interface DecodeContext {
  /** The file, as the user named it. */
  readonly file: string;
  /** The line the value starts on, for line-based files (NDJSON); its row, for Parquet. */
  readonly line?: number;
  /** What `line` counts: `line` (default) or `row` (Parquet). */
  readonly unit?: 'line' | 'row';
  /** The value's path inside the parsed document (`plans[0]`; `''` for the root). */
  readonly prefix: string;
  /** What the file should hold and how, for the `Hint:` line. */
  readonly hint: string;
}

/** The models' message with each problem line's path rewritten from the document's root. */
function rewriteMessage(failure: DecodeFailure, problems: readonly DecodeProblem[]): string {
  const lines = failure.message.split('\n');
  return lines
    .map((line, i) => {
      const before = failure.problems[i - 1];
      const after = problems[i - 1];
      if (i === 0 || before === undefined || after === undefined) return line;
      const head = `- ${before.path}: `;
      return line.startsWith(head) ? `- ${after.path}: ${line.slice(head.length)}` : line;
    })
    .join('\n');
}

/**
 * Decodes `value` with `codec`; on failure, an `invalid_input` error whose message names the
 * file (and line), lists every problem with its path from the document's root (`plans[0].
 * charges[1].properties.amount`), what was expected and what was found, and ends with a hint.
 * `path` holds the first problem's path as segments; `details` the file and every problem.
 *
 * @example
 * import { Plan } from '@feecast/models';
 *
 * decodeIn(Plan, { ...plan, amount_cents: '1000' }, { file: 'plans.json', prefix: 'plans[0]', hint: 'Export plans with GET /plans.' })
 * // ~> left({ code: 'invalid_input' })
 * decodeIn(Plan, plan, { file: 'plans.json', prefix: 'plans[0]', hint: 'Export plans with GET /plans.' }) // ~> right({ code: 'starter' })
 */
export function decodeIn<A>(
  codec: Parameters<typeof decode<A>>[0],
  value: unknown,
  context: DecodeContext,
): Either<FeecastError, A> {
  const decoded = decode(codec, value);
  if (isRight(decoded)) return decoded;
  const failure = decoded.left;
  const problems = failure.problems.map((problem) => ({
    ...problem,
    path: joinPath(context.prefix, problem.path),
  }));
  const where = describeOrigin(
    context.line === undefined
      ? { file: context.file }
      : {
          file: context.file,
          line: context.line,
          ...(context.unit === undefined ? {} : { unit: context.unit }),
        },
  );
  return left(
    feecastError(
      'invalid_input',
      `${where}: ${rewriteMessage(failure, problems)}\nHint: ${context.hint}`,
      pathSegments(problems[0]?.path ?? '$'),
      {
        file: context.file,
        ...(context.line === undefined ? {} : { line: context.line }),
        problems,
      },
    ),
  );
}
