// Usage events streamed from NDJSON and JSON arrays: the same events either way, errors with
// file, line, path and hint, progress, standard input, and a 50 MB file in bounded memory.
import { statSync, writeFileSync } from 'node:fs';
import type { FeecastError } from '@feecast/engine';
import type { UsageEvent } from '@feecast/models';
import fc from 'fast-check';
import type { Either } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { collectEvents, eventsFromChunks, type ReadProgress, readEvents } from '../src/index';
import {
  all,
  apiCall,
  chunked,
  chunkedBytes,
  cutsFor,
  gc,
  tempPath,
  usageEvent,
  writeBig,
  writeTemp,
} from './builders';

type Item = Either<FeecastError, UsageEvent>;

function rights(items: readonly Item[]): UsageEvent[] {
  return items.flatMap((item) => (item._tag === 'Right' ? [item.right] : []));
}

function lefts(items: readonly Item[]): FeecastError[] {
  return items.flatMap((item) => (item._tag === 'Left' ? [item.left] : []));
}

describe('NDJSON and JSON arrays yield the same events', () => {
  it('NDJSON and JSON-array streaming yield the same events, however the bytes are chunked', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(usageEvent, { maxLength: 12 }).chain((events) => {
          const ndjson = new TextEncoder().encode(events.map((e) => JSON.stringify(e)).join('\n'));
          const array = new TextEncoder().encode(JSON.stringify(events, null, 2));
          return fc.tuple(
            fc.constant(events),
            fc.constant(ndjson),
            cutsFor(ndjson.length),
            fc.constant(array),
            cutsFor(array.length),
          );
        }),
        async ([events, ndjson, ndjsonCuts, array, arrayCuts]) => {
          const fromLines = await all(
            eventsFromChunks(chunkedBytes(ndjson, ndjsonCuts), { file: 'e.ndjson' }),
          );
          const fromArray = await all(
            eventsFromChunks(chunkedBytes(array, arrayCuts), { file: 'e.json' }),
          );
          expect(lefts(fromLines)).toEqual([]);
          expect(lefts(fromArray)).toEqual([]);
          // What JSON carries of them (-0 is written 0).
          const expected = JSON.parse(JSON.stringify(events));
          expect(rights(fromLines)).toEqual(expected);
          expect(rights(fromArray)).toEqual(expected);
        },
      ),
    );
  });

  it('reads the same events from an .ndjson file and a .json array file', async () => {
    const events = Array.from({ length: 50 }, (_, i) =>
      apiCall(i, `${i}.5`, i % 2 === 0 ? 'eu' : 'région-ü'),
    );
    const ndjson = writeTemp(
      'same.ndjson',
      `${events.map((e) => JSON.stringify(e)).join('\r\n')}\r\n`,
    );
    const array = writeTemp('same.json', JSON.stringify(events, null, 2));
    expect(await collectEvents(readEvents(ndjson))).toEqual({ _tag: 'Right', right: events });
    expect(await collectEvents(readEvents(array))).toEqual({ _tag: 'Right', right: events });
  });

  it('a byte-order mark before the first event is ignored, as text or as bytes', async () => {
    const text = `\uFEFF${JSON.stringify(apiCall(1))}\n`;
    for (const chunks of [chunked(text, [1]), chunkedBytes(new TextEncoder().encode(text), [2])]) {
      expect(rights(await all(eventsFromChunks(chunks, { file: 'bom.ndjson' })))).toEqual([
        apiCall(1),
      ]);
    }
    const named = eventsFromChunks(chunked(text, []), { file: 'bom.ndjson', format: 'ndjson' });
    expect(rights(await all(named))).toEqual([apiCall(1)]);
  });

  it('a layout given explicitly is used: an array read as NDJSON is refused at line 1', async () => {
    const text = JSON.stringify([apiCall(1)], null, 2);
    const [error] = lefts(
      await all(eventsFromChunks(chunked(text, []), { file: 'e.json', format: 'ndjson' })),
    );
    expect(error?.message).toContain('e.json line 1, column 2: not valid JSON');
  });

  it('an empty or blank file has no events', async () => {
    expect(await collectEvents(readEvents(writeTemp('blank.ndjson', '\n  \n')))).toEqual({
      _tag: 'Right',
      right: [],
    });
  });

  it('reads standard input for "-"', async () => {
    const events = [apiCall(1), apiCall(2)];
    const stdin = chunked(events.map((e) => JSON.stringify(e)).join('\n'), [7, 50]);
    expect(await collectEvents(readEvents('-', { stdin }))).toEqual({
      _tag: 'Right',
      right: events,
    });
  });
});

