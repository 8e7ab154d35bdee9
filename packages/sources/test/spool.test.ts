// Standard input kept in a temporary file, so that a command can read its events more than once.
import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEventsSync, spoolStream } from '../src/index';
import { apiCall } from './builders';

async function* chunks(...parts: (string | Uint8Array)[]): AsyncGenerator<string | Uint8Array> {
  for (const part of parts) yield part;
}

describe('spoolStream', () => {
  it('copies the stream to a file that can be read twice, and dispose removes it', async () => {
    const text = `${JSON.stringify(apiCall(1))}\n${JSON.stringify(apiCall(2))}\n`;
    const cut = 10;
    const spooled = await spoolStream(
      chunks(text.slice(0, cut), new TextEncoder().encode(text.slice(cut))),
      'standard input',
    );
    if (spooled._tag === 'Left') throw new Error(spooled.left.message);
    const { path } = spooled.right;
    expect(readFileSync(path, 'utf8')).toBe(text);
    for (let pass = 0; pass < 2; pass++) {
      const events = [...readEventsSync(path, { name: 'standard input' }).events];
      expect(events.map((event) => event.transaction_id)).toEqual(['tr_1', 'tr_2']);
    }
    await spooled.right.dispose();
    expect(existsSync(dirname(path))).toBe(false);
    await spooled.right.dispose(); // a second time does nothing
  });

  it('a stream that fails is an unreadable_file error naming the stream', async () => {
    async function* failing(): AsyncGenerator<string> {
      yield '{"transaction_id": "tr_1"';
      throw Object.assign(new Error('i/o error'), { code: 'EIO' });
    }
    const spooled = await spoolStream(failing(), 'standard input');
    expect(spooled).toMatchObject({
      _tag: 'Left',
      left: { code: 'unreadable_file', message: 'Cannot read standard input: i/o error.' },
    });
  });
});
