/**
 * Reading a whole (small) file as UTF-8 text, with errors that say what is wrong with it.
 */
import { readFile } from 'node:fs/promises';
import { type FeecastError, feecastError } from '@feecast/engine';
import { type Either, left, right } from 'fp-ts/lib/Either.js';

const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'there is no such file; check the path',
  EISDIR: 'it is a directory; give a file',
  EACCES: 'permission denied; check the file permissions',
  EPERM: 'permission denied; check the file permissions',
  ENOTDIR: 'a part of the path is not a directory; check the path',
};

/**
 * The `code` of a thrown Node error (`ENOENT`, `EAGAIN`...), or `''` when it has none.
 *
 * @example
 * errorCode(Object.assign(new Error('x'), { code: 'ENOENT' })) // => 'ENOENT'
 * errorCode('boom') // => ''
 */
export function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
}

/**
 * An `unreadable_file` error for an I/O failure on `file`, saying why in words.
 *
 * @example
 * fileError('plans.json', Object.assign(new Error('x'), { code: 'ENOENT' })).message
 * // => 'Cannot read plans.json: there is no such file; check the path.'
 */
export function fileError(file: string, error: unknown): FeecastError {
  const code = errorCode(error);
  const reason =
    REASONS[code] ?? (error instanceof Error ? error.message : 'the file could not be read');
  return feecastError('unreadable_file', `Cannot read ${file}: ${reason}.`, undefined, {
    file,
    ...(code === '' ? {} : { errno: code }),
  });
}

/**
 * The text of a UTF-8 file without its byte-order mark, or an `unreadable_file` error.
 *
 * @example
 * const text = await readTextFile('examples/cli/customer.json');
 * text._tag === 'Right' && text.right.startsWith('{\n  "customer": {') // => true
 * await readTextFile('no/such/file.json') // ~> left({ code: 'unreadable_file' })
 */
export async function readTextFile(file: string): Promise<Either<FeecastError, string>> {
  try {
    const text = await readFile(file, 'utf8');
    return right(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    return left(fileError(file, error));
  }
}
