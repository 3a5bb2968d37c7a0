import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { startTestSimulator, type TestSimulator } from "../apps/server/src/test-support/simulator.ts";
import { completeFirstRun } from "./support/api.ts";
import { byTestId, launchBrowser, newPage } from "./support/browser.ts";
import { signIn } from "./support/pages.ts";
import { startServer, type RunningServer } from "./support/server.ts";

/**
 * The top bar's call-system badge: a nurse or technician must see at a glance when the server has
 * lost the call system (calls would not reach the screens), and when it is back.
 */
describe("the top bar's call-system badge", () => {
  let simulator: TestSimulator;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  const badge = () => byTestId(page, TESTIDS.shell.callSystemStatus);

  beforeAll(async () => {
    simulator = await startTestSimulator();
    server = await startServer();
    // The first run through the API, as a newcomer's setup wizard does it.
    const admin = { username: "technik", password: "technik password 1" };
    await completeFirstRun(server.baseUrl, { ...admin, controllerPort: simulator.port });
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await signIn(page, server.baseUrl, admin.username, admin.password);
    // sign-in lands on the display (no tree, analytics or log screen yet), which has no
    // top bar; the sync status page is a screen of the main layout.
    await page.goto(`${server.baseUrl}/sync`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await simulator?.stop();
  });

  it("shows the link as connected, then lost with its last error, then connected again", async () => {
    await expect.poll(() => badge().getAttribute("data-connected"), { timeout: 15_000 }).toBe("true");
    expect(await badge().textContent()).toBe("Rufanlage verbunden");

    // The call system goes away (power cut, network): the badge turns red within one poll.
    const { dataDir, port } = simulator;
    await simulator.stop(false);
    await expect.poll(() => badge().getAttribute("data-connected"), { timeout: 15_000 }).toBe("false");
    expect(await badge().textContent()).toBe("Rufanlage getrennt");
    // The tooltip tells the technician why.
    await badge().hover();
    await expect.poll(async () => (await page.getByRole("tooltip").textContent()) ?? "", { timeout: 5_000 }).not.toBe("");

    // It comes back on the same address: the link reconnects by itself and the badge follows.
    simulator = await startTestSimulator({ dataDir, port });
    await expect.poll(() => badge().getAttribute("data-connected"), { timeout: 40_000 }).toBe("true");
  });

  it("on a phone shows a kept link as an icon with its words for screen readers, a lost one in words", async () => {
    const phone = await newPage(browser, { viewport: { width: 390, height: 844 } });
    page = phone.page;
    await signIn(page, server.baseUrl, "technik", "technik password 1");
    await page.goto(`${server.baseUrl}/sync`);
    await expect.poll(() => badge().getAttribute("data-connected"), { timeout: 15_000 }).toBe("true");
    expect(await badge().locator("svg").count()).toBe(1);
    expect(await page.getByText("Rufanlage verbunden", { exact: true }).count()).toBe(1);
    const box = await badge().boundingBox();
    expect(box?.width).toBeLessThan(40);

    const { dataDir, port } = simulator;
    await simulator.stop(false);
    await expect.poll(() => badge().getAttribute("data-connected"), { timeout: 15_000 }).toBe("false");
    expect(await badge().textContent()).toBe("Rufanlage getrennt");
    simulator = await startTestSimulator({ dataDir, port });
    expect(phone.consoleErrors.filter((error) => !error.includes("Failed to load resource"))).toEqual([]);
  });
});
