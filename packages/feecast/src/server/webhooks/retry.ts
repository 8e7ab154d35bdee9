/**
 * When a failed delivery is tried again: bounded exponential backoff. After the attempt `n`
 * fails (no 2xx answer), the next one waits `firstDelayMs * 2^(n-1)`, at most `maxDelayMs`;
 * after `maxAttempts` attempts the delivery has failed for good. The defaults (1 s, doubling,
 * at most 5 minutes, 10 attempts) give up 511 s (1 + 2 + 4 + ... + 256) after the first attempt.
 */

/** How deliveries are retried. */
export interface RetryPolicy {
  /** The wait after the first failed attempt, in milliseconds. */
  readonly firstDelayMs: number;
  /** The longest wait between two attempts, in milliseconds. */
  readonly maxDelayMs: number;
  /** How many attempts a delivery gets in all (at least 1). */
  readonly maxAttempts: number;
}

/** The policy of `feecast serve`. */
export const DEFAULT_RETRY: RetryPolicy = {
  firstDelayMs: 1_000,
  maxDelayMs: 300_000,
  maxAttempts: 10,
};

/**
 * How long to wait after the failed attempt `attempt` (1 for the first) before the next one,
 * in milliseconds; `undefined` when it was the last.
 *
 * @example
 * retryDelayMs(DEFAULT_RETRY, 1); // 1000
 * retryDelayMs(DEFAULT_RETRY, 4); // 8000
 * retryDelayMs(DEFAULT_RETRY, 10); // undefined: 10 attempts in all
 */
export function retryDelayMs(policy: RetryPolicy, attempt: number): number | undefined {
  if (attempt >= policy.maxAttempts) return undefined;
  let delay = policy.firstDelayMs;
  for (let i = 1; i < attempt && delay < policy.maxDelayMs; i++) delay *= 2;
  return Math.min(delay, policy.maxDelayMs);
}
