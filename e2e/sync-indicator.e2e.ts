import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TESTIDS } from "../apps/web/src/testids.ts";
import { startTestSimulator, type TestSimulator } from "../apps/server/src/test-support/simulator.ts";
import { completeFirstRun, type ApiClient } from "./support/api.ts";
import { seriousViolations } from "./support/axe.ts";
import { byTestId, launchBrowser, newPage, shotsDir } from "./support/browser.ts";
import { signIn, waitForPath } from "./support/pages.ts";
import { startServer, type RunningServer } from "./support/server.ts";

const SIZES = [
  { name: "390x844", viewport: { width: 390, height: 844 } },
  { name: "1920x1080", viewport: { width: 1920, height: 1080 } },
];

/**
 * The top bar's sync indicator on a fresh install (not demo: in demo mode nothing is ever
 * pending): the configuration was never committed, so it says "never synced" and takes the
 * technician to the sync page, where it steps aside.
 */
describe("the top bar's sync indicator", () => {
  let simulator: TestSimulator;
  let server: RunningServer;
  let browser: Browser;
  let api: ApiClient;
  const admin = { username: "technik", password: "technik password 1" };

  beforeAll(async () => {
    simulator = await startTestSimulator();
    server = await startServer();
    api = await completeFirstRun(server.baseUrl, { ...admin, controllerPort: simulator.port });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await simulator?.stop();
  });

  it("says never synced, links to /sync and is hidden there", async () => {
    const { page, consoleErrors } = await newPage(browser);
    await signIn(page, server.baseUrl, admin.username, admin.password);
    await page.goto(`${server.baseUrl}/admin/systemparams`);
    const indicator = byTestId(page, TESTIDS.shell.syncIndicator);
    await expect.poll(() => indicator.getAttribute("data-state")).toBe("neverSynced");
    const link = byTestId(page, TESTIDS.shell.syncIndicatorLink);
    expect(await link.textContent()).toBe("Nie synchronisiert");
    expect(await link.getAttribute("href")).toBe("/sync");
    // spec: "It pulses when a commit is pending" (never committed is pending).
    expect(Number(await link.getAttribute("data-pulse"))).toBeGreaterThan(0);
    // A link with a name that starts with its visible text.
    expect(await page.getByRole("link", { name: /^Nie synchronisiert\./ }).count()).toBe(1);
    expect(await seriousViolations(page, `[data-testid="${TESTIDS.shell.topbar}"]`)).toEqual([]);

    await link.click();
    await waitForPath(page, "/sync");
    // spec: "hidden on the sync route" (once the sync screen has loaded: navigation is a transition).
    await byTestId(page, TESTIDS.sync.page).waitFor();
    await expect.poll(() => indicator.count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it.each(["de", "fr"])("looks right at phone and desktop size in %s", async (locale) => {
    if (locale !== "de") {
      const { authUser } = await api.query<{ authUser: { id: number } }>("{ authUser { id } }");
      await api.query('mutation ($id: Int!) { updateUser(id: $id, data: { locale: "fr" }) { id } }', { id: authUser.id });
    }
    for (const size of SIZES) {
      const { page, context } = await newPage(browser, { viewport: size.viewport });
      await signIn(page, server.baseUrl, admin.username, admin.password);
      await page.goto(`${server.baseUrl}/admin/systemparams`);
      const link = byTestId(page, TESTIDS.shell.syncIndicatorLink);
      await link.waitFor();
      expect(await link.textContent()).toBe(locale === "de" ? "Nie synchronisiert" : "Jamais synchronisé");
      // The whole label fits: not cut by the top bar at phone width.
      const box = await link.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(size.viewport.width);
      await page.screenshot({ path: join(shotsDir(), `sync-indicator-${locale}-${size.name}.png`) });
      await context.close();
    }
  });
});
