// --json output and error reporting with exit codes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/io';
import { exitCodeFor, renderError, renderJson, reportError } from '../../src/render/index';
import { recordingIo } from '../args/builders';
import { fee } from './builders';

describe('renderJson', () => {
  it('pretty JSON with a final line break', () => {
    expect(renderJson({ fees: [{ amount_cents: 1000 }] })).toEqual({
      _tag: 'Right',
      right: '{\n  "fees": [\n    {\n      "amount_cents": 1000\n    }\n  ]\n}\n',
    });
  });

  it('a wire fee prints exactly as it decodes', () => {
    const printed = renderJson({ fees: [fee()] });
    expect(printed._tag === 'Right' && JSON.parse(printed.right)).toEqual({ fees: [fee()] });
  });

  it('JSON output reads back as the value printed', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const json = JSON.parse(JSON.stringify(value)) as unknown;
        const printed = renderJson(json);
        expect(printed._tag === 'Right' && JSON.parse(printed.right)).toEqual(json);
      }),
    );
  });

  it('NaN and Infinity are refused with their path, never written as null', () => {
    expect(renderJson({ fees: [{ amount: 1 }, { amount: Number.NaN }] })).toMatchObject({
      _tag: 'Left',
      left: { code: 'out_of_range', path: ['fees', '1', 'amount'] },
    });
    expect(renderJson({ total: Number.POSITIVE_INFINITY })).toMatchObject({
      left: { message: 'The result holds Infinity at total, which JSON cannot carry.' },
    });
  });

  it('bigints and cycles are refused', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(renderJson({ n: 1n })._tag).toBe('Left');
    expect(renderJson(cycle)._tag).toBe('Left');
  });
});

describe('errors and exit codes', () => {
  it('usage errors exit 2, everything else 1', () => {
    expect(exitCodeFor({ code: 'invalid_usage', message: 'x' })).toBe(EXIT.usage);
    expect(exitCodeFor({ code: 'invalid_input', message: 'x' })).toBe(EXIT.badInput);
    expect(exitCodeFor({ code: 'unreadable_file', message: 'x' })).toBe(1);
    expect(exitCodeFor({ code: 'invalid_json', message: 'x' })).toBe(1);
  });

  it('the message is printed after the command, terminal-safe, line by line', () => {
    expect(
      renderError('feecast estimate', {
        code: 'invalid_input',
        message: 'plan.json: Could not decode Plan\n- name: expected string, found "\u001b[2J"',
      }),
    ).toBe(
      'feecast estimate: plan.json: Could not decode Plan\n- name: expected string, found "\\u{1b}[2J"\n',
    );
  });

  it('reportError writes to stderr and returns the exit code', () => {
    const io = recordingIo();
    expect(
      reportError(io, 'feecast compare', {
        code: 'unreadable_file',
        message: 'Cannot read a.json.',
      }),
    ).toBe(1);
    expect(io.err).toEqual(['feecast compare: Cannot read a.json.\n']);
    expect(io.out).toEqual([]);
  });
});
