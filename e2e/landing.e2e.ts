import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYTICS_TESTIDS } from "../apps/web/src/features/analytics/analytics-testids.ts";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { completeFirstRun } from "./support/api.ts";
import { byTestId, launchBrowser, newPage, shotsDir } from "./support/browser.ts";
import { freePort, startServer, type RunningServer } from "./support/server.ts";

/**
 * "A browser test signs in as each demo user (admin, pflege, technik) and as a fresh
 * install's superuser, and asserts that the page they land on is a working screen, not 'not
 * found'." Keep it passing as screens arrive: add each new screen's test id to SCREENS.
 */
const SCREENS = [TESTIDS.display.page, TESTIDS.sync.page, TESTIDS.admin.nav, TESTIDS.tree.page, TESTIDS.log.page, ANALYTICS_TESTIDS.page];
const SHOTS = shotsDir();

/** Signs in from /login and waits until a screen or the not-found page is shown; returns which. */
async function signInAndLand(page: Page, baseUrl: string, username: string, password: string): Promise<string> {
  await page.goto(`${baseUrl}/login`);
  await byTestId(page, TESTIDS.login.username).fill(username);
  await byTestId(page, TESTIDS.login.password).fill(password);
  await byTestId(page, TESTIDS.login.submit).click();
  await page.waitForURL((url) => url.pathname !== "/login" && url.pathname !== "/home", { timeout: 15_000 });
  const any = [TESTIDS.notFound.page, ...SCREENS].map((id) => `[data-testid="${id}"]`).join(", ");
  const shown = page.locator(any).first();
  await shown.waitFor({ timeout: 15_000 });
  return (await shown.getAttribute("data-testid")) ?? "";
}

async function expectWorkingScreen(page: Page, landed: string, shot: string): Promise<void> {
  if (landed === TESTIDS.display.page) {
    // The board has loaded its calls (or says there are none) before the screenshot.
    await page.locator(`[data-testid="${TESTIDS.display.calls}"], [data-testid="${TESTIDS.display.empty}"]`).first().waitFor();
  }
  await page.screenshot({ path: join(SHOTS, `landing-${shot}.png`) });
  expect(landed).not.toBe(TESTIDS.notFound.page);
  expect(SCREENS).toContain(landed);
  expect(await byTestId(page, TESTIDS.notFound.page).count()).toBe(0);
  expect(await page.getByText("404").count()).toBe(0);
}

describe("sign-in lands on a working screen", () => {
  let browser: Browser;
  let demoServer: RunningServer | undefined;
  const demo = (): RunningServer => {
    if (!demoServer) throw new Error("demo server not started");
    return demoServer;
  };
  beforeAll(async () => {
    browser = await launchBrowser();
    demoServer = await startServer({ DEMO_MODE: "true", CONTROLLER_PORT: String(await freePort()) });
  });
  afterAll(async () => {
    await browser?.close();
    await demoServer?.stop();
  });

  describe("in demo mode", () => {
    // spec "Home redirect": the tree for the systemtree module, else the log for the call log module.
    it.each([
      ["admin", "demo-admin", TESTIDS.tree.page],
      ["pflege", "demo-pflege", TESTIDS.log.page],
      ["technik", "demo-technik", TESTIDS.tree.page],
    ])("%s lands on a working screen", async (username, password, expected) => {
      const { page, consoleErrors } = await newPage(browser);
      const landed = await signInAndLand(page, demo().baseUrl, username, password);
      await expectWorkingScreen(page, landed, username);
      expect(landed).toBe(expected);
      expect(consoleErrors).toEqual([]);
    });
  });

  describe("the navigation of the demo admin", () => {
    it("links only to screens that exist (hidden, not linked to a 404)", async () => {
      const { page } = await newPage(browser);
      await signInAndLand(page, demo().baseUrl, "admin", "demo-admin");
      await page.goto(`${demo().baseUrl}/sync`);
      await byTestId(page, TESTIDS.shell.topbar).waitFor();
      const hrefs = await page.locator('[data-testid^="shell.nav."]').evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) {
        await page.goto(`${demo().baseUrl}${href}`);
        await page
          .locator(SCREENS.map((id) => `[data-testid="${id}"]`).join(", "))
          .first()
          .waitFor({ timeout: 15_000 });
        expect(await byTestId(page, TESTIDS.notFound.page).count(), href).toBe(0);
      }
    });
  });

  describe("on a fresh install", () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({ CONTROLLER_PORT: String(await freePort()) });
      await completeFirstRun(server.baseUrl, { username: "chef", password: "chef password 1", locale: "fr" });
    });
    afterAll(async () => {
      await server?.stop();
    });

    it("the superuser lands on a working screen", async () => {
      const { page, consoleErrors } = await newPage(browser);
      const landed = await signInAndLand(page, server.baseUrl, "chef", "chef password 1");
      // Created in French: the screen they land on speaks it (and gives the French screenshot).
      await expectWorkingScreen(page, landed, "superuser-fr");
      expect(await page.locator("html").getAttribute("lang")).toBe("fr");
      expect(consoleErrors).toEqual([]);
    });
  });
});
