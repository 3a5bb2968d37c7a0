import { mkdirSync, mkdtempSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_VERSION } from "@caresuite/domain";
import { buildActivationCode } from "../apps/server/src/test-support/licences.ts";
import { serverUpdatePackage } from "../apps/server/src/test-support/update-packages.ts";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { UPDATES_TESTIDS } from "../apps/web/src/features/admin/updates/updates-testids.ts";
import { completeFirstRun } from "./support/api.ts";
import { axeViolations } from "./support/axe.ts";
import { byTestId, launchBrowser, newPage } from "./support/browser.ts";
import { signIn } from "./support/pages.ts";
import { startServer, type RunningServer } from "./support/server.ts";

const ROOT = resolve(import.meta.dirname, "..");
const ADMIN = { username: "admin", password: "admin password 1" };
const NEW_VERSION = "5.442";
// See admin.e2e.ts: the theme's contrast is checked on its own.
const AXE = { disableRules: ["color-contrast"] };

/**
 * A signed update in Chromium (docs/decisions/043-signed-updates.md): /admin/updates uploads the
 * package (available), installs it (in progress), the supervisor restarts the server into it, and
 * the open page shows the update banner with the 30 s countdown (spec: "restart ... with a version
 * sets the available update"; "It counts down from 30 seconds") and the update as done.
 */
describe("updates in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // The release is unpacked into DATA_DIR and must find node_modules by walking up: inside the
    // repository (tmp/ is ignored). The web app is the built one of the repository.
    mkdirSync(join(ROOT, "tmp"), { recursive: true });
    const dataDir = mkdtempSync(join(ROOT, "tmp", "caresuite-e2e-update-"));
    server = await startServer({ DATA_DIR: dataDir, WEB_DIST: join(ROOT, "apps/web/dist") }, { supervised: true });
    const admin = await completeFirstRun(server.baseUrl, ADMIN);
    await admin.query("mutation ($c: String!, $code: String!) { activateLicense(customer: $c, code: $code) { id } }", {
      c: "123456",
      code: buildActivationCode(),
    });
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("uploads, installs, restarts: the banner counts down and the update is done", async () => {
    const { page } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
    await page.goto(`${server.baseUrl}/admin/updates`);
    await expect.poll(() => byTestId(page, UPDATES_TESTIDS.runningVersion).textContent()).toBe(PRODUCT_VERSION);
    expect(await axeViolations(page, `[data-testid="${UPDATES_TESTIDS.page}"]`, AXE)).toEqual([]);

    await byTestId(page, UPDATES_TESTIDS.uploadInput).setInputFiles({
      name: `caresuite-${NEW_VERSION}.update`,
      mimeType: "application/x-tar",
      buffer: serverUpdatePackage(NEW_VERSION),
    });
    await expect.poll(() => byTestId(page, UPDATES_TESTIDS.state).getAttribute("data-state")).toBe("available");
    expect(await byTestId(page, UPDATES_TESTIDS.packageVersion).textContent()).toBe(NEW_VERSION);

    await byTestId(page, UPDATES_TESTIDS.install).click();
    // The restarted server says its version: banner with the countdown, then done.
    await byTestId(page, TESTIDS.updateBanner).waitFor({ timeout: 20_000 });
    expect(await byTestId(page, TESTIDS.updateBanner).textContent()).toContain(NEW_VERSION);
    await expect.poll(() => byTestId(page, TESTIDS.updateCountdown).isVisible()).toBe(true);
    await expect.poll(() => byTestId(page, UPDATES_TESTIDS.state).getAttribute("data-state"), { timeout: 15_000 }).toBe("done");
    expect(await byTestId(page, UPDATES_TESTIDS.runningVersion).textContent()).toBe(NEW_VERSION);
    expect(await axeViolations(page, `[data-testid="${TESTIDS.updateBanner}"]`, AXE)).toEqual([]);
  }, 60_000);
});
