import { rmSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { axeViolations } from "./support/axe.ts";
import { byTestId, launchBrowser, newPage } from "./support/browser.ts";
import { signIn, waitForPath } from "./support/pages.ts";
import { freePort, startServer, type RunningServer } from "./support/server.ts";
import { until } from "./support/wait.ts";
import { callSystemConnected, demoTrigger, graphql, signInApi } from "./support/api.ts";
import { JSON_POST_HEADERS } from "@caresuite/domain/api-contract";

/**
 * The display board's parts beyond the basics (display.e2e.ts): presence column and overflow,
 * closing a call, profile slugs, schedule slots on a controlled clock, axe, and the connection
 * banner across a server restart (last: it stops the server).
 */

const NORMAL = 4;
const EMERGENCY = 2;
const PRESENCE = 6;
/** Demo rooms of Station 1 (section 1, manual closure allowed) and their devices. */
const STATION_1_DEVICES = [105, 109, 112, 116, 120, 124, 128, 131, 135, 139, 143, 147, 150, 154];
/** The demo admin (apps/server/src/modules/demo/demo-seed.ts). */
const ADMIN = { username: "admin", password: "demo-admin" };

function call(page: Page, device: number) {
  return page.locator(`[data-testid="${TESTIDS.display.call}"][data-device="${device}"]`);
}

/**
 * Drops the server's `time` pushes (spec: "time sets the clock"): they would move the board's
 * clock back to the server's while a test drives it with page.clock.
 */
async function withoutServerTime(page: Page): Promise<void> {
  await page.routeWebSocket(/\/backend\/query/, (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) => {
      if (typeof message === "string" && message.includes('"subject":"time"')) return;
      socket.send(message);
    });
  });
}

