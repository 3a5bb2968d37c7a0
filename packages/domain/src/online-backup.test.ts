import { describe, expect, it } from "vitest";
import { isLocalhostAddress, onlineBackupSettingsSchema, onlineBackupState, parseSftpPath } from "./online-backup.ts";

describe("online backup path (spec 'Online backup: enabled, path, …'; docs/decisions/045)", () => {
  it.each([
    ["sftp://backup@nas.example.com/caresuite", { username: "backup", host: "nas.example.com", port: 22, folder: "caresuite" }],
    ["sftp://backup@10.0.0.5:2222//srv/backups/", { username: "backup", host: "10.0.0.5", port: 2222, folder: "/srv/backups" }],
    ["sftp://b@[fd00::1]:22", { username: "b", host: "fd00::1", port: 22, folder: "" }],
    ["sftp://nas.example.com/x", null],
    ["https://backup@nas/x", null],
    ["sftp://backup@nas:70000/x", null],
    ["sftp://backup@nas/../etc", null],
    ["sftp://backup@bad host/x", null],
  ])("%s", (path, expected) => {
    expect(parseSftpPath(path)).toEqual(expected);
  });
});

describe("online backup states (spec 'Online backup: unconfigured, enabled, disabled, in progress, error')", () => {
  const base = { enabled: true, path: "sftp://a@b/c", has_token: true, uploading: false, last_ok: null };
  it.each([
    [{ ...base, path: "" }, "unconfigured"],
    [{ ...base, has_token: false }, "unconfigured"],
    [{ ...base, enabled: false }, "disabled"],
    [{ ...base, uploading: true }, "in_progress"],
    [{ ...base, last_ok: false }, "error"],
    [{ ...base, last_ok: true }, "enabled"],
    [base, "enabled"],
  ] as const)("%o → %s", (input, state) => {
    expect(onlineBackupState(input)).toBe(state);
  });
});

describe("online backup settings", () => {
  it("needs a path and a pinned key when enabled", () => {
    const result = onlineBackupSettingsSchema.safeParse({ enabled: true, path: "", host_key_fingerprint: "", token: "" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toEqual(["path", "host_key_fingerprint"]);
    expect(onlineBackupSettingsSchema.safeParse({ enabled: false, path: "", host_key_fingerprint: "", token: "" }).success).toBe(true);
  });

  it.each([
    ["127.0.0.1", true],
    ["::1", true],
    ["::ffff:127.0.0.1", true],
    ["127.0.0.2", false],
    ["10.0.0.1", false],
  ])("editable only via localhost: %s → %s", (ip, ok) => {
    expect(isLocalhostAddress(ip)).toBe(ok);
  });
});
