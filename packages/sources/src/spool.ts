/**
 * A stream kept in a temporary file, so that it can be read more than once: standard input
 * given as an events file, which a command prices and then checks in separate passes.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FeecastError } from '@feecast/engine';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { fileError } from './read-text-file';

/** A stream saved to a file. */
export interface Spooled {
  /** The file that holds the stream's bytes. */
  readonly path: string;
  /** Deletes the file (and its directory); never throws. */
  dispose(): Promise<void>;
}

/**
 * Copies `stream` to a new file in the system's temporary directory, chunk by chunk (memory
 * holds one chunk, whatever the stream's length). A failure to read or write is a `Left`
 * (`unreadable_file`) naming the stream as `name`, and leaves no file behind.
 *
 * @example
 * import { createReadStream } from 'node:fs';
 *
 * // Standard input, say, written to a temporary file that can be read many times:
 * const spooled = await spoolStream(createReadStream('examples/cli/events.ndjson'), 'standard input');
 * if (spooled._tag === 'Right') {
 *   const source = readEventsSync(spooled.right.path, { name: 'standard input' });
 *   for (const _event of source.events);
 *   source.count() // => 200
 *   await spooled.right.dispose();
 * }
 */
export async function spoolStream(
  stream: AsyncIterable<string | Uint8Array>,
  name: string,
): Promise<Either<FeecastError, Spooled>> {
  let dir: string | undefined;
  try {
    dir = await mkdtemp(join(tmpdir(), 'feecast-stdin-'));
    const path = join(dir, 'events');
    await pipeline(Readable.from(stream), createWriteStream(path));
    const owned = dir;
    return right({
      path,
      dispose: () => rm(owned, { recursive: true, force: true }).catch(() => undefined),
    });
  } catch (error) {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true }).catch(() => undefined);
    return left(fileError(name, error));
  }
}
