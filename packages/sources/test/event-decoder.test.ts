// The push core of the event readers: the same records however a file is cut into chunks
// (bytes or text), UTF-8 and the byte-order mark across chunk boundaries, the layout settled
// from the first non-blank character, and nothing more after the end or a broken file.

import { UsageEvent } from '@feecast/models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HINTS } from '../src/event-decoder';
import {
  createEventDecoder,
  decodeIn,
  type EventItem,
  type EventStreamOptions,
} from '../src/index';
import { apiCall, cutsFor, eventsFileText, pieces } from './builders';

/** Everything the decoder gives for these chunks, then the end. */
function decodeAll(
  chunks: readonly (string | Uint8Array)[],
  options: EventStreamOptions = { file: 'events' },
): EventItem[] {
  const decoder = createEventDecoder(options);
  return [...chunks.flatMap((chunk) => decoder.push(chunk)), ...decoder.end()];
}

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('chunking does not change what the decoder yields', () => {
  it('the decoder yields the same events and errors however the bytes are cut into chunks', () => {
    fc.assert(
      fc.property(
        eventsFileText.chain((text) => {
          const bytes = utf8(text);
          return fc.tuple(fc.constant(bytes), cutsFor(bytes.length));
        }),
        ([bytes, cuts]) => {
          expect(decodeAll(pieces(bytes, cuts))).toEqual(decodeAll([bytes]));
        },
      ),
    );
  });

  it('the decoder yields the same events and errors however the text is cut into chunks', () => {
    fc.assert(
      fc.property(
        eventsFileText.chain((text) => fc.tuple(fc.constant(text), cutsFor(text.length))),
        ([text, cuts]) => {
          expect(decodeAll(pieces(text, cuts))).toEqual(decodeAll([utf8(text)]));
        },
      ),
    );
  });

  it('bytes that are not UTF-8 end decoding with one error after a prefix of the events, however cut', () => {
    const notUtf8 = 'events is not UTF-8 text; save the events file as UTF-8.';
    fc.assert(
      fc.property(
        fc
          .tuple(eventsFileText, fc.nat(), fc.constantFrom(0xff, 0xc3, 0x80))
          .chain(([text, at, bad]) => {
            // After whole characters: a byte UTF-8 never uses, a lead byte cut off (by the
            // space), or a lone continuation byte.
            const head = utf8(text.slice(0, at % (text.length + 1)));
            const bytes = new Uint8Array([...head, bad, 0x20]);
            return fc.tuple(fc.constant(text), fc.constant(bytes), cutsFor(bytes.length));
          }),
        ([text, bytes, cuts]) => {
          const items = decodeAll(pieces(bytes, cuts));
          const whole = decodeAll([utf8(text)]);
          const last = items.at(-1);
          const before = items.slice(0, -1);
          expect(whole.slice(0, before.length)).toEqual(before);
          // The bad bytes, or a broken structure that the good text has too, before them.
          if (last?._tag === 'Left' && last.left.message !== notUtf8) {
            expect(whole[before.length]).toEqual(last);
          } else {
            expect(last?._tag === 'Left' && last.left.message).toBe(notUtf8);
          }
        },
      ),
    );
  });
});

