/**
 * The answers given again as the same body object: the usage answers kept between two changes
 * (usage-reports.ts) and the OpenAPI document. Their JSON text is written once and kept with
 * them (answers.ts); every other body (an estimate, a list) is a new object on each request,
 * whose text would never be read again.
 */

/** A `WeakSet`: a mark goes with its body. */
const AGAIN = new WeakSet<object>();

/**
 * Marks `body` as an answer given again as the same object; returns it.
 *
 * @example
 * return right(unchanged(state, answeredAgain(keptReport)));
 */
export function answeredAgain<T extends object>(body: T): T {
  AGAIN.add(body);
  return body;
}

/**
 * Whether `body` was marked by {@link answeredAgain}.
 *
 * @example
 * isAnsweredAgain(answeredAgain({})); // true
 * isAnsweredAgain({}); // false
 */
export function isAnsweredAgain(body: unknown): body is object {
  return typeof body === 'object' && body !== null && AGAIN.has(body);
}
