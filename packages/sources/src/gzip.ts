/**
 * Gzip-compressed event streams: told by their first two bytes, decompressed with `node:zlib`
 * as they are read (memory holds a chunk, whatever the size of the file).
 */
import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { hasGzipMagic } from './file-format';
import { errorCode } from './read-text-file';

/** A zlib error, said in words for the file's error message. */
class GzipError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The chunks of a stream, decompressed when it is gzip data (its first bytes are `1f 8b`),
 * else as they are. `onRawBytes` hears the bytes read from the source so far (compressed, so
 * that progress is against the file's size). Damaged or truncated gzip data makes iteration
 * throw an error whose `code` is zlib's (`Z_DATA_ERROR`, `Z_BUF_ERROR`) and whose message
 * says how far the compressed data was read. Stopping early closes the source.
 *
 * @example
 * import { Readable } from 'node:stream';
 * import { gzipSync } from 'node:zlib';
 *
 * const chunks: (string | Uint8Array)[] = [];
 * for await (const chunk of gunzipIfCompressed(Readable.from([gzipSync('{"a":1}\n')]))) chunks.push(chunk);
 * Buffer.concat(chunks.map((chunk) => Buffer.from(chunk))).toString('utf8') // => '{"a":1}\n'
 */
export async function* gunzipIfCompressed(
  chunks: AsyncIterable<string | Uint8Array>,
  onRawBytes?: (bytes: number) => void,
): AsyncGenerator<string | Uint8Array, void, undefined> {
  const iterator = chunks[Symbol.asyncIterator]();
  const head: (string | Uint8Array)[] = [];
  let headBytes = 0;
  let text = false;
  // Enough chunks to see the first two bytes (a chunk may hold one byte, or none).
  while (headBytes < 2 && !text) {
    const next = await iterator.next();
    if (next.done === true) break;
    head.push(next.value);
    if (typeof next.value === 'string') text = true;
    else headBytes += next.value.byteLength;
  }
  let raw = 0;
  async function* source(): AsyncGenerator<string | Uint8Array, void, undefined> {
    try {
      for (const chunk of head) yield count(chunk);
      head.length = 0;
      for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) {
        yield count(next.value);
      }
    } finally {
      await iterator.return?.();
    }
  }
  const count = (chunk: string | Uint8Array) => {
    raw += typeof chunk === 'string' ? chunk.length : chunk.byteLength;
    onRawBytes?.(raw);
    return chunk;
  };
  const bytes = head.filter((chunk): chunk is Uint8Array => typeof chunk !== 'string');
  if (text || headBytes < 2 || !hasGzipMagic(Buffer.concat(bytes))) {
    yield* source();
    return;
  }
  const gunzip = createGunzip();
  pipeline(Readable.from(source()), gunzip, () => undefined);
  try {
    for await (const chunk of gunzip) yield chunk as Uint8Array;
  } catch (error) {
    const code = errorCode(error);
    if (!code.startsWith('Z_')) throw error;
    const why = code === 'Z_BUF_ERROR' ? 'it ends too early (cut short?)' : 'it is damaged';
    const detail = error instanceof Error ? error.message : code;
    throw new GzipError(
      code,
      `its gzip data cannot be decompressed: ${why} (zlib: ${detail}), within the first ${raw} compressed bytes`,
    );
  } finally {
    gunzip.destroy();
  }
}
