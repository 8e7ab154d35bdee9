// The streaming readers of event files: NDJSON lines and JSON-array elements come out whole
// however the text is chunked, structure errors have a line and column, and memory holds
// one unfinished record at most.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createJsonArraySplitter,
  createLineSplitter,
  jsonErrorIndex,
  type RawRecord,
  type RecordSplitter,
} from '../src/index';
import { cutsFor } from './builders';

/** Runs a splitter over chunks; the records, or the first error's message. */
function run(splitter: RecordSplitter, chunks: readonly string[]): RawRecord[] | string {
  const records: RawRecord[] = [];
  for (const chunk of [...chunks, undefined]) {
    const step = chunk === undefined ? splitter.end() : splitter.push(chunk);
    if (step.error !== undefined) return step.error.message;
    records.push(...step.records);
  }
  return records;
}

function cut(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts)].sort((a, b) => a - b);
  const pieces: string[] = [];
  let start = 0;
  for (const point of points) {
    pieces.push(text.slice(start, point));
    start = point;
  }
  pieces.push(text.slice(start));
  return pieces;
}

const lines = () => createLineSplitter({ file: 'events.ndjson' });
const elements = () => createJsonArraySplitter({ file: 'events.json' });

describe('NDJSON line splitter', () => {
  it('splits on \\n and \\r\\n, skips blank lines, keeps line numbers', () => {
    expect(run(lines(), ['{"a":1}\r\n\n  \n{"b"', ':2}\n{"c":3}'])).toEqual([
      { text: '{"a":1}', line: 1, index: 0 },
      { text: '{"b":2}', line: 4, index: 1 },
      { text: '{"c":3}', line: 5, index: 2 },
    ]);
  });

  it('NDJSON lines come out the same however the text is chunked', () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue(), { maxLength: 20 }).chain((values) => {
          const text = values.map((v) => JSON.stringify(v)).join('\n');
          return fc.tuple(fc.constant(values), fc.constant(text), cutsFor(text.length));
        }),
        ([values, text, cuts]) => {
          const records = run(lines(), cut(text, cuts));
          expect(typeof records).not.toBe('string');
          if (typeof records === 'string') return;
          expect(records.map((r) => JSON.parse(r.text))).toEqual(
            values.map((v) => JSON.parse(JSON.stringify(v))),
          );
        },
      ),
    );
  });

  it('a line over the limit is an error, not an ever-growing buffer', () => {
    const splitter = createLineSplitter({ file: 'events.ndjson', maxRecordChars: 10 });
    expect(run(splitter, ['{"a":1}\n{"b": "', '0123456789"}\n'])).toBe(
      'events.ndjson line 2: an event is longer than 10 characters; each event must be one JSON object (in NDJSON, one per line).',
    );
  });
});

describe('JSON array splitter', () => {
  it('yields each element with the line it starts on', () => {
    expect(run(elements(), ['[\n  {"a": [1, {"x": "]"}]},\n  {"b": "\\"}"}', '\n]\n'])).toEqual([
      { text: '{"a": [1, {"x": "]"}]}', line: 2, index: 0, path: '[0]' },
      { text: '{"b": "\\"}"}\n', line: 3, index: 1, path: '[1]' },
    ]);
  });

  it('reads the events array of an envelope, skipping its other keys', () => {
    const text = '{"meta": {"x": ["]", "}"]},\n "events": [\n {"a": 1},\n {"b": 2}\n ], "n": 2}';
    expect(run(elements(), [text])).toEqual([
      { text: '{"a": 1}', line: 3, index: 0, path: 'events[0]' },
      { text: '{"b": 2}\n ', line: 4, index: 1, path: 'events[1]' },
    ]);
  });

  it('an envelope read in any chunks gives the elements JSON.parse gives', () => {
    fc.assert(
      fc.property(
        fc
          .record({
            events: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 8 }),
            meta: fc.jsonValue({ maxDepth: 2 }),
          })
          .chain((doc) => {
            const text = JSON.stringify(doc, null, 1);
            return fc.tuple(fc.constant(doc.events), fc.constant(text), cutsFor(text.length));
          }),
        ([events, text, cuts]) => {
          const records = run(elements(), cut(text, cuts));
          expect(typeof records).not.toBe('string');
          if (typeof records === 'string') return;
          // What JSON.parse gives of the whole text (`-0` is written `0`, so it reads back as 0).
          const parsed = (JSON.parse(text) as { events: unknown[] }).events;
          expect(records.map((r) => JSON.parse(r.text))).toEqual(parsed);
          expect(records.length).toBe(events.length);
        },
      ),
    );
  });

  it('an empty array has no elements', () => {
    expect(run(elements(), [' [ \n ] '])).toEqual([]);
  });

  it('the array splitter yields what JSON.parse yields, however the file is chunked', () => {
    fc.assert(
      fc.property(
        fc
          .tuple(
            fc.array(fc.jsonValue(), { maxLength: 15 }),
            fc.constantFrom(undefined, 0, 2, '\t'),
          )
          .chain(([values, indent]) => {
            const text = JSON.stringify(values, null, indent);
            return fc.tuple(fc.constant(text), cutsFor(text.length));
          }),
        ([text, cuts]) => {
          const records = run(elements(), cut(text, cuts));
          expect(typeof records).not.toBe('string');
          if (typeof records === 'string') return;
          expect(records.map((r) => JSON.parse(r.text))).toEqual(JSON.parse(text));
        },
      ),
    );
  });

  it.each([
    ['"a"', 1, 1, 'expected "[" (an array of events) or "{" (an envelope), found "\\""'],
    ['{"a": 1}', 1, 8, 'the envelope has no "events" key'],
    ['{"events": [1], "events": []}', 1, 27, 'a second "events" key'],
    ['{"events": {}}', 1, 12, 'expected "[": "events" must be an array of events'],
    ['{"events": [1]} x', 1, 17, 'text after the envelope\'s "}"'],
    ['{"events": [1]', 1, 15, 'the file ends before the envelope is closed'],
    ['[1,,2]', 1, 4, 'an empty element before ","'],
    ['[1,\n 2,\n]', 3, 1, 'a "," just before the closing "]"'],
    ['[{"a": 1}}]', 1, 10, 'an unmatched "}"'],
    ['[1]\n[2]', 2, 1, 'text after the closing "]" of the array'],
    ['[1, 2', 1, 6, 'the file ends before the array is closed'],
    ['[{"a": "]}', 1, 11, 'the file ends before the array is closed'],
  ])('%j is refused at line %i, column %i', (text, line, column, problem) => {
    const message = run(elements(), [text]);
    expect(message).toContain(`events.json line ${line}, column ${column}: ${problem}`);
  });

  it('records completed before an error in the same chunk still come out', () => {
    const splitter = elements();
    const step = splitter.push('[{"a": 1}, {"b": 2},,');
    expect(step.records.map((r) => r.text)).toEqual(['{"a": 1}', '{"b": 2}']);
    expect(step.error?.message).toContain('line 1, column 21: an empty element before ","');
    expect(splitter.push('{"c": 3}]').error).toBe(step.error);
  });

  it('an element over the limit is an error', () => {
    const splitter = createJsonArraySplitter({ file: 'events.json', maxRecordChars: 8 });
    expect(run(splitter, ['[{"a":', ' "0123456789"}]'])).toContain(
      'events.json line 1: an event is longer than 8 characters',
    );
  });
});

