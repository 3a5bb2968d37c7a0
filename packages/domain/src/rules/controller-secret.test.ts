import { describe, expect, it } from "vitest";
import { needsPasswordReentry } from "./controller-secret.ts";

const stored = { ip: "10.0.0.5", tcp_port: 8080, has_password: true };

describe("needsPasswordReentry (ARCHITECTURE «Security rules»: stored secrets go only to the address they were saved with)", () => {
  it.each([
    ["same address, empty password: the stored one is used there", { ip: "10.0.0.5", tcp_port: 8080, password: "" }, false],
    ["new ip, empty password", { ip: "10.0.0.6", tcp_port: 8080, password: "" }, true],
    ["new port, empty password", { ip: "10.0.0.5", tcp_port: 8081, password: "" }, true],
    ["new ip, password typed", { ip: "10.0.0.6", tcp_port: 8080, password: "typed" }, false],
    ["spaces around the same ip", { ip: " 10.0.0.5 ", tcp_port: 8080, password: "" }, false],
  ])("%s", (_name, next, expected) => {
    expect(needsPasswordReentry(stored, next)).toBe(expected);
  });

  it("asks nothing when no password is stored", () => {
    expect(needsPasswordReentry({ ...stored, has_password: false }, { ip: "10.0.0.6", tcp_port: 1, password: "" })).toBe(false);
  });
});
