/**
 * Usage events from an asynchronous stream of text or bytes (a file stream, standard input),
 * gzip-compressed or not, in constant memory: a loop that feeds the chunks to the
 * {@link createLocatedEventDecoder} core.
 */
import {
  createLocatedEventDecoder,
  type EventItem,
  type EventStreamOptions,
  type LocatedItem,
} from './event-decoder';
import { gunzipIfCompressed } from './gzip';

/**
 * {@link eventsFromChunks}, with each item's line (none for an error of the whole stream).
 *
 * @example
 * import { Readable } from 'node:stream';
 *
 * const csv = 'transaction_id,code,timestamp,properties.calls\ntr_1,api_calls,1762000000,12.5\ntr_2,api_calls,soon,1\n';
 * const found: string[] = [];
 * for await (const { item, line } of locatedEventsFromChunks(Readable.from([csv]), { file: 'events.csv', format: 'csv' })) {
 *   found.push(`${line}: ${item._tag}`);
 * }
 * found // => ['2: Right', '3: Left']
 */
export async function* locatedEventsFromChunks(
  chunks: AsyncIterable<string | Uint8Array>,
  options: EventStreamOptions,
): AsyncGenerator<LocatedItem, void, undefined> {
  // Progress counts the bytes of the source (compressed, when it is gzip).
  const { onBytes, ...decoding } = options;
  const decoder = createLocatedEventDecoder(decoding);
  try {
    // Leaving the loop early (a broken file, or the caller stopping) closes the source.
    for await (const chunk of gunzipIfCompressed(chunks, onBytes)) {
      yield* decoder.push(chunk);
      if (decoder.done) return;
    }
    yield* decoder.end();
  } catch (error) {
    yield* decoder.fail(error);
  }
}

/**
 * The usage events of a stream (NDJSON, JSON or CSV text; gzip-compressed or not, told by its
 * first bytes), one at a time, each as `right(event)` or as `left(error)` naming the file,
 * line and problem. Memory holds one unfinished event, whatever the size of the stream. A
 * record that is not an event gives a `Left` and reading goes on (the caller may stop); a
 * broken file (bad array structure, a line over the length limit, bytes that are not UTF-8,
 * damaged gzip data, a read error) gives a final `Left`. Never throws.
 *
 * @example
 * import { createReadStream } from 'node:fs';
 *
 * let count = 0;
 * for await (const item of eventsFromChunks(createReadStream('examples/cli/events.ndjson'), { file: 'events.ndjson' })) {
 *   if (item._tag === 'Left') throw new Error(item.left.message);
 *   count += 1;
 * }
 * count // => 200
 */
export async function* eventsFromChunks(
  chunks: AsyncIterable<string | Uint8Array>,
  options: EventStreamOptions,
): AsyncGenerator<EventItem, void, undefined> {
  for await (const located of locatedEventsFromChunks(chunks, options)) yield located.item;
}