describe('memory: the readers hold one unfinished record, whatever the file size', () => {
  /** 50 MB of events in 64 KiB chunks, generated as they are read (never held whole). */
  function* fiftyMegabytes(layout: 'ndjson' | 'array'): Generator<string> {
    const record = (i: number) =>
      `{"transaction_id":"tr_${i}","code":"api_calls","timestamp":"2026-11-01T10:00:00Z","properties":{"calls":"${i % 1000}","region":"eu"}}`;
    const total = 50 * 1024 * 1024;
    let produced = 0;
    let buffer = layout === 'array' ? '[' : '';
    let i = 0;
    while (produced < total) {
      while (buffer.length < 65536) {
        buffer += layout === 'array' ? `${i === 0 ? '' : ',\n'}${record(i)}` : `${record(i)}\n`;
        i++;
      }
      yield buffer.slice(0, 65536);
      produced += 65536;
      buffer = buffer.slice(65536);
    }
    yield layout === 'array' ? `${buffer}]` : buffer;
  }

  /** The chunks, then `undefined` for the end. */
  function* endWith(chunks: Iterable<string>): Generator<string | undefined> {
    yield* chunks;
    yield undefined;
  }

  it.each(['ndjson', 'array'] as const)(
    '%s: pending text never exceeds one record',
    (layout) => {
      const splitter = layout === 'array' ? elements() : lines();
      let maxPending = 0;
      let longest = 0;
      let count = 0;
      for (const chunk of endWith(fiftyMegabytes(layout))) {
        const step = chunk === undefined ? splitter.end() : splitter.push(chunk);
        expect(step.error).toBeUndefined();
        count += step.records.length;
        for (const r of step.records) longest = Math.max(longest, r.text.length);
        maxPending = Math.max(maxPending, splitter.pending);
      }
      expect(count).toBeGreaterThan(300_000);
      expect(longest).toBeLessThan(200);
      expect(maxPending).toBeLessThanOrEqual(longest);
    },
    60_000,
  );
});

describe('jsonErrorIndex', () => {
  it.each([
    ['{"a": 1,}', 8],
    ['[1, 2', 5],
    ['{"a" 1}', 5],
    ['"tab\there"', 4],
    ['[01]', 2],
    ['{} {}', 3],
    ['', 0],
  ])('%j breaks at %i', (text, index) => {
    expect(jsonErrorIndex(text)).toBe(index);
  });

  it('jsonErrorIndex finds a fault exactly when JSON.parse refuses the text', () => {
    const text = fc.oneof(
      fc.json(),
      fc.string(),
      fc
        .tuple(fc.json(), fc.nat(), fc.constantFrom(',', ']', '}', '"', ':', ' ', 'x'))
        .map(
          ([json, at, inserted]) =>
            json.slice(0, at % (json.length + 1)) + inserted + json.slice(at % (json.length + 1)),
        ),
    );
    fc.assert(
      fc.property(text, (candidate) => {
        let valid = true;
        try {
          JSON.parse(candidate);
        } catch {
          valid = false;
        }
        expect(jsonErrorIndex(candidate) === undefined).toBe(valid);
      }),
    );
  });
});
