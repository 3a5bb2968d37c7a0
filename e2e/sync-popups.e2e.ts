import { join } from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { startTestSimulator, type TestSimulator } from "../apps/server/src/test-support/simulator.ts";
import { callSystemConnected, completeFirstRun, GraphQLRequestError, type ApiClient } from "./support/api.ts";
import { seriousViolations } from "./support/axe.ts";
import { byTestId, launchBrowser, newPage, shotsDir } from "./support/browser.ts";
import { signIn, waitForPath } from "./support/pages.ts";
import { startServer, type RunningServer } from "./support/server.ts";
import { until } from "./support/wait.ts";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1920, height: 1080 };
/** Per step unit of the virtual controller's publish (nine units): long enough to watch. */
const STEP_MS = 1500;

/**
 * The root-level commit and sync-error popups against a real server and the virtual call system:
 * a publish started by an administrator through the API shows up, with its percentage, in the
 * browser of someone working elsewhere in the app; a request the call system refuses opens the
 * sync-error popup there.
 */
describe("the commit and sync-error popups", () => {
  let simulator: TestSimulator;
  let server: RunningServer;
  let browser: Browser;
  let api: ApiClient;
  const admin = { username: "technik", password: "technik password 1" };

  beforeAll(async () => {
    simulator = await startTestSimulator({ publishStepMs: STEP_MS });
    server = await startServer();
    api = await completeFirstRun(server.baseUrl, { ...admin, controllerPort: simulator.port });
    await until(() => callSystemConnected(server.baseUrl), Boolean);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await simulator?.stop();
  });

  async function openAt(path: string, viewport: { width: number; height: number }) {
    const opened = await newPage(browser, { viewport });
    await signIn(opened.page, server.baseUrl, admin.username, admin.password);
    await opened.page.goto(`${server.baseUrl}${path}`);
    return opened;
  }

  /** Waits for a popup's dialog to be visible (the modal's root element itself has no box). */
  const shown = (popup: Locator): Promise<void> => popup.getByRole("dialog").waitFor({ timeout: 15_000 });

  /** Whether the controller still runs a publish. */
  const controllerPublishing = async (): Promise<boolean> => (await simulator.get<{ publishing: unknown }>("/api/status")).publishing !== null;

  it("shows a publish in progress, with its percentage and step, on screens other than /sync", async () => {
    const desktop = await openAt("/admin/systemparams", DESKTOP);
    const phone = await openAt("/log", PHONE);
    const onSync = await openAt("/sync", DESKTOP);
    await byTestId(desktop.page, TESTIDS.shell.syncIndicator).waitFor();
    await byTestId(onSync.page, TESTIDS.sync.page).waitFor();
    // Every changelog read of the desktop page, to see it polled without the cache.
    const polls: number[] = [];
    desktop.page.on("request", (request) => {
      if (request.postData()?.includes("CommitPopupChangelog")) polls.push(Date.now());
    });

    expect(await api.query<{ publishConfig: boolean }>("mutation { publishConfig }")).toEqual({ publishConfig: true });

    for (const { page } of [desktop, phone]) {
      const popup = byTestId(page, TESTIDS.syncPopups.commit);
      await shown(popup);
      expect(await popup.getAttribute("data-mode")).toBe("running");
      expect(await page.getByRole("dialog", { name: "Konfiguration wird übertragen" }).count()).toBe(1);
      // spec: "shows the progress percentage while status is not Ready and progress is above 0".
      const percent = byTestId(page, TESTIDS.syncPopups.percent);
      await percent.waitFor({ timeout: 15_000 });
      expect(Number(await percent.getAttribute("data-percent"))).toBeGreaterThan(0);
      expect(await percent.textContent()).toMatch(/^\d{1,3} %$/);
      const step = await byTestId(page, TESTIDS.syncPopups.step).getAttribute("data-step");
      expect(["init", "preparing", "wiping", "sending", "syncing", "validating", "finishing"]).toContain(step);
      expect(await byTestId(page, TESTIDS.syncPopups.toSync).getAttribute("href")).toBe("/sync");
    }
    // Focus is inside the popup (Mantine's trap), on its one control.
    expect(await desktop.page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    // spec: "not on display or sync".
    expect(await byTestId(onSync.page, TESTIDS.syncPopups.commit).count()).toBe(0);

    await desktop.page.screenshot({ path: join(shotsDir(), "commit-popup-de-1920x1080.png") });
    await phone.page.screenshot({ path: join(shotsDir(), "commit-popup-de-390x844.png") });
    expect(await seriousViolations(desktop.page, `[data-testid="${TESTIDS.syncPopups.commit}"]`)).toEqual([]);
    expect(await seriousViolations(phone.page, `[data-testid="${TESTIDS.syncPopups.commit}"]`)).toEqual([]);
    // The percentage moves while the publish runs.
    const first = Number(await byTestId(desktop.page, TESTIDS.syncPopups.percent).getAttribute("data-percent"));
    await expect
      .poll(async () => Number((await byTestId(desktop.page, TESTIDS.syncPopups.percent).getAttribute("data-percent")) ?? 0), { timeout: 10_000 })
      .toBeGreaterThan(first);

    // The end: the result shows, then closes by itself.
    const result = byTestId(desktop.page, TESTIDS.syncPopups.result);
    await result.waitFor({ timeout: 30_000 });
    expect(await result.getAttribute("data-result")).toBe("done");
    expect(await desktop.page.getByRole("dialog", { name: "Konfiguration übertragen" }).count()).toBe(1);
    // The running content that held the focus is gone: it moves to Close.
    await expect.poll(() => desktop.page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe(TESTIDS.syncPopups.close);
    await desktop.page.screenshot({ path: join(shotsDir(), "commit-popup-done-de-1920x1080.png") });
    await expect.poll(() => byTestId(desktop.page, TESTIDS.syncPopups.commit).count(), { timeout: 12_000 }).toBe(0);

    // spec: "polled every 4000 ms with no cache while the commit popup is open": every read went
    // to the server, about 4 s apart, and none after the popup closed.
    expect(polls.length).toBeGreaterThanOrEqual(3);
    const gaps = polls.slice(1).map((at, i) => at - (polls[i] ?? at));
    for (const gap of gaps) expect(gap).toBeGreaterThan(3_000);
    const closedWith = polls.length;
    await desktop.page.waitForTimeout(4_500);
    expect(polls.length).toBe(closedWith);
    // The header is usable again: the user stayed on their screen.
    expect(new URL(desktop.page.url()).pathname).toBe("/admin/systemparams");
    expect(await desktop.page.locator("header").getAttribute("inert")).toBeNull();

    expect(desktop.consoleErrors).toEqual([]);
    expect(phone.consoleErrors).toEqual([]);
    for (const opened of [desktop, phone, onSync]) await opened.context.close();
  });

  /** Makes the controller busy (unless it is still busy) with a publish of its own, so that ours is refused (409): a real failing request. */
  async function refusedPublish(): Promise<void> {
    if (!(await controllerPublishing())) {
      const { revision: _revision, ...config } = await simulator.get<Record<string, unknown>>("/api/config");
      await simulator.post("/api/config/publish", config);
    }
    const refused = await api.query("mutation { publishConfig }").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GraphQLRequestError);
  }

  async function errorPopup(page: Page) {
    const popup = byTestId(page, TESTIDS.syncPopups.error);
    await shown(popup);
    return popup;
  }

  it("opens the sync-error popup on a refused request, details on request, closing on ignore", async () => {
    const desktop = await openAt("/admin/systemparams", DESKTOP);
    const phone = await openAt("/log", PHONE);
    await byTestId(desktop.page, TESTIDS.shell.syncIndicator).waitFor();
    await byTestId(phone.page, TESTIDS.log.page).waitFor();

    // Refused until both pages show it: a page whose popups were not listening yet misses a push.
    const both = async (): Promise<boolean> =>
      (await byTestId(desktop.page, TESTIDS.syncPopups.error).count()) > 0 && (await byTestId(phone.page, TESTIDS.syncPopups.error).count()) > 0;
    for (let attempt = 0; attempt < 5 && !(await both()); attempt++) {
      await refusedPublish();
      await until(both, Boolean, 3_000).catch(() => undefined);
    }

    for (const { page } of [desktop, phone]) {
      await errorPopup(page);
      expect(await page.getByRole("dialog", { name: "Fehler bei der Synchronisation" }).count()).toBe(1);
      expect(await page.getByText("Die Konfiguration konnte nicht an die Rufanlage gesendet werden.").count()).toBe(1);
      // spec: "Error details are hidden until asked."
      expect(await byTestId(page, TESTIDS.syncPopups.errorDetails).count()).toBe(0);
      const toggle = byTestId(page, TESTIDS.syncPopups.errorToggle);
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      await toggle.click();
      const details = byTestId(page, TESTIDS.syncPopups.errorDetails);
      await details.waitFor();
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      const text = (await details.textContent()) ?? "";
      expect(text).toContain("publish");
      expect(text).toContain(simulator.url);
      expect(text).toContain("refused");
      // The controller's credentials (admin/admin) never show.
      expect(text).not.toContain("admin:admin");
      expect(await seriousViolations(page, `[data-testid="${TESTIDS.syncPopups.error}"]`)).toEqual([]);
    }
    await desktop.page.screenshot({ path: join(shotsDir(), "sync-error-popup-de-1920x1080.png") });
    await phone.page.screenshot({ path: join(shotsDir(), "sync-error-popup-de-390x844.png") });

    // spec: "It closes on ignore": the user stays where they were, and no second popup follows.
    await byTestId(desktop.page, TESTIDS.syncPopups.errorIgnore).click();
    await expect.poll(() => byTestId(desktop.page, TESTIDS.syncPopups.error).count()).toBe(0);
    await desktop.page.waitForTimeout(1_000);
    expect(await byTestId(desktop.page, TESTIDS.syncPopups.commit).count()).toBe(0);
    expect(new URL(desktop.page.url()).pathname).toBe("/admin/systemparams");

    // "... or on the primary action, which goes to sync."
    await byTestId(phone.page, TESTIDS.syncPopups.errorToSync).click();
    await waitForPath(phone.page, "/sync");
    await expect.poll(() => byTestId(phone.page, TESTIDS.syncPopups.error).count()).toBe(0);

    expect(desktop.consoleErrors).toEqual([]);
    expect(phone.consoleErrors).toEqual([]);
    await desktop.context.close();
    await phone.context.close();
  });

  it("shows the latest of errors in a row and how many came", async () => {
    const { page, context } = await openAt("/admin/systemparams", DESKTOP);
    await byTestId(page, TESTIDS.shell.syncIndicator).waitFor();
    // The popups load after the page: an error pushed before they listen is not shown (pushes are
    // not kept). Refused again until the first one shows; the next is then the second in a row.
    const popup = byTestId(page, TESTIDS.syncPopups.error);
    for (let attempt = 0; attempt < 5 && (await popup.count()) === 0; attempt++) {
      await refusedPublish();
      await popup.waitFor({ timeout: 3_000 }).catch(() => undefined);
    }
    await errorPopup(page);
    await refusedPublish();
    await expect.poll(() => page.getByText("2 Fehler nacheinander, hier der letzte.").count()).toBe(1);
    // Escape closes it like Ignore.
    await page.keyboard.press("Escape");
    await expect.poll(() => byTestId(page, TESTIDS.syncPopups.error).count()).toBe(0);
    await context.close();
  });
  // Last: it switches the user's language to French.
  it("says why a publish failed, translated, and stays until closed (French)", async () => {
    const { authUser } = await api.query<{ authUser: { id: number } }>("{ authUser { id } }");
    await api.query('mutation ($id: Int!) { updateUser(id: $id, data: { locale: "fr" }) { id } }', { id: authUser.id });
    await until(controllerPublishing, (busy) => !busy, 30_000);
    const desktop = await openAt("/admin/systemparams", DESKTOP);
    const phone = await openAt("/log", PHONE);
    await byTestId(desktop.page, TESTIDS.shell.syncIndicator).waitFor();
    await byTestId(phone.page, TESTIDS.log.page).waitFor();

    await api.query("mutation { publishConfig }");
    for (const { page } of [desktop, phone]) {
      await shown(byTestId(page, TESTIDS.syncPopups.commit));
      expect(await page.getByRole("dialog", { name: "Publication de la configuration en cours" }).count()).toBe(1);
    }
    // The call system restarts mid-publish: it no longer knows the job, the publish fails and the
    // previous configuration stays.
    await simulator.stop(false);
    simulator = await startTestSimulator({ dataDir: simulator.dataDir, port: simulator.port, publishStepMs: STEP_MS });

    for (const { page } of [desktop, phone]) {
      const result = byTestId(page, TESTIDS.syncPopups.result);
      await result.waitFor({ timeout: 30_000 });
      expect(await result.getAttribute("data-result")).toBe("failed");
      expect(await page.getByRole("dialog", { name: "Échec de la publication" }).count()).toBe(1);
      expect(await result.textContent()).toContain("La publication a été interrompue : le système d'appel ne connaît plus la tâche.");
      expect(await seriousViolations(page, `[data-testid="${TESTIDS.syncPopups.commit}"]`)).toEqual([]);
    }
    await desktop.page.screenshot({ path: join(shotsDir(), "commit-popup-failed-fr-1920x1080.png") });
    await phone.page.screenshot({ path: join(shotsDir(), "commit-popup-failed-fr-390x844.png") });
    // A failure does not vanish on its own ...
    await desktop.page.waitForTimeout(7_000);
    expect(await byTestId(desktop.page, TESTIDS.syncPopups.result).count()).toBe(1);
    // ... it closes when closed.
    await byTestId(desktop.page, TESTIDS.syncPopups.close).click();
    await expect.poll(() => byTestId(desktop.page, TESTIDS.syncPopups.commit).count()).toBe(0);
    expect(desktop.consoleErrors).toEqual([]);
    await desktop.context.close();
    await phone.context.close();
  });
});
