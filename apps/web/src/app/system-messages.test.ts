import { describe, expect, it, vi } from "vitest";
import { createSystemMessageDispatcher, parsePayload, payloadSecondsAsMs, payloadVersion } from "./system-messages";

describe("system messages", () => {
  it("routes by subject with the parsed JSON payload", () => {
    const log = vi.fn();
    const dispatcher = createSystemMessageDispatcher(log);
    const time = vi.fn();
    dispatcher.register("time", time);
    dispatcher.dispatch({ subject: "time", payload: '{"seconds":1700000000}' });
    expect(time).toHaveBeenCalledWith({ seconds: 1700000000 });
    expect(log).not.toHaveBeenCalled();
  });

  it("logs unknown subjects (spec: unknown subjects are logged)", () => {
    const log = vi.fn();
    createSystemMessageDispatcher(log).dispatch({ subject: "getsconfig.progress", payload: "{}" });
    expect(log).toHaveBeenCalledWith("system message", "getsconfig.progress", "{}");
  });

  it("unregisters only its own handler", () => {
    const log = vi.fn();
    const dispatcher = createSystemMessageDispatcher(log);
    const first = vi.fn();
    const second = vi.fn();
    const offFirst = dispatcher.register("reload", first);
    dispatcher.register("reload", second);
    offFirst();
    dispatcher.dispatch({ subject: "reload", payload: null });
    expect(second).toHaveBeenCalledOnce();
    expect(first).not.toHaveBeenCalled();
  });

  it("reads payloads defensively", () => {
    expect(parsePayload(null)).toBeNull();
    expect(parsePayload("not json")).toBe("not json");
    // spec: "time (sets the clock from payload seconds x 1000)"
    expect(payloadSecondsAsMs({ seconds: 12.5 })).toBe(12500);
    expect(payloadSecondsAsMs({ seconds: "12" })).toBeNull();
    expect(payloadVersion({ version: "5.442" })).toBe("5.442");
    expect(payloadVersion({})).toBeNull();
  });
});