describe('bad events: file, line, decode path and hint', () => {
  it('an NDJSON line that is not an event names the line and the path, and reading goes on', async () => {
    const text = [apiCall(1), { ...apiCall(2), timestamp: '15/11/2026' }, apiCall(3)]
      .map((e) => JSON.stringify(e))
      .join('\n');
    const items = await all(eventsFromChunks(chunked(text, []), { file: 'events.ndjson' }));
    expect(rights(items).map((e) => e.transaction_id)).toEqual(['tr_1', 'tr_3']);
    const [error] = lefts(items);
    expect(error?.code).toBe('invalid_input');
    expect(error?.path).toEqual(['timestamp']);
    expect(error?.message).toMatch(
      /^events\.ndjson line 2: Could not decode UsageEvent: 1 problem\n- timestamp: expected EventTimestamp/,
    );
    expect(error?.message).toContain('\nHint: each line of an NDJSON events file is one event');
  });

  it('an array element that is not an event names its index', async () => {
    const text = JSON.stringify([apiCall(1), { code: 'api_calls' }], null, 2);
    const [error] = lefts(await all(eventsFromChunks(chunked(text, []), { file: 'events.json' })));
    expect(error?.path).toEqual(['1', 'transaction_id']);
    // "[" is line 1, the first event fills lines 2-11 (pretty-printed), the second starts on 12.
    expect(error?.message).toContain(
      'events.json line 12: Could not decode UsageEvent: 2 problems',
    );
    expect(error?.message).toContain(
      '- [1].transaction_id: expected string, found nothing (the key is missing)',
    );
  });

  it('an NDJSON line that is not JSON is invalid_json with line and column', async () => {
    const text = `${JSON.stringify(apiCall(1))}\n{"code": "api_calls",, }\n`;
    const [error] = lefts(
      await all(eventsFromChunks(chunked(text, []), { file: 'events.ndjson' })),
    );
    expect(error?.code).toBe('invalid_json');
    expect(error?.message).toContain('events.ndjson line 2, column 22: not valid JSON');
    expect(error?.message).toContain('a pretty-printed JSON document must be an array');
  });

  it('a broken array stops reading with one error', async () => {
    const items = await all(
      eventsFromChunks(chunked(`[${JSON.stringify(apiCall(1))},,]`, []), { file: 'e.json' }),
    );
    expect(items.map((i) => i._tag)).toEqual(['Right', 'Left']);
  });

  it('bytes that are not UTF-8 are refused', async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('{"code": "'), 0xff, 0xfe]);
    const items = await all(eventsFromChunks(chunkedBytes(bytes, []), { file: 'latin1.ndjson' }));
    expect(lefts(items).map((e) => e.message)).toEqual([
      'latin1.ndjson is not UTF-8 text; save the events file as UTF-8.',
    ]);
  });

  it('a missing file is one unreadable_file error', async () => {
    const items = await all(readEvents(tempPath('missing.ndjson')));
    expect(lefts(items).map((e) => e.code)).toEqual(['unreadable_file']);
  });
});

describe('progress', () => {
  it('reports bytes read up to the file size', async () => {
    const events = Array.from({ length: 2000 }, (_, i) => JSON.stringify(apiCall(i))).join('\n');
    const file = writeTemp('progress.ndjson', events);
    const seen: ReadProgress[] = [];
    const read = await collectEvents(readEvents(file, { onProgress: (p) => seen.push(p) }));
    expect(read._tag === 'Right' && read.right.length).toBe(2000);
    const size = statSync(file).size;
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.every((p) => p.totalBytes === size)).toBe(true);
    expect(seen.map((p) => p.bytesRead)).toEqual(
      [...seen.map((p) => p.bytesRead)].sort((a, b) => a - b),
    );
    expect(seen.at(-1)?.bytesRead).toBe(size);
  });
});

describe('a 50 MB file', () => {
  it.each(['ndjson', 'array'] as const)(
    '%s: heap does not grow with the file while every event is read',
    async (layout) => {
      const file = await writeBig(`big.${layout}`, 50, layout);
      expect(statSync(file).size).toBeGreaterThanOrEqual(50 * 1024 * 1024);
      gc();
      const before = process.memoryUsage().heapUsed;
      let peak = 0;
      let count = 0;
      for await (const item of readEvents(file)) {
        expect(item._tag).toBe('Right');
        count++;
        if (count % 50_000 === 0) {
          gc();
          peak = Math.max(peak, process.memoryUsage().heapUsed - before);
        }
      }
      expect(count).toBeGreaterThan(300_000);
      // Holding the file would take 50 MB or more; the reader holds a chunk and one event.
      expect(peak).toBeLessThan(16 * 1024 * 1024);
    },
    180_000,
  );
});

it('writeTemp helper writes strings verbatim', () => {
  const file = writeTemp('verbatim.txt', 'a\nb');
  writeFileSync(file, 'a\nb');
  expect(statSync(file).size).toBe(3);
});
