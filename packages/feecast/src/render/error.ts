/**
 * How a command ends on an error: the message on stderr, and the exit code for its kind.
 */
import type { FeecastError } from '@feecast/engine';
import { EXIT, type Io } from '../io';
import { terminalLines } from './terminal-text';

/**
 * The exit code for an error: 2 for bad usage (`invalid_usage`), 1 for everything else
 * (a file that cannot be read or decoded, a bad value, a pricing error).
 *
 * @example
 * exitCodeFor({ code: 'invalid_usage', message: '...' }) // 2
 * exitCodeFor({ code: 'invalid_input', message: '...' }) // 1
 */
export function exitCodeFor(error: FeecastError): number {
  return error.code === 'invalid_usage' ? EXIT.usage : EXIT.badInput;
}

/**
 * The text of an error: `<command>: <message>` (terminal-safe, ending with a line break).
 * The message already names the file, the path and a hint.
 *
 * @example
 * renderError('feecast estimate', { code: 'unreadable_file', message: 'Cannot read plan.json: ...' })
 * // 'feecast estimate: Cannot read plan.json: ...\n'
 */
export function renderError(command: string, error: FeecastError): string {
  return `${terminalLines(`${command}: ${error.message}`)}\n`;
}

/**
 * Writes the error on stderr and returns the exit code to end with.
 *
 * @example
 * if (plans._tag === 'Left') return reportError(io, 'feecast compare', plans.left); // 1
 */
export function reportError(io: Io, command: string, error: FeecastError): number {
  io.stderr(renderError(command, error));
  return exitCodeFor(error);
}
