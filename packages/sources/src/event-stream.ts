/**
 * Usage events from an asynchronous stream of text or bytes (a file stream, standard input),
 * in constant memory: a loop that feeds the chunks to the {@link createEventDecoder} core.
 */
import { createEventDecoder, type EventItem, type EventStreamOptions } from './event-decoder';

/**
 * The usage events of a stream, one at a time, each as `right(event)` or as `left(error)`
 * naming the file, line and problem. Memory holds one unfinished event, whatever the size
 * of the stream. A record that is not JSON or not a valid event gives a `Left` and reading
 * goes on (the caller may stop); a broken file (bad array structure, a line over the length
 * limit, bytes that are not UTF-8, a read error) gives a final `Left`. Never throws.
 *
 * @example
 * for await (const item of eventsFromChunks(createReadStream('events.ndjson'), { file: 'events.ndjson' })) {
 *   if (item._tag === 'Left') { console.error(item.left.message); break; }
 *   accumulator.add(item.right);
 * }
 */
export async function* eventsFromChunks(
  chunks: AsyncIterable<string | Uint8Array>,
  options: EventStreamOptions,
): AsyncGenerator<EventItem, void, undefined> {
  const decoder = createEventDecoder(options);
  try {
    // Leaving the loop early (a broken file, or the caller stopping) closes the source.
    for await (const chunk of chunks) {
      yield* decoder.push(chunk);
      if (decoder.done) return;
    }
    yield* decoder.end();
  } catch (error) {
    yield* decoder.fail(error);
  }
}
