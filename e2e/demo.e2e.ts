import type { Browser, FrameLocator, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { callSystemConnected, demoFloors } from "./support/api.ts";
import { axeViolations } from "./support/axe.ts";
import { byTestId, launchBrowser, newPage } from "./support/browser.ts";
import { freePort, startServer, type RunningServer } from "./support/server.ts";
import { until } from "./support/wait.ts";
import { JSON_POST_HEADERS } from "@caresuite/domain/api-contract";

/**
 * The public demo screen against a real demo server (`npm run demo`): the server seeds the demo
 * site and starts the virtual call system itself. That system generates background traffic, so
 * assertions look at the test's own room and at the calls that existed before an action.
 */

type DemoFloor = { name: string; rooms: { name: string; device_id: number }[] };

/** Page object of /demo, in the words of the screen. */
class DemoScreen {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/demo`);
    await byTestId(this.page, TESTIDS.demo.page).waitFor();
    await this.room("1. OG", 0).waitFor();
  }

  /** The fullscreen display board embedded in the visuals tab. */
  get board(): FrameLocator {
    return this.page.frameLocator(`[data-testid="${TESTIDS.demo.visualsFrame}"]`);
  }

  /** Opens the visuals tab and waits until its display board shows the live calls (or none). */
  async showBoard(): Promise<void> {
    await byTestId(this.page, TESTIDS.demo.tab("visuals")).click();
    await this.board.locator(`[data-testid="${TESTIDS.display.page}"][data-fullscreen="true"]`).waitFor();
    await this.board.locator(`[data-testid="${TESTIDS.display.calls}"], [data-testid="${TESTIDS.display.empty}"]`).first().waitFor();
  }

  /** The n-th room of a floor in the left panel. */
  room(floor: string, index: number): Locator {
    return this.page.locator(`[data-testid="${TESTIDS.demo.floor}"][data-floor="${floor}"] [data-testid="${TESTIDS.demo.room}"]`).nth(index);
  }

  async press(room: Locator, button: "alert" | "presence" | "emergency"): Promise<void> {
    await room.locator(`[data-testid="${TESTIDS.demo.button(button)}"]`).click();
    // A press runs behind the busy overlay; the next one waits until it is gone.
    await byTestId(this.page, TESTIDS.demo.busy).waitFor({ state: "hidden" });
  }

  async modeOf(room: Locator): Promise<string | null> {
    return room.getAttribute("data-mode");
  }

  /** Call types of the open calls of a device on the visuals tab's display board. */
  async callTypesOf(device: number): Promise<string[]> {
    const cards = this.board.locator(`[data-testid="${TESTIDS.display.call}"][data-device="${device}"]`);
    return (await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-call-type") ?? ""))).sort();
  }

  /** How many presence tiles of a device the board's presence column shows. */
  async presencesOf(device: number): Promise<number> {
    return this.board.locator(`[data-testid="${TESTIDS.display.presence}"][data-device="${device}"]`).count();
  }

  /** Ids of every open call on the board: the cards and the presence column. */
  async callIds(): Promise<string[]> {
    const calls = this.board.locator(`[data-testid="${TESTIDS.display.call}"], [data-testid="${TESTIDS.display.presence}"]`);
    return calls.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-id") ?? ""));
  }

  async menu(item: "closeAll" | "reset"): Promise<void> {
    await byTestId(this.page, TESTIDS.demo.menu).click();
    await byTestId(this.page, TESTIDS.demo[item]).click();
  }
}

describe("the demo screen in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;
  let floors: DemoFloor[];

  beforeAll(async () => {
    server = await startServer({ DEMO_MODE: "true", CONTROLLER_PORT: String(await freePort()) });
    browser = await launchBrowser();
    // The virtual call system starts with the server; its tree arrives once the link is up.
    await until(() => callSystemConnected(server.baseUrl), Boolean);
    floors = await until(
      () => demoFloors<DemoFloor>(server.baseUrl),
      (list) => list.length === 2 && list.every((floor) => floor.rooms.length > 0),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("drives a room through alert, emergency and back, live in every open browser", async () => {
    const { page, consoleErrors } = await newPage(browser);
    const demo = new DemoScreen(page);
    await demo.open(server.baseUrl);
    // A second visitor: the buttons follow the call system, not the browser that pressed them.
    const other = new DemoScreen((await newPage(browser)).page);
    await other.open(server.baseUrl);

    // spec: "A left panel lists floors 1. OG and 2. OG"; German labels.
    expect(await byTestId(page, TESTIDS.demo.floor).evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-floor")))).toEqual(["1. OG", "2. OG"]);
    expect(await byTestId(page, TESTIDS.demo.tab("visuals")).textContent()).toContain("Visualisierung");
    expect(await byTestId(page, TESTIDS.demo.tab("admin")).textContent()).toContain("Verwaltung");

    const room = demo.room("1. OG", 0);
    const device = Number(await room.getAttribute("data-device"));
    expect(device).toBe(floors[0]?.rooms[0]?.device_id);
    expect(await demo.modeOf(room)).toBe("off");

    // The visualisation tab embeds the display board in fullscreen, in the demo's language.
    await demo.showBoard();
    expect(await byTestId(page, TESTIDS.demo.visualsFrame).getAttribute("src")).toBe("/display?fullscreen=1&locale=de");
    expect(await byTestId(page, TESTIDS.demo.visualsFrame).getAttribute("title")).toBe("Anzeige im Vollbild");
    expect(await demo.board.locator(`[data-testid="${TESTIDS.display.header}"]`).count()).toBe(0);

    // Alert: the room shows it, the call appears on the display board.
    await demo.press(room, "alert");
    await expect.poll(() => demo.modeOf(room)).toBe("alert");
    expect(await room.locator(`[data-testid="${TESTIDS.demo.button("alert")}"]`).getAttribute("data-active")).toBe("true");
    await expect.poll(() => demo.callTypesOf(device)).toEqual(["4"]);
    await expect.poll(() => other.modeOf(other.room("1. OG", 0))).toBe("alert");

    // The app previews: a room of 1. OG (Station 1) reaches Station 1's nurse and the night shift.
    await byTestId(page, TESTIDS.demo.tab("app")).click();
    const preview = (id: string) => page.locator(`[data-testid="${TESTIDS.demo.preview}"][data-preview="${id}"]`);
    const previewHas = (id: string) => preview(id).locator(`[data-testid="${TESTIDS.demo.call}"][data-device="${device}"]`).count();
    await expect.poll(() => previewHas("station1")).toBe(1);
    expect(await previewHas("night")).toBe(1);
    expect(await previewHas("station2")).toBe(0);
    // spec: "Preview scale is capped at 1".
    for (const id of ["station1", "station2", "night"]) {
      const scale = Number(await preview(id).getAttribute("data-scale"));
      expect(scale).toBeGreaterThan(0);
      expect(scale).toBeLessThanOrEqual(1);
    }
    await demo.showBoard();

    // Presence beside the alert: both on, which is the emergency.
    await demo.press(room, "presence");
    await expect.poll(() => demo.modeOf(room)).toBe("emergency");
    await expect.poll(() => demo.callTypesOf(device)).toEqual(["2"]);
    await expect.poll(() => other.modeOf(other.room("1. OG", 0))).toBe("emergency");

    // spec: "pressing either while both on cancels emergency and clears both".
    await demo.press(room, "presence");
    await expect.poll(() => demo.modeOf(room)).toBe("off");
    await expect.poll(() => demo.callTypesOf(device)).toEqual([]);

    // spec: "pressing alert while presence is on turns both into emergency (presence closed, emergency sent)".
    await demo.press(room, "presence");
    await expect.poll(() => demo.modeOf(room)).toBe("presence");
    // The display shows a presence in its presence column, not as a call card.
    await expect.poll(() => demo.presencesOf(device)).toBe(1);
    expect(await demo.callTypesOf(device)).toEqual([]);
    await demo.press(room, "alert");
    await expect.poll(() => demo.modeOf(room)).toBe("emergency");
    await expect.poll(() => demo.callTypesOf(device)).toEqual(["2"]);
    await expect.poll(() => demo.presencesOf(device)).toBe(0);
    await demo.press(room, "alert");
    await expect.poll(() => demo.modeOf(room)).toBe("off");
    expect(consoleErrors).toEqual([]);
  });

  it("keeps the spec's demo rooms right through the 8-second SystemTreeNode poll when the WebSocket is blocked", async () => {
    const { page } = await newPage(browser);
    // A proxy that lets plain HTTP through but no WebSocket (trade-fair networks do this).
    await page.routeWebSocket(/\/backend\/query/, (socket) => void socket.close({ code: 1011, reason: "blocked" }));
    const polls: number[] = [];
    page.on("request", (request) => {
      if (request.postData()?.includes("DemoNode")) polls.push(Date.now());
    });
    const demo = new DemoScreen(page);
    await demo.open(server.baseUrl);
    // spec demo node 23 is the first bed of Zimmer 101, the first room of 1. OG.
    const room = demo.room("1. OG", 0);
    expect(await room.getAttribute("data-device")).toBe("23");
    expect(await demo.modeOf(room)).toBe("off");

    await demo.press(room, "alert");
    await expect.poll(() => demo.modeOf(room), { timeout: 12_000 }).toBe("alert");
    await demo.press(room, "alert");
    await expect.poll(() => demo.modeOf(room), { timeout: 12_000 }).toBe("off");
    // One poll per demo node (23, 24, 10) every 8000 ms.
    const rounds = polls.filter((t, i) => i % 3 === 0);
    expect(rounds.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < rounds.length; i++) expect((rounds[i] as number) - (rounds[i - 1] as number)).toBeGreaterThan(7_000);
    await page.close();
  });

  it("closes all calls from the header menu", async () => {
    const { page } = await newPage(browser);
    const demo = new DemoScreen(page);
    await demo.open(server.baseUrl);
    await demo.showBoard();
    await demo.press(demo.room("1. OG", 1), "alert");
    await demo.press(demo.room("2. OG", 0), "emergency");
    await expect.poll(async () => (await demo.callIds()).length).toBeGreaterThanOrEqual(2);
    const before = await demo.callIds();

    await demo.menu("closeAll");
    // Every call open before is gone (the virtual call system may open new ones meanwhile).
    await expect.poll(async () => (await demo.callIds()).filter((id) => before.includes(id))).toEqual([]);
    await expect.poll(() => demo.modeOf(demo.room("1. OG", 1))).toBe("off");
    await expect.poll(() => demo.modeOf(demo.room("2. OG", 0))).toBe("off");
  });

  it("resets the demo after confirmation, signed in again as the demo administrator", async () => {
    const { page } = await newPage(browser);
    const demo = new DemoScreen(page);
    await demo.open(server.baseUrl);
    await demo.press(demo.room("1. OG", 2), "alert");
    await expect.poll(() => demo.modeOf(demo.room("1. OG", 2))).toBe("alert");

    // Cancelling asks nothing of the server.
    await demo.menu("reset");
    await byTestId(page, TESTIDS.demo.resetCancel).click();
    await byTestId(page, TESTIDS.demo.resetDialog).waitFor({ state: "hidden" });
    expect(await demo.modeOf(demo.room("1. OG", 2))).toBe("alert");

    await page.evaluate(() => Object.assign(window, { beforeReset: true }));
    await demo.menu("reset");
    await byTestId(page, TESTIDS.demo.resetConfirm).click();
    // The page reloads (the marker is gone) ...
    await expect.poll(() => page.evaluate(() => "beforeReset" in window).catch(() => true), { timeout: 20_000 }).toBe(false);
    await byTestId(page, TESTIDS.demo.page).waitFor();
    // ... signed in as the demo administrator, with the room cleared.
    const me = await page.evaluate(async (headers) => {
      const response = await fetch("/backend/query", {
        method: "POST",
        headers,
        body: JSON.stringify({ query: "{ authUser { username } }" }),
      });
      return ((await response.json()) as { data: { authUser: { username: string } } }).data.authUser.username;
    }, JSON_POST_HEADERS);
    expect(me).toBe("admin");
    await expect.poll(() => demo.modeOf(demo.room("1. OG", 2))).toBe("off");
  });

  it("passes axe, with calls on the board and on the phones", async () => {
    const { page } = await newPage(browser);
    const demo = new DemoScreen(page);
    await demo.open(server.baseUrl);
    await demo.press(demo.room("1. OG", 3), "alert");
    await demo.press(demo.room("2. OG", 1), "emergency");
    await expect.poll(() => demo.modeOf(demo.room("2. OG", 1))).toBe("emergency");
    const screen = `[data-testid="${TESTIDS.demo.page}"]`;
    expect(await axeViolations(page, screen)).toEqual([]);
    await byTestId(page, TESTIDS.demo.tab("app")).click();
    await byTestId(page, TESTIDS.demo.preview).first().waitFor();
    expect(await axeViolations(page, screen)).toEqual([]);
    await demo.menu("closeAll");
  });
});
