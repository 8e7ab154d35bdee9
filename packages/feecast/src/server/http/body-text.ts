/**
 * A request body's bytes to its text, the same for both adapters (the Node server reads the
 * bytes from its socket, the fetch handler from a `Request`): the size limit and UTF-8.
 */

/** The default largest request body: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** A body read: its text, or why there is none. */
export type BodyRead =
  | { readonly kind: 'ok'; readonly text: string | undefined }
  | { readonly kind: 'too_large' }
  | { readonly kind: 'not_utf8' }
  | { readonly kind: 'aborted' };

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of a body read whole: `ok` with its text (`undefined` when empty), `not_utf8` when
 * the bytes are not UTF-8.
 *
 * @example
 * bodyText(new TextEncoder().encode('{}')); // { kind: 'ok', text: '{}' }
 * bodyText(new Uint8Array([0xff])); // { kind: 'not_utf8' }
 */
export function bodyText(bytes: Uint8Array): BodyRead {
  if (bytes.length === 0) return { kind: 'ok', text: undefined };
  try {
    return { kind: 'ok', text: UTF8.decode(bytes) };
  } catch {
    return { kind: 'not_utf8' };
  }
}
