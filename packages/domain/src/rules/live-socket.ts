/** spec: "WebSocket keep-alive 30000 ms". */
export const KEEP_ALIVE_MS = 30_000;
/** spec: "ping timeout 10 s" / "no pong within 10 s closes with 4408". */
export const PING_TIMEOUT_MS = 10_000;
/** Close code when no pong arrived in time. */
export const CLOSE_PING_TIMEOUT = 4408;
/** Close code when the client restarts the socket (e.g. system context switch). */
export const CLOSE_RESTART = 4205;
/** spec: "unlimited retries". */
export const RETRY_ATTEMPTS = Number.POSITIVE_INFINITY;

const RETRY_STEP_MS = 250;
const RETRY_CAP_MS = 6000;

/**
 * Wait before reconnect attempt `retries`. spec: "wait 0 for first two attempts, then attempt x
 * 250 ms capped at 6000 ms". `retries` is graphql-ws's 0-based retry count (the value its
 * `retryWait(retries)` receives), used as the attempt number: 0 and 1 wait 0 ms, 2 waits 500 ms,
 * 3 waits 750 ms, ..., 24 and later wait 6000 ms.
 */
export function retryWait(retries: number): number {
  if (!Number.isFinite(retries) || retries < 2) return 0;
  return Math.min(Math.floor(retries) * RETRY_STEP_MS, RETRY_CAP_MS);
}
