/** Where a command writes: injected so tests capture output without touching the process. */
export interface Io {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

/** Exit codes of the `feecast` command. */
export const EXIT = {
  ok: 0,
  /** Bad input: a file that cannot be read or decoded. */
  badInput: 1,
  /** Bad usage: unknown command or option. */
  usage: 2,
} as const;
