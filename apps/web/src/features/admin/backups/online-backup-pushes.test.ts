import { describe, expect, it } from "vitest";
import { systemMessages } from "../../../app/SystemMessagesListener";
import { onlineBackupPushesForTests } from "./online-backup-pushes";

describe("onlinebackup.token and onlinebackup.result (spec §7: store values)", () => {
  it("stores the last values while the section listens", () => {
    const stop = onlineBackupPushesForTests.listen();
    systemMessages.dispatch({ subject: "onlinebackup.result", payload: JSON.stringify({ ok: false, name: "2026-11-27T0300Z", error: "login_failure" }) });
    systemMessages.dispatch({ subject: "onlinebackup.token", payload: JSON.stringify({ has_token: true }) });
    expect(onlineBackupPushesForTests.get()).toMatchObject({
      count: 2,
      result: { ok: false, name: "2026-11-27T0300Z", error: "login_failure" },
      has_token: true,
    });
    stop();
  });
});
