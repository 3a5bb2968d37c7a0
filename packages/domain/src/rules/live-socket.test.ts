import { describe, expect, it } from "vitest";
import { CLOSE_PING_TIMEOUT, CLOSE_RESTART, KEEP_ALIVE_MS, PING_TIMEOUT_MS, retryWait } from "./live-socket.ts";

describe("retryWait", () => {
  // spec: "wait 0 for first two attempts, then attempt x 250 ms capped at 6000 ms"
  // (argument = graphql-ws retries, 0-based)
  it.each([
    [0, 0],
    [1, 0],
    [2, 500],
    [3, 750],
    [10, 2500],
    [23, 5750],
    [24, 6000],
    [25, 6000],
    [1000, 6000],
    [-1, 0],
    [Number.NaN, 0],
  ])("retries %d → %d ms", (retries, expected) => {
    expect(retryWait(retries)).toBe(expected);
  });
});

describe("socket constants", () => {
  it('spec: "WebSocket keep-alive 30000 ms; ... ping timeout 10 s" and "no pong within 10 s closes with 4408; restart closes with 4205"', () => {
    expect({ KEEP_ALIVE_MS, PING_TIMEOUT_MS, CLOSE_PING_TIMEOUT, CLOSE_RESTART }).toEqual({
      KEEP_ALIVE_MS: 30000,
      PING_TIMEOUT_MS: 10000,
      CLOSE_PING_TIMEOUT: 4408,
      CLOSE_RESTART: 4205,
    });
  });
});
