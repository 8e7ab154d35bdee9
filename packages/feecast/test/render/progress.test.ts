// The progress bar of long event files: the text it renders, and drawing only on a terminal.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createCountProgressWriter,
  createProgressWriter,
  createRowsProgressWriter,
  formatBytes,
  formatDuration,
  renderCountProgress,
  renderProgressBar,
  renderRowsRead,
} from '../../src/render/index';
import { stream } from './builders';

describe('renderProgressBar', () => {
  it.each([
    // 13 label + 1 + 21 bar ("[" 19 "]") + 25 tail ("  0%  ", bytes read padded to 9...) = 60;
    // half of 19 steps is 9 filled (rounded down).
    [0, 1024, 'events.ndjson [-------------------]   0%        0 B / 1.0 KB'],
    [512, 1024, 'events.ndjson [#########----------]  50%      512 B / 1.0 KB'],
    [1024, 1024, 'events.ndjson [###################] 100%     1.0 KB / 1.0 KB'],
    [2048, 1024, 'events.ndjson [###################] 100%     1.0 KB / 1.0 KB'],
  ])('%i of %i bytes at width 60: %s', (bytesRead, totalBytes, bar) => {
    expect(renderProgressBar('events.ndjson', { bytesRead, totalBytes }, 60)).toBe(bar);
  });

  it('an unknown size shows the bytes read', () => {
    expect(
      renderProgressBar(
        'standard input',
        { bytesRead: 2 * 1024 * 1024, totalBytes: undefined },
        60,
      ),
    ).toBe('standard input  2.0 MB read');
  });

  it('a long label is shortened from the left', () => {
    const bar = renderProgressBar(
      '/data/exports/2026/november/events.ndjson',
      { bytesRead: 0, totalBytes: 100 },
      50,
    );
    expect(bar).toBe('…vents.ndjson [----------]   0%        0 B / 100 B');
    expect(bar).toHaveLength(50);
  });

  it.each([
    [1023, '1023 B'],
    [1536, '1.5 KB'],
    [52428800, '50.0 MB'],
    [3 * 1024 ** 3 + 1024 ** 3 / 4, '3.2 GB'],
  ])('formatBytes(%i) is %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('the bar never exceeds its width', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 80 }),
        fc.nat({ max: 2 ** 40 }),
        fc.nat({ max: 2 ** 40 }),
        fc.integer({ min: 50, max: 200 }),
        (label, bytesRead, totalBytes, width) => {
          expect(
            [...renderProgressBar(label, { bytesRead, totalBytes }, width)].length,
          ).toBeLessThanOrEqual(width);
        },
      ),
    );
  });

  it('the bar keeps its length while it fills', () => {
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 40 }), fc.nat({ max: 2 ** 40 }), (a, total) => {
        const line = (bytesRead: number) =>
          renderProgressBar('events.ndjson', { bytesRead, totalBytes: total }, 80);
        expect(line(Math.min(a, total)).length).toBe(line(0).length);
      }),
    );
  });

  it('the bar only grows as bytes are read', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 10_000 }),
        fc.nat({ max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (a, b, total) => {
          const filled = (bytesRead: number) =>
            renderProgressBar('f', { bytesRead, totalBytes: total }, 80).split('#').length - 1;
          expect(filled(Math.min(a, b))).toBeLessThanOrEqual(filled(Math.max(a, b)));
        },
      ),
    );
  });
});

describe('createProgressWriter', () => {
  it('draws nothing when stderr is not a terminal', () => {
    for (const isTTY of [false, undefined]) {
      const out = stream(isTTY);
      const bar = createProgressWriter(out, 'events.ndjson');
      bar.update({ bytesRead: 10, totalBytes: 100 });
      bar.done();
      expect(out.writes).toEqual([]);
    }
  });

  it('on a terminal: redraws the line when the text changes, then clears it', () => {
    const out = stream(true, 61);
    const bar = createProgressWriter(out, 'events.ndjson');
    bar.update({ bytesRead: 512, totalBytes: 1024 });
    bar.update({ bytesRead: 512, totalBytes: 1024 });
    bar.update({ bytesRead: 1024, totalBytes: 1024 });
    bar.done();
    expect(out.writes).toEqual([
      '\revents.ndjson [#########----------]  50%      512 B / 1.0 KB\u001b[K',
      '\revents.ndjson [###################] 100%     1.0 KB / 1.0 KB\u001b[K',
      '\r\u001b[K',
    ]);
  });
});

describe('createRowsProgressWriter', () => {
  it('counts the rows of a table on a terminal, shortening a long name from the left', () => {
    const out = stream(true, 41);
    const counter = createRowsProgressWriter(out, 'duckdb:usage.duckdb#events');
    counter.update(1250000);
    counter.update(1250000);
    counter.done();
    // 40 columns: "  1,250,000 rows read" takes 21, the name the 19 left ("…" and its last 18).
    expect(out.writes).toEqual([
      '\r…sage.duckdb#events  1,250,000 rows read\u001b[K',
      '\r\u001b[K',
    ]);
    expect(renderRowsRead('t', 0, 80)).toBe('t  0 rows read');
  });

  it('draws nothing when stderr is not a terminal', () => {
    const out = stream(false);
    const counter = createRowsProgressWriter(out, 'clickhouse://127.0.0.1:8123/?table=events');
    counter.update(10);
    counter.done();
    expect(out.writes).toEqual([]);
  });
});

describe('createCountProgressWriter', () => {
  it('counts the work done with the time left at the rate so far', () => {
    // 1,200 of 24,000 in 10 s: 22,800 left at 120 a second = 190 s = 3m 10s.
    expect(
      renderCountProgress(
        'pricing',
        { done: 1200, total: 24000, elapsedMs: 10_000 },
        'invoices',
        80,
      ),
    ).toBe('pricing  1,200 / 24,000 invoices   5%  ETA 3m 10s');
    // Nothing done yet: no rate, no ETA.
    expect(renderCountProgress('p', { done: 0, total: 4, elapsedMs: 5 }, 'invoices', 80)).toBe(
      'p  0 / 4 invoices   0%',
    );
    expect([formatDuration(999), formatDuration(59_001), formatDuration(3_900_000)]).toEqual([
      '1s',
      '1m 00s',
      '1h 05m',
    ]);
  });

  it('draws on a terminal only, with the clock given, and clears its line', () => {
    let clock = 0;
    const out = stream(true, 81);
    const pricing = createCountProgressWriter(out, 'feecast backtest', 'invoices', () => clock);
    pricing.update(0, 4);
    clock = 2000;
    pricing.update(1, 4);
    pricing.done();
    // 1 of 4 in 2 s: 3 left at 2 s each = 6 s.
    expect(out.writes).toEqual([
      '\rfeecast backtest  0 / 4 invoices   0%\u001b[K',
      '\rfeecast backtest  1 / 4 invoices  25%  ETA 6s\u001b[K',
      '\r\u001b[K',
    ]);
    const pipe = stream(false);
    const quiet = createCountProgressWriter(pipe, 'x', 'invoices');
    quiet.update(1, 2);
    quiet.done();
    expect(pipe.writes).toEqual([]);
  });
});
