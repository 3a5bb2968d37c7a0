import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { openDatabase } from "../apps/server/src/db/database.ts";
import { updateAppState, type StoredAppState } from "../apps/server/src/modules/appdata/app-state.repo.ts";
import { startTestSimulator, type TestSimulator } from "../apps/server/src/test-support/simulator.ts";
import { completeFirstRun, type ApiClient } from "./support/api.ts";
import { seriousViolations } from "./support/axe.ts";
import { byTestId, launchBrowser, newPage, shotsDir } from "./support/browser.ts";
import { signIn, waitForPath } from "./support/pages.ts";
import { startServer, type RunningServer } from "./support/server.ts";

/**
 * Writes the app state straight to the database: no API sets the commit times until publishing
 * exists (the server reads the state on every AppData request, so a reload sees it).
 */
async function setAppState(dataDir: string, patch: Partial<StoredAppState>): Promise<void> {
  const db = openDatabase({ dataDir });
  try {
    await updateAppState(db.kysely, patch, Date.now());
  } finally {
    await db.close();
  }
}

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

  it("says how long a change waits for its commit, pulsing stronger with time", async () => {
    const now = Date.now();
    await setAppState(server.dataDir, { last_gets_commit: now - 2 * 3_600_000, last_gets_change: now - 20 * 60_000 });
    const { page, context } = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
    await signIn(page, server.baseUrl, admin.username, admin.password);
    await page.goto(`${server.baseUrl}/admin/systemparams`);
    const link = byTestId(page, TESTIDS.shell.syncIndicatorLink);
    await expect.poll(() => byTestId(page, TESTIDS.shell.syncIndicator).getAttribute("data-state")).toBe("needsCommit");
    expect(await link.textContent()).toBe("Übertragen nötig · 20 min");
    // spec: "intensity rising with minutes since last change, full at 40 minutes": half at 20.
    expect(await link.getAttribute("data-pulse")).toBe("0.50");
    await page.screenshot({ path: join(shotsDir(), "sync-indicator-needs-commit-de-1920x1080.png") });
    expect(await link.evaluate((element) => getComputedStyle(element).animationName)).not.toBe("none");
    // Reduced motion: a steady ring instead of the pulse.
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await link.evaluate((element) => getComputedStyle(element).animationName)).toBe("none");
    expect(await link.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe("none");
    // The tooltip explains after its delay (1500 ms).
    await link.hover();
    await expect.poll(async () => (await page.getByRole("tooltip").textContent()) ?? "", { timeout: 5_000 }).toContain("20 Minuten");
    await context.close();
  });

  it("while a commit runs, sends navigation to /sync, blurs the header and hides the audit log", async () => {
    // spec: "Committing: the commit-start time is less than 15 minutes old (900 seconds)."
    await setAppState(server.dataDir, { commit_started_at: Date.now() - 60_000 });
    const { page, context } = await newPage(browser);
    await signIn(page, server.baseUrl, admin.username, admin.password);
    // spec: "navigation to any route other than display, sync or login is sent to sync".
    await page.goto(`${server.baseUrl}/admin/systemparams`);
    await waitForPath(page, "/sync");
    await byTestId(page, TESTIDS.sync.page).waitFor();
    // spec: "While committing, the main header is blurred and not clickable."
    const header = page.locator("header");
    expect(await header.getAttribute("inert")).not.toBeNull();
    expect(await header.evaluate((element) => getComputedStyle(element).filter)).toContain("blur");
    // spec: "The incident indicator and audit-log button are hidden while a configuration commit runs."
    expect(await byTestId(page, TESTIDS.shell.topbar).getAttribute("data-committing")).toBe("true");
    expect(await byTestId(page, TESTIDS.audit.button).count()).toBe(0);
    // The display stays open.
    await page.goto(`${server.baseUrl}/display`);
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe("/display");

    // The commit ends (15 minutes passed): everything is open again.
    await setAppState(server.dataDir, { commit_started_at: Date.now() - 901_000 });
    await page.goto(`${server.baseUrl}/admin/systemparams`);
    await byTestId(page, TESTIDS.shell.syncIndicator).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/systemparams");
    expect(await page.locator("header").getAttribute("inert")).toBeNull();
    await context.close();
  });

  // Last: the French pass switches the user's language.
  it.each(["de", "fr"])("looks right at phone and desktop size in %s", async (locale) => {
    if (locale !== "de") {
      const { authUser } = await api.query<{ authUser: { id: number } }>("{ authUser { id } }");
      await api.query('mutation ($id: Int!) { updateUser(id: $id, data: { locale: "fr" }) { id } }', { id: authUser.id });
    }
    // The longest label (needs commit) is the one to see at phone width.
    const now = Date.now();
    await setAppState(server.dataDir, { last_gets_commit: now - 2 * 3_600_000, last_gets_change: now - 20 * 60_000 });
    for (const size of SIZES) {
      const { page, context } = await newPage(browser, { viewport: size.viewport });
      await signIn(page, server.baseUrl, admin.username, admin.password);
      await page.goto(`${server.baseUrl}/admin/systemparams`);
      const link = byTestId(page, TESTIDS.shell.syncIndicatorLink);
      await link.waitFor();
      expect(await link.textContent()).toBe(locale === "de" ? "Übertragen nötig · 20 min" : "À transmettre · 20 min");
      // The whole label fits: not cut by the top bar at phone width.
      const box = await link.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(size.viewport.width);
      await page.screenshot({ path: join(shotsDir(), `sync-indicator-${locale}-${size.name}.png`) });
      await context.close();
    }
  });
});
