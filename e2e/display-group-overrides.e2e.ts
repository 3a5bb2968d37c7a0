import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { axeViolations } from "./support/axe.ts";
import { join } from "node:path";
import { byTestId, launchBrowser, newPage, shotsDir } from "./support/browser.ts";
import { callSystemConnected, demoTrigger, signInApi, type ApiClient } from "./support/api.ts";
import { field, openRow, pickOption, saveAndClose, signIn, waitForPath } from "./support/pages.ts";
import { freePort, startServer, type RunningServer } from "./support/server.ts";
import { until } from "./support/wait.ts";

/**
 * Display group overrides end to end (docs/decisions/022): the demo admin enables the demo's
 * override ("Nacht: Station 1 an Station 2") from the tree, creates a second one, and a board of
 * Station 2's display group then shows a call of Station 1 with the override named in its banner.
 * A user who may only see overrides lands on their list and cannot open the form.
 */

const NORMAL = 4;
/** Demo room 23 (spec §9 demo nodes) lies on Haus A 1. OG, Station 1. */
const STATION_1_ROOM = 23;
/** The board of display group 2 (Station 2) all day, weekdays and weekends (spec query parameters wd_/we_). */
const STATION_2_BOARD = "/display?wd_schedule=20&wd_groups=2&we_schedule=20&we_groups=2";
const VIEWER = { username: "nachtdienst", password: "Nachtdienst-2026!" };

describe("display group overrides in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: ApiClient;

  beforeAll(async () => {
    server = await startServer({ DEMO_MODE: "true", CONTROLLER_PORT: String(await freePort()) });
    browser = await launchBrowser();
    await until(() => callSystemConnected(server.baseUrl), Boolean);
    admin = await signInApi(server.baseUrl, "admin", "demo-admin");
    // The configuration import brings the sections and groups the demo override names.
    await until(
      async () => (await admin.query<{ sections: { total: number } }>("{ sections { total } }")).sections.total,
      (n) => n > 0,
    );
    const role = await admin.query<{ createRole: { id: number } }>("mutation ($data: RoleInput!) { createRole(data: $data) { id } }", {
      data: { name: "Übersteuerungen sehen", permissions: [{ code: "systemtree::see_display_group_overrides", level: "write" }] },
    });
    await admin.query("mutation ($data: UserInput!) { createUser(data: $data) { id } }", {
      data: { ...VIEWER, password_repeat: VIEWER.password, password_is_temporary: false, roles: [role.createRole.id], locale: "de" },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function boardOfStation2(page: Page) {
    await page.goto(`${server.baseUrl}${STATION_2_BOARD}`);
    await byTestId(page, TESTIDS.display.live).waitFor();
    return page.locator(`[data-testid="${TESTIDS.display.call}"][data-device="${STATION_1_ROOM}"]`);
  }

  it("a board of Station 2 does not show Station 1's calls while the override is off", async () => {
    const { page, consoleErrors } = await newPage(browser);
    const card = await boardOfStation2(page);
    await demoTrigger(server.baseUrl, STATION_1_ROOM, NORMAL);
    // Give the push time to arrive: the call is open, yet not this board's.
    await page.waitForTimeout(1_500);
    expect(await card.count()).toBe(0);
    expect(await byTestId(page, TESTIDS.display.overrideBanner).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it("the admin enables the demo override from the tree; an open board of Station 2 shows Station 1's call and names the override", async () => {
    const board = await newPage(browser);
    const card = await boardOfStation2(board.page);

    const { page, consoleErrors } = await newPage(browser);
    await signIn(page, server.baseUrl, "admin", "demo-admin");
    await page.goto(`${server.baseUrl}/tree`);
    await byTestId(page, TESTIDS.tree.overridesLink).click();
    await waitForPath(page, "/tree/displaygroupoverrides");
    await openRow(page, "Nacht: Station 1 an Station 2");
    await field(page, "is_enabled").click();
    await saveAndClose(page);

    // The board was open before: the displaygroup.updated push brings the change without a reload.
    await card.waitFor({ timeout: 5_000 });
    const banner = byTestId(board.page, TESTIDS.display.overrideBanner);
    await banner.waitFor();
    expect(await banner.textContent()).toContain("Übersteuerung aktiv: Nacht: Station 1 an Station 2");
    // Large enough to read across a corridor: the name is at least 1.4 times the board's text.
    const size = await banner
      .locator("p")
      .first()
      .evaluate((node) => parseFloat(getComputedStyle(node).fontSize));
    const boardSize = await byTestId(board.page, TESTIDS.display.page).evaluate((node) => parseFloat(getComputedStyle(node).fontSize));
    expect(size).toBeGreaterThanOrEqual(1.4 * boardSize - 0.5);
    await board.page.screenshot({ path: join(shotsDir(), "display-override-banner.png") });
    // Readable: no contrast or other violations in the banner.
    expect(await axeViolations(board.page, `[data-testid="${TESTIDS.display.overrideBanner}"]`)).toEqual([]);
    expect(board.consoleErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it("the admin creates a second override; enabling one for the same section is refused with a translated message", async () => {
    const { page, consoleErrors } = await newPage(browser);
    await signIn(page, server.baseUrl, "admin", "demo-admin");
    await page.goto(`${server.baseUrl}/tree/displaygroupoverrides`);
    await byTestId(page, TESTIDS.entityList.new).click();
    await byTestId(page, TESTIDS.modalRoute).locator("form").waitFor();
    await field(page, "name").fill("Wochenende Station 1");
    await pickOption(page, field(page, "section_id"), "Station 1");
    await pickOption(page, field(page, "section_display_group_id"), "Station 1");
    await pickOption(page, field(page, "systemtree_display_group_id"), "Station 3");
    await field(page, "is_enabled").click();
    await byTestId(page, TESTIDS.entityForm.save).click();
    await byTestId(page, TESTIDS.modalRoute).getByText("bereits die Übersteuerung „Nacht: Station 1 an Station 2“ aktiv").waitFor();
    // Saved disabled, it is fine.
    await field(page, "is_enabled").click();
    await saveAndClose(page);
    await byTestId(page, TESTIDS.entityList.row).filter({ hasText: "Wochenende Station 1" }).waitFor();
    await page.screenshot({ path: join(shotsDir(), "tree-display-group-overrides.png") });
    expect(await axeViolations(page, `[data-testid="${TESTIDS.entityList.page}"]`)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it("a user who may only see overrides lands on their list, without New and without opening a record", async () => {
    const { page, consoleErrors } = await newPage(browser);
    await signIn(page, server.baseUrl, VIEWER.username, VIEWER.password);
    await waitForPath(page, "/tree/displaygroupoverrides");
    const rows = byTestId(page, TESTIDS.entityList.row);
    await rows.first().waitFor();
    expect(await rows.filter({ hasText: "Nacht: Station 1 an Station 2" }).count()).toBe(1);
    expect(await byTestId(page, TESTIDS.entityList.new).count()).toBe(0);
    await rows.first().click();
    await page.waitForTimeout(300);
    expect(await byTestId(page, TESTIDS.modalRoute).count()).toBe(0);
    expect(await byTestId(page, TESTIDS.notFound.page).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });
});