describe("the display board's side parts and actions in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;
  let port: number;
  let controllerPort: number;

  const trigger = (device_id: number, call_type_id: number, close = false): Promise<void> => demoTrigger(server.baseUrl, device_id, call_type_id, close);

  async function openCalls(): Promise<{ id: number; number: number; call_type: { flag: string } }[]> {
    return (
      await graphql<{ openCalls: { id: number; number: number; call_type: { flag: string } }[] }>(
        server.baseUrl,
        "{ openCalls { id number call_type { flag } } }",
      )
    ).openCalls;
  }

  async function startDemo(dataDir?: string): Promise<RunningServer> {
    return startServer({
      DEMO_MODE: "true",
      CONTROLLER_PORT: String(controllerPort),
      PORT: String(port),
      KEEP_DATA: "1",
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
    });
  }

  async function connected(): Promise<void> {
    await until(() => callSystemConnected(server.baseUrl), Boolean);
  }

  beforeAll(async () => {
    controllerPort = await freePort();
    // A fixed port for the restart test: the page reconnects to the same address.
    port = await freePort();
    server = await startDemo();
    browser = await launchBrowser();
    await connected();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) rmSync(server.dataDir, { recursive: true, force: true });
  });

  it("shows presences in a side column with an overflow tile that expands all for 60 s", async () => {
    for (const device of STATION_1_DEVICES) await trigger(device, PRESENCE);
    await until(openCalls, (calls) => STATION_1_DEVICES.every((d) => calls.some((c) => c.number === d && c.call_type.flag === "Presence")));
    // A short landscape screen: two columns, a few rows.
    const { page, consoleErrors } = await newPage(browser, { viewport: { width: 1280, height: 420 } });
    await withoutServerTime(page);
    await page.clock.install();
    await page.goto(`${server.baseUrl}/display`);
    const column = byTestId(page, TESTIDS.display.presences);
    await column.waitFor();
    expect(await column.getAttribute("data-columns")).toBe("2");
    const overflow = byTestId(page, TESTIDS.display.presenceOverflow);
    await overflow.waitFor();
    const total = (await openCalls()).filter((c) => c.call_type.flag === "Presence").length;
    const shown = await byTestId(page, TESTIDS.display.presence).count();
    // spec: "An overflow tile says how many more exist"
    expect(await overflow.textContent()).toContain(`+${total - shown}`);
    expect(shown).toBe(Number(await column.getAttribute("data-capacity")) - 1);

    // spec: "clicking expands all for 60 seconds"
    await overflow.click();
    await expect.poll(() => byTestId(page, TESTIDS.display.presence).count()).toBeGreaterThanOrEqual(total);
    expect(await overflow.count()).toBe(0);
    await page.clock.runFor(61_000);
    await overflow.waitFor();

    for (const device of STATION_1_DEVICES) await trigger(device, PRESENCE);
    expect(consoleErrors).toEqual([]);
  });

  it("opens the door camera in a floating window when its call rings, and closes it on the stop call (videostream)", async () => {
    // An administrator links the entrance camera to the door bell (alert, 4) and its stop to the emergency (2).
    const admin = await signInApi(server.baseUrl, ADMIN.username, ADMIN.password);
    await admin.query(
      `mutation { createVideoStream(data: { name: "Eingang", url: "https://camera.invalid/entrance", trigger_start: [4], trigger_stop: [2] }) { id } }`,
    );

    const { page } = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
    await page.goto(`${server.baseUrl}/display?videostream=1`);
    await byTestId(page, TESTIDS.display.live).waitFor();
    const camera = page.locator(`[data-testid="${TESTIDS.display.videoStream}"][data-url="https://camera.invalid/entrance"]`);

    await trigger(23, 4);
    // spec: "appear after 1 second".
    await camera.waitFor({ timeout: 5_000 });
    await trigger(24, 2);
    await camera.waitFor({ state: "detached", timeout: 5_000 });
    await trigger(23, 4, true);
    await trigger(24, 2, true);
    await page.close();
  });

  it("lets a signed-in admin close a call from its card; anonymous visitors see no close button", async () => {
    const anonymous = await newPage(browser);
    await anonymous.page.goto(`${server.baseUrl}/display`);
    await trigger(23, NORMAL);
    await call(anonymous.page, 23).waitFor({ timeout: 5_000 });
    expect(await call(anonymous.page, 23).locator(`[data-testid="${TESTIDS.display.closeCall}"]`).count()).toBe(0);

    const { page, consoleErrors } = await newPage(browser);
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
    await page.goto(`${server.baseUrl}/display`);
    const card = call(page, 23);
    await card.waitFor({ timeout: 5_000 });
    await card.hover();
    await card.locator(`[data-testid="${TESTIDS.display.closeCall}"]`).click();
    await byTestId(page, TESTIDS.display.closeConfirm).click();
    // spec close-call flow: EndCalls, the call vanishes, then it is marked manually closed.
    await card.waitFor({ state: "detached", timeout: 10_000 });
    await call(anonymous.page, 23).waitFor({ state: "detached", timeout: 5_000 });
    await page.getByText("Ruf geschlossen").waitFor({ timeout: 5_000 });
    expect(consoleErrors).toEqual([]);
  });

  it("opens the call form over the board when a signed-in user clicks a card, and closes the call from it", async () => {
    const { page, consoleErrors } = await newPage(browser);
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
    await page.goto(`${server.baseUrl}/display`);
    await trigger(24, NORMAL);
    const card = call(page, 24);
    await card.waitFor({ timeout: 5_000 });
    const id = await card.getAttribute("data-id");
    await card.click();
    // spec route table: displayCallForm is the modal child /display/:slug?/call/:id.
    await waitForPath(page, `/display/call/${id}`);
    const form = byTestId(page, TESTIDS.display.callForm);
    await form.waitFor();
    const dialog = page.getByRole("dialog");
    expect(await dialog.textContent()).toContain("Zimmer 102");
    expect(await form.textContent()).toContain("Station 1");
    expect(await axeViolations(page, "[role=dialog]")).toEqual([]);

    // Escape closes the form, the board stays; the address of the form opens it again (reload).
    await page.keyboard.press("Escape");
    await waitForPath(page, "/display");
    await page.goto(`${server.baseUrl}/display/call/${id}`);
    await form.waitFor();

    // Closing the call: the spec's close-call flow, then the form says the call is gone.
    await byTestId(page, TESTIDS.display.callFormCloseCall).click();
    await waitForPath(page, "/display");
    await card.waitFor({ state: "detached", timeout: 10_000 });
    await page.goto(`${server.baseUrl}/display/call/${id}`);
    await byTestId(page, TESTIDS.display.callFormGone).waitFor();
    // Anonymous visitors get no call form at that address.
    const anonymous = (await newPage(browser)).page;
    await anonymous.goto(`${server.baseUrl}/display/call/${id}`);
    await byTestId(anonymous, TESTIDS.display.live).waitFor();
    expect(await byTestId(anonymous, TESTIDS.display.callForm).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it("shows one call on the call form page a multi-system board opens in a new tab (callForm, /log/edit/:id?system=)", async () => {
    const { page, consoleErrors } = await newPage(browser);
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
    await trigger(24, NORMAL);
    const open = await until(openCalls, (calls) => calls.some((c) => c.number === 24));
    const id = open.find((c) => c.number === 24)?.id;
    await page.goto(`${server.baseUrl}/log/edit/${id}?system=1`);
    const form = byTestId(page, TESTIDS.callForm.page);
    await form.waitFor();
    expect(await form.getAttribute("data-closed")).toBe("false");
    expect(await form.textContent()).toContain("Zimmer 102");
    expect(await page.title()).toContain("Ruf");
    await byTestId(page, TESTIDS.callForm.closeCall).click();
    await expect.poll(() => form.getAttribute("data-closed"), { timeout: 15_000 }).toBe("true");
    expect(await form.textContent()).toContain("Manuell beendet von");
    await page.goto(`${server.baseUrl}/log/edit/99999999?system=1`);
    await byTestId(page, TESTIDS.callForm.missing).waitFor();
    expect(consoleErrors.filter((e) => !e.includes("404"))).toEqual([]);
  });

  it("chooses the profile by slug, redirects unknown slugs and returns to the last used profile", async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, server.baseUrl, ADMIN.username, ADMIN.password);
    const created = await admin.page.evaluate(async (headers) => {
      const response = await fetch("/backend/query", {
        method: "POST",
        headers,
        body: JSON.stringify({
          query: "mutation($input: DisplayProfileInput!) { createDisplayProfile(input: $input) { id name } }",
          variables: {
            input: {
              name: "Flur Station 1",
              settings: [{ system_id: 1, weekday_schedule_id: 20, weekday_display_group_1_id: 1, weekend_schedule_id: 20, weekend_display_group_1_id: 1 }],
            },
          },
        }),
      });
      return (await response.json()) as { data?: { createDisplayProfile: { id: number } }; errors?: unknown };
    }, JSON_POST_HEADERS);
    expect(created.errors).toBeUndefined();
    const slug = "flur-station-1";

    const { page, consoleErrors } = await newPage(browser);
    // spec: "An unknown slug redirects to the empty slug."
    await page.goto(`${server.baseUrl}/display/no-such-board`);
    await waitForPath(page, "/display");
    await page.goto(`${server.baseUrl}/display/${slug}`);
    await expect.poll(() => byTestId(page, TESTIDS.display.profileBadge).textContent()).toBe("Flur Station 1");
    // spec: "An empty slug with a known last-used profile redirects to it unless query parameters exist."
    await page.goto(`${server.baseUrl}/display`);
    await waitForPath(page, `/display/${slug}`);
    await page.goto(`${server.baseUrl}/display?fontsize=larger`);
    await byTestId(page, TESTIDS.display.page).waitFor();
    expect(new URL(page.url()).pathname).toBe("/display");
    expect(consoleErrors).toEqual([]);
  });

  it("switches the schedule slot when the clock passes its time (wd_/we_ parameters, page.clock)", async () => {
    // Schedule 1 "Tag/Nacht" (07:00, 19:00): by day group 1 (Station 1, care calls), at night
    // group 4 (emergencies of all stations). Both parts alike, so the weekend window does not matter.
    const { page, consoleErrors } = await newPage(browser);
    await withoutServerTime(page);
    await page.clock.install({ time: new Date(2026, 0, 14, 10, 0) });
    await trigger(23, NORMAL);
    await trigger(24, EMERGENCY);
    await page.goto(`${server.baseUrl}/display?wd_schedule=1&wd_groups=1,4&we_schedule=1&we_groups=1,4`);
    await call(page, 23).waitFor({ timeout: 5_000 });
    await call(page, 24).waitFor({ timeout: 5_000 });

    await page.clock.setSystemTime(new Date(2026, 0, 14, 19, 30));
    await call(page, 23).waitFor({ state: "detached", timeout: 5_000 });
    expect(await call(page, 24).count()).toBe(1);

    await trigger(23, NORMAL, true);
    await trigger(24, EMERGENCY, true);
    expect(consoleErrors).toEqual([]);
  });

  it("has no accessibility violations (axe) with calls and presences on the board", async () => {
    await trigger(23, NORMAL);
    await trigger(24, EMERGENCY);
    await trigger(STATION_1_DEVICES[0] as number, PRESENCE);
    const { page } = await newPage(browser);
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
    await page.goto(`${server.baseUrl}/display`);
    await call(page, 24).waitFor({ timeout: 5_000 });
    await byTestId(page, TESTIDS.display.presence).first().waitFor();
    expect(await axeViolations(page, `[data-testid="${TESTIDS.display.page}"]`)).toEqual([]);
    await trigger(23, NORMAL, true);
    await trigger(24, EMERGENCY, true);
    await trigger(STATION_1_DEVICES[0] as number, PRESENCE);
  });

  it("says when the connection is lost and recovers by itself after the server restarts", async () => {
    const { page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/display`);
    await byTestId(page, TESTIDS.display.live).waitFor();
    await server.stop();
    await byTestId(page, TESTIDS.display.connectionLost).waitFor({ timeout: 10_000 });
    expect(await byTestId(page, TESTIDS.display.connectionLost).textContent()).toContain("Verbindung unterbrochen");

    server = await startDemo(server.dataDir);
    await byTestId(page, TESTIDS.display.connectionLost).waitFor({ state: "detached", timeout: 30_000 });
    await byTestId(page, TESTIDS.display.live).waitFor();
    await connected();
    await trigger(23, NORMAL);
    await call(page, 23).waitFor({ timeout: 5_000 });
    await trigger(23, NORMAL, true);
    // A server restart with its virtual call system takes a while on a busy CI machine.
  }, 120_000);
});