describe('worked cases', () => {
  const line = (i: number) => JSON.stringify(apiCall(i));

  it('a character cut between two chunks comes out whole', () => {
    const bytes = utf8(`${JSON.stringify(apiCall(1, '7', 'région-ü'))}\n`);
    const at = bytes.indexOf(0xc3); // the first byte of "é"
    const [event] = decodeAll([bytes.subarray(0, at + 1), bytes.subarray(at + 1)]);
    expect(event).toEqual({ _tag: 'Right', right: apiCall(1, '7', 'région-ü') });
  });

  it('a byte-order mark cut between chunks is dropped, once', () => {
    const bytes = utf8(`\uFEFF${line(1)}`);
    expect(decodeAll([bytes.subarray(0, 1), bytes.subarray(1, 2), bytes.subarray(2)])).toEqual([
      { _tag: 'Right', right: apiCall(1) },
    ]);
    const [twice] = decodeAll([utf8(`\uFEFF\uFEFF${line(1)}`)]);
    expect(twice?._tag === 'Left' && twice.left.code).toBe('invalid_json');
  });

  it('blank text before the first event waits for the layout; a "[" after it makes an array', () => {
    const decoder = createEventDecoder({ file: 'events.json' });
    expect(decoder.push('\n  \n')).toEqual([]);
    expect(decoder.push(`[${line(1)},`)).toEqual([{ _tag: 'Right', right: apiCall(1) }]);
    expect(decoder.push(`${line(2)}]`)).toEqual([{ _tag: 'Right', right: apiCall(2) }]);
    expect(decoder.end()).toEqual([]);
    expect(decoder.done).toBe(true);
  });

  it('after 1 MiB of blank text the layout is NDJSON, and line numbers count the blank lines', () => {
    const decoder = createEventDecoder({ file: 'events' });
    const blank = `${' '.repeat(1023)}\n`.repeat(1024);
    expect(decoder.push(blank)).toEqual([]);
    const [item] = decoder.push('{"code": "api_calls"}\n');
    expect(item?._tag === 'Left' && item.left.message).toMatch(/^events line 1025: /);
  });

  it('an empty or blank input has no events', () => {
    expect(decodeAll([])).toEqual([]);
    expect(decodeAll([' \n\t', utf8('\r\n')])).toEqual([]);
  });

  it('a broken file gives one final error; later chunks, the end and read errors give nothing', () => {
    const decoder = createEventDecoder({ file: 'events.json' });
    const items = decoder.push(`[${line(1)},,${line(2)}]`);
    expect(items.map((item) => item._tag)).toEqual(['Right', 'Left']);
    expect(decoder.done).toBe(true);
    expect(decoder.push(`${line(3)}\n`)).toEqual([]);
    expect(decoder.end()).toEqual([]);
    expect(decoder.fail(new Error('late'))).toEqual([]);
  });

  it('a bad record gives an error and decoding goes on', () => {
    const items = decodeAll([`${line(1)}\n{"code": "api_calls"}\n${line(3)}\n`]);
    expect(items.map((item) => item._tag)).toEqual(['Right', 'Left', 'Right']);
  });

  it('each NDJSON record gives what decoding its parsed value gives: the same event or the same error', () => {
    // The decoder answers valid events by the codec's type guard: it must accept exactly what
    // decode accepts (each field valid, missing, or any other JSON value), and give the same
    // value; every refused record gets decode's message.
    const junk = fc.jsonValue({ maxDepth: 2 });
    const field = <T>(valid: fc.Arbitrary<T>) => fc.oneof(valid, junk);
    const record = fc.oneof(
      fc.record(
        {
          transaction_id: field(fc.string({ maxLength: 4 })),
          external_subscription_id: field(fc.constantFrom('sub_1', '')),
          external_customer_id: field(fc.constant('cus_1')),
          code: field(fc.constant('api_calls')),
          timestamp: field(
            fc.constantFrom(
              1762000000,
              1762000000.5,
              -1,
              '1762000000.123',
              '2026-11-01T00:00:00Z',
              '2026-13-01T00:00:00Z',
              '',
            ),
          ),
          properties: field(fc.dictionary(fc.string({ maxLength: 3 }), junk, { maxKeys: 3 })),
          precise_total_amount_cents: field(fc.constantFrom(null, '12.5', '1e3', 'x')),
        },
        { requiredKeys: [] },
      ),
      junk,
    );
    fc.assert(
      fc.property(fc.array(record, { maxLength: 6 }), (values) => {
        const texts = values.map((value) => JSON.stringify(value));
        const expected = texts.map((text, i) =>
          decodeIn(UsageEvent, JSON.parse(text), {
            file: 'events',
            line: i + 1,
            prefix: '',
            hint: HINTS.ndjson,
          }),
        );
        const text = `${texts.join('\n')}\n`;
        expect(decodeAll([text], { file: 'events', format: 'ndjson' })).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('a read error is one unreadable_file error that ends the decoder', () => {
    const decoder = createEventDecoder({ file: 'events.ndjson' });
    expect(decoder.push(line(1))).toEqual([]);
    const failure = Object.assign(new Error('i/o error'), { code: 'EIO' });
    expect(decoder.fail(failure)).toEqual([
      {
        _tag: 'Left',
        left: {
          code: 'unreadable_file',
          message: 'Cannot read events.ndjson: i/o error.',
          details: { file: 'events.ndjson', errno: 'EIO' },
        },
      },
    ]);
    expect(decoder.done).toBe(true);
    expect(decoder.end()).toEqual([]);
  });

  it('onBytes hears the bytes (or characters) pushed so far, after each chunk', () => {
    const heard: number[] = [];
    const decoder = createEventDecoder({ file: 'events', onBytes: (n) => heard.push(n) });
    decoder.push(utf8('{"a": "é"'));
    decoder.push('}\n');
    decoder.end();
    expect(heard).toEqual([10, 12]);
  });

  it('a cut-off character at the end is not UTF-8', () => {
    const bytes = utf8(`${line(1)}\n"é`);
    const items = decodeAll([bytes.subarray(0, -1)]);
    expect(items.map((item) => (item._tag === 'Left' ? item.left.message : 'event'))).toEqual([
      'event',
      'events is not UTF-8 text; save the events file as UTF-8.',
    ]);
  });
});
