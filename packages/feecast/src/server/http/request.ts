/**
 * What the HTTP adapter hands to the reducer, and what it gets back: plain data, so the
 * reducer can be tested without a socket.
 */

/** One HTTP request, as the reducer sees it. */
export interface ApiRequest {
  /** The HTTP method, upper case (`GET`, `PUT`...). */
  readonly method: string;
  /** The path as sent, without the query string (`/api/v1/wallets/66a8...`). */
  readonly path: string;
  /** The query string as sent, without the `?` (`page=2&coupon_code[]=A`). */
  readonly query: string;
  /** The body as text (`undefined` when the request had none). */
  readonly body?: string | undefined;
  /** Where the server is reached (`http://127.0.0.1:3000`), for links such as portal URLs. */
  readonly origin: string;
}

/** One HTTP response: a status, a JSON body, and extra headers (`Allow` on a 405). */
export interface ApiResponse {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}
