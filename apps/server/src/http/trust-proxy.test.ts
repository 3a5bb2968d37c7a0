import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { fastifyTrustProxy, parseTrustProxy } from "./trust-proxy.ts";

describe("TRUST_PROXY", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["false", false],
    ["1", 1],
    ["127.0.0.1", ["127.0.0.1"]],
    ["10.0.0.0/8, ::1", ["10.0.0.0/8", "::1"]],
    ["loopback,192.168.1.0/24", ["loopback", "192.168.1.0/24"]],
  ])("reads %j as %j", (value, expected) => {
    expect(parseTrustProxy(value)).toEqual({ ok: true, value: expected });
  });

  it.each(["true", "*", "10.0.0.0/33", "300.1.1.1", "proxy.example", "1.2.3.4/8/1", ","])("refuses %j", (value) => {
    expect(parseTrustProxy(value).ok).toBe(false);
  });

  it("is off unless configured, and a wrong value stops the start", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
  });

  it("trusts a hop count as that many proxies", () => {
    const trust = fastifyTrustProxy(2);
    expect(typeof trust === "function" && [trust("a", 0), trust("a", 1), trust("a", 2)]).toEqual([true, true, false]);
  });
});
