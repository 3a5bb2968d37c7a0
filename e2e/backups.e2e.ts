import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKUPS_TESTIDS } from "../apps/web/src/features/admin/backups/backups-testids.ts";
import { buildActivationCode } from "../apps/server/src/test-support/licences.ts";
import { freePort, startTestSshd, type TestSshd } from "../apps/server/src/test-support/sshd.ts";
import { completeFirstRun, type ApiClient } from "./support/api.ts";
import { axeViolations } from "./support/axe.ts";
import { byTestId, launchBrowser, newPage, shotsDir } from "./support/browser.ts";
import { signIn } from "./support/pages.ts";
import { startServer, type RunningServer } from "./support/server.ts";
import { until } from "./support/wait.ts";

const ADMIN = { username: "admin", password: "admin password 1" };
// See admin.e2e.ts: the theme's contrast is checked on its own.
const AXE = { disableRules: ["color-contrast"] };
const ROLES = "{ roles { name } }";

/**
 * Backups in Chromium (docs/decisions/041-backups.md): the administrator makes a backup on
 * /admin/backups, a role is added afterwards, and restoring the backup (after the confirmation)
 * takes the site back to the backup's state.
 */
describe("backups in Chromium", () => {
  let server: RunningServer;
  let admin: ApiClient;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    admin = await completeFirstRun(server.baseUrl, ADMIN);
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("an administrator makes a backup and restores it", async () => {
    const { page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
    await page.goto(`${server.baseUrl}/admin/backups`);
    await byTestId(page, BACKUPS_TESTIDS.page).waitFor();
    await page.getByText("Noch keine Sicherung").waitFor();

    await byTestId(page, BACKUPS_TESTIDS.start).click();
    await byTestId(page, BACKUPS_TESTIDS.list).waitFor();
    const row = byTestId(page, BACKUPS_TESTIDS.list).locator("tbody tr").first();
    const name = ((await row.getAttribute("data-testid")) ?? "").replace("backups.row.", "");
    expect(name).toMatch(/^\d{4}-\d{2}-\d{2}T\d{4}Z/);
    expect(await axeViolations(page, `[data-testid="${BACKUPS_TESTIDS.page}"]`, AXE)).toEqual([]);

    // A change after the backup: the restore takes it away.
    await admin.query("mutation ($data: RoleInput!) { createRole(data: $data) { id } }", { data: { name: "Nach der Sicherung", permissions: [] } });
    await byTestId(page, BACKUPS_TESTIDS.restore(name)).click();
    await byTestId(page, BACKUPS_TESTIDS.confirm).waitFor();
    expect(await axeViolations(page, ".mantine-Modal-body", AXE)).toEqual([]);
    await page.screenshot({ path: join(shotsDir(), "backups-confirm-1280-de.png") });
    // Marks this document: the reload the server pushes after the restore replaces it.
    await page.evaluate(() => Object.assign(window, { beforeRestore: true }));
    await byTestId(page, BACKUPS_TESTIDS.confirm).click();

    const roles = await until(
      () => admin.query<{ roles: { name: string }[] }>(ROLES),
      (answer) => !answer.roles.some((role) => role.name === "Nach der Sicherung"),
    );
    expect(roles.roles.map((r) => r.name)).not.toContain("Nach der Sicherung");
    // The page comes back (the server tells browsers to reload) with the backup still listed.
    await page.waitForFunction(() => !("beforeRestore" in window), undefined, { timeout: 15_000 });
    await byTestId(page, BACKUPS_TESTIDS.row(name)).waitFor();
    await page.screenshot({ path: join(shotsDir(), "backups-1280-de.png"), fullPage: true });
  }, 30_000);

  it("the online backup reads the SFTP target's host key for pinning (docs/decisions/045)", async () => {
    const sshd: TestSshd = await startTestSshd();
    try {
      await admin.query("mutation ($customer: String!, $code: String!) { activateLicense(customer: $customer, code: $code) { id } }", {
        customer: "123456",
        code: buildActivationCode(),
      });
      const { page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
      await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
      await page.goto(`${server.baseUrl}/admin/backups`);
      const field = (name: string) => byTestId(page, BACKUPS_TESTIDS.field(`online.${name}`));
      await field("path").waitFor();
      // No path yet: the form's rule, before anything is asked of the server.
      await byTestId(page, BACKUPS_TESTIDS.onlineScan).click();
      await page.getByText("Ziel wird benötigt.").waitFor();
      // Typing after a failed check once crashed the page (the change handlers read the event late).
      await field("path").fill(`sftp://${sshd.username}@${sshd.host}:${sshd.port}//srv/backups`);
      await byTestId(page, BACKUPS_TESTIDS.onlineScan).click();
      await byTestId(page, BACKUPS_TESTIDS.onlineScanResult).getByText("Schlüssel gelesen").waitFor();
      expect(await field("host_key_fingerprint").inputValue()).toBe(sshd.hostKeyFingerprint);
      expect(await axeViolations(page, `[data-testid="${BACKUPS_TESTIDS.online}"]`, AXE)).toEqual([]);

      await field("path").fill(`sftp://${sshd.username}@${sshd.host}:${await freePort()}//srv/backups`);
      await byTestId(page, BACKUPS_TESTIDS.onlineScan).click();
      await byTestId(page, BACKUPS_TESTIDS.onlineScanResult).getByText("Der Schlüssel konnte nicht gelesen werden: Das Ziel ist nicht erreichbar.").waitFor();
      // What was read stays in the field; nothing was saved.
      expect(await field("host_key_fingerprint").inputValue()).toBe(sshd.hostKeyFingerprint);
      const stored = await admin.query<{ onlineBackupSettings: { host_key_fingerprint: string } }>("{ onlineBackupSettings { host_key_fingerprint } }");
      expect(stored.onlineBackupSettings.host_key_fingerprint).toBe("");
      // A key locked by a passphrase is refused on its field, in the page's language; nothing is stored.
      await field("token").fill(sshd.encryptedPrivateKey);
      await byTestId(page, BACKUPS_TESTIDS.onlineSave).click();
      await page.getByText("Dieser Schlüssel ist mit einer Passphrase geschützt.", { exact: false }).waitFor();
      expect(await field("token").inputValue()).toBe(sshd.encryptedPrivateKey);
      const after = await admin.query<{ onlineBackupSettings: { has_token: boolean } }>("{ onlineBackupSettings { has_token } }");
      expect(after.onlineBackupSettings.has_token).toBe(false);
      await page.screenshot({ path: join(shotsDir(), "backups-online-scan-1280-de.png"), fullPage: true });
    } finally {
      await sshd.close();
    }
  }, 30_000);
});
