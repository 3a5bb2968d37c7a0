import { describe, expect, it } from "vitest";
import { fieldErrors } from "./field-errors.ts";
import { isPrivateKeyText, isTunnelHost, tunnelMissing, tunnelOpenSchema, tunnelResumes, tunnelSettingsSchema } from "./tunnel.ts";

// Route table "/admin ldap, tunnel, logs | admin::manage_system and management licence"; the rules
// below are the ones docs/decisions/042-remote-access-tunnel.md records.
const valid = {
  host: "support.example.com",
  port: 22,
  username: "caresuite",
  auth_method: "key",
  private_key: "",
  password: "",
  host_key_fingerprint: `SHA256:${"A".repeat(43)}`,
  remote_port: 10_022,
};

describe("tunnelSettingsSchema", () => {
  it.each([
    ["a host with a space", { host: "bad host" }, "host", "validation.format"],
    ["port 0", { port: 0 }, "port", "validation.between"],
    ["remote port 70000", { remote_port: 70_000 }, "remote_port", "validation.between"],
    ["an MD5 fingerprint", { host_key_fingerprint: "MD5:12:34" }, "host_key_fingerprint", "validation.tunnel_fingerprint"],
    ["a fingerprint one character short", { host_key_fingerprint: `SHA256:${"A".repeat(42)}` }, "host_key_fingerprint", "validation.tunnel_fingerprint"],
    ["text that is no private key", { private_key: "hello" }, "private_key", "validation.tunnel_private_key"],
    ["a user with a space", { username: "a b" }, "username", "validation.format"],
    ["an unknown method", { auth_method: "kerberos" }, "auth_method", "validation.invalid"],
  ])("refuses %s", (_name, change, field, message) => {
    const parsed = tunnelSettingsSchema.safeParse({ ...valid, ...change });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(fieldErrors(parsed.error)[field]?.[0]?.message).toBe(message);
  });

  it("takes a complete setting, an empty fingerprint (pinned later) and a key block", () => {
    expect(tunnelSettingsSchema.safeParse(valid).success).toBe(true);
    expect(tunnelSettingsSchema.safeParse({ ...valid, host_key_fingerprint: "" }).success).toBe(true);
    const key = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n";
    expect(tunnelSettingsSchema.safeParse({ ...valid, private_key: key }).success).toBe(true);
    expect(isPrivateKeyText(key)).toBe(true);
  });

  it.each([
    ["support.example.com", true],
    ["127.0.0.1", true],
    ["::1", true],
    ["-bad.example", false],
    ["a_b.example", false],
    ["", false],
  ])("isTunnelHost(%j) = %s", (host, ok) => {
    expect(isTunnelHost(host)).toBe(ok);
  });
});

describe("the time limit: 1 to 24 hours", () => {
  it.each([
    [0, false],
    [1, true],
    [24, true],
    [25, false],
    [1.5, false],
  ])("%s h → %s", (hours, ok) => {
    expect(tunnelOpenSchema.safeParse({ duration_hours: hours }).success).toBe(ok);
  });

  it.each([
    [null, 1_000, false],
    [999, 1_000, false],
    [1_000, 1_000, false],
    [1_001, 1_000, true],
  ])("a tunnel open until %s resumes after a restart at %s: %s", (openUntil, now, resumes) => {
    expect(tunnelResumes(openUntil, now)).toBe(resumes);
  });
});

describe("tunnelMissing", () => {
  const ready = { host: "h", username: "u", auth_method: "key" as const, has_private_key: true, has_password: false, host_key_fingerprint: "SHA256:x" };
  it.each([
    ["ready", {}, null],
    ["no host", { host: "" }, "not_configured"],
    ["key method without a key", { has_private_key: false }, "not_configured"],
    ["password method without a password", { auth_method: "password" as const }, "not_configured"],
    ["no pinned host key", { host_key_fingerprint: "" }, "host_key_not_pinned"],
  ])("%s → %s", (_name, change, missing) => {
    expect(tunnelMissing({ ...ready, ...change })).toBe(missing);
  });
});
