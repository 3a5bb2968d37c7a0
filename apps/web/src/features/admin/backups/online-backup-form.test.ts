import { describe, expect, it } from "vitest";
import { onlineBackupErrors, onlineBackupScanErrors, onlineBackupFailureKey, onlineBackupStateKey, onlineBackupValues } from "./online-backup-form";

const stored = { enabled: true, path: "sftp://backup@nas.example.com/caresuite", host_key_fingerprint: `SHA256:${"B".repeat(43)}`, has_token: true };

describe("online backup form", () => {
  it("starts with an empty token (write-only) and passes the server's schema", () => {
    const values = onlineBackupValues(stored);
    expect(values.token).toBe("");
    expect(onlineBackupErrors(values)).toEqual({});
  });

  it("checks with the server's schema: a path that is not sftp:// and a malformed fingerprint", () => {
    const errors = onlineBackupErrors({ ...onlineBackupValues(stored), path: "https://nas/x", host_key_fingerprint: "MD5:aa" });
    expect(errors["path"]?.message).toBe("validation.online_backup_path");
    expect(errors["host_key_fingerprint"]?.message).toBe("validation.tunnel_fingerprint");
    expect(onlineBackupErrors({ ...onlineBackupValues(stored), path: "" })["path"]?.message).toBe("validation.required");
  });

  it("reading the host key needs a valid path only (the server's rule)", () => {
    const values = { ...onlineBackupValues(stored), enabled: false, host_key_fingerprint: "" };
    expect(onlineBackupScanErrors(values)).toEqual({});
    expect(onlineBackupScanErrors({ ...values, path: "" })["path"]?.message).toBe("validation.required");
    expect(onlineBackupScanErrors({ ...values, path: "ftp://nas/x", host_key_fingerprint: "x" })).toEqual({
      path: expect.objectContaining({ message: "validation.online_backup_path" }),
    });
  });

  it.each([
    ["in_progress", "backups.online.state.in_progress"],
    ["bogus", "backups.online.state.unconfigured"],
  ])("state %s → %s", (state, key) => expect(onlineBackupStateKey(state)).toBe(key));

  it.each([
    ["login_failure", "backups.online.error.login_failure"],
    [null, "backups.online.error.unknown"],
  ])("failure %s → %s", (failure, key) => expect(onlineBackupFailureKey(failure)).toBe(key));
});
