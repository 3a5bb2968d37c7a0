import { readFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CALL_TYPES } from "@caresuite/domain";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { demoCloseAll, demoFloors, demoTrigger, signInApi, type ApiClient } from "./support/api.ts";
import { seriousViolations } from "./support/axe.ts";
import { byTestId, launchBrowser, newPage, shotsDir } from "./support/browser.ts";
import { signIn, waitForPath } from "./support/pages.ts";
import { freePort, startServer, type RunningServer } from "./support/server.ts";
import { until } from "./support/wait.ts";

/**
 * The call log /log against a demo server (its virtual call system and demo users): the nurse
 * lands on it, sees a pressed call live, filters it by call type (kept in the URL), opens it in
 * the call form over the list and closes it; a user without calllog::use_module gets no Log item
 * and is sent away from /log. Screenshots on a wide screen and a phone.
 */

type DemoFloor = { name: string; rooms: { id: number; name: string; device_id: number }[] };

const SHOTS = shotsDir();
const NURSE = { username: "pflege", password: "demo-pflege" };
const ADMIN = { username: "admin", password: "demo-admin" };
const TREE_ONLY = { username: "nurlog-nein", password: "tree only password 1" };

function logRow(page: Page, id: number) {
  return page.locator(`[data-testid="${TESTIDS.log.row}"][data-id="${id}"]`);
}

describe("the call log /log", () => {
  let browser: Browser;
  let server: RunningServer;
  let admin: ApiClient;
  let room101: { id: number; device_id: number };
  let room102: { id: number; device_id: number };
  let types: { id: number; name: string }[];

  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startServer({ DEMO_MODE: "true", CONTROLLER_PORT: String(await freePort()) });
    const floors = await until(
      () => demoFloors<DemoFloor>(server.baseUrl),
      (found) => found.some((floor) => floor.rooms.some((room) => room.name === "Zimmer 101")),
      30_000,
    );
    const room = floors.flatMap((floor) => floor.rooms).find((r) => r.name === "Zimmer 101");
    if (!room) throw new Error("no Zimmer 101 in the demo");
    room101 = room;
    const second = floors.flatMap((floor) => floor.rooms).find((r) => r.name === "Zimmer 102");
    if (!second) throw new Error("no Zimmer 102 in the demo");
    room102 = second;
    admin = await signInApi(server.baseUrl, ADMIN.username, ADMIN.password);
    types = (await admin.query<{ displayRelations: { call_types: { id: number; name: string }[] } }>("{ displayRelations { call_types { id name } } }"))
      .displayRelations.call_types;
    const role = await admin.query<{ createRole: { id: number } }>(`mutation ($data: RoleInput!) { createRole(data: $data) { id } }`, {
      data: { name: "Nur Baum", permissions: [{ code: "systemtree::use_module", level: "write" }] },
    });
    await admin.query(`mutation ($data: UserInput!) { createUser(data: $data) { id } }`, {
      data: {
        username: TREE_ONLY.username,
        password: TREE_ONLY.password,
        password_repeat: TREE_ONLY.password,
        password_is_temporary: false,
        roles: [role.createRole.id],
        locale: "de",
      },
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("the nurse lands on /log, sees a pressed call live, filters it by type, opens and closes it", async () => {
    await demoCloseAll(server.baseUrl);
    const { page, consoleErrors } = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
    await signIn(page, server.baseUrl, NURSE.username, NURSE.password);
    // spec "Home redirect": "... else to the log if the call log module is allowed".
    await waitForPath(page, "/log");
    await byTestId(page, TESTIDS.log.page).waitFor();
    expect(await byTestId(page, TESTIDS.shell.nav("log")).count()).toBeGreaterThan(0);

    // The list is open before the call: it arrives through callsChanged, no reload.
    await page.locator(`[data-testid="${TESTIDS.log.table}"], [data-testid="${TESTIDS.log.empty}"]`).first().waitFor();
    await demoTrigger(server.baseUrl, room101.device_id, DEMO_CALL_TYPES.emergency);
    const open = await until(
      () => admin.query<{ callLog: { items: { id: number; number: number }[] } }>("{ callLog(filter: { state: OPEN }) { items { id number } } }"),
      (answer) => answer.callLog.items.some((c) => c.number === room101.device_id),
    );
    const id = open.callLog.items.find((c) => c.number === room101.device_id)?.id ?? 0;
    const row = logRow(page, id);
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getAttribute("data-closed")).toBe("false");
    await page.screenshot({ path: join(SHOTS, "log-list-1920-de.png") });
    expect(await seriousViolations(page, `[data-testid="${TESTIDS.log.page}"]`)).toEqual([]);
    // The nurse filters by section and node too: both lists answer calllog::use_module.
    await byTestId(page, TESTIDS.log.sections).waitFor();
    await byTestId(page, TESTIDS.log.node).waitFor();

    // A column header sorts on the server; the sort is in the URL.
    await byTestId(page, TESTIDS.log.sort("DURATION")).click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "DURATION");
    const durationHeader = page.locator(`th:has([data-testid="${TESTIDS.log.sort("DURATION")}"])`);
    await expect.poll(() => durationHeader.getAttribute("aria-sort")).toBe("descending");
    await row.waitFor();
    await byTestId(page, TESTIDS.log.sort("OPENED_AT")).click();
    await page.waitForURL((url) => url.searchParams.get("sort") === null);

    // Filter by the emergency call type: the choice lands in the URL and survives a reload.
    const emergency = types.find((type) => type.id === DEMO_CALL_TYPES.emergency);
    if (!emergency) throw new Error("no emergency call type");
    await byTestId(page, TESTIDS.log.callTypes).click();
    await page.getByRole("option", { name: emergency.name, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("types") === String(emergency.id));
    await page.keyboard.press("Escape");
    await row.waitFor();
    await page.reload();
    await row.waitFor({ timeout: 10_000 });
    // Another type only: the call is not listed.
    const other = types.find((type) => type.id === DEMO_CALL_TYPES.presence);
    if (other) {
      await page.goto(`${server.baseUrl}/log?types=${other.id}`);
      await byTestId(page, TESTIDS.log.page).waitFor();
      await page.locator(`[data-testid="${TESTIDS.log.table}"], [data-testid="${TESTIDS.log.empty}"]`).first().waitFor();
      expect(await row.count()).toBe(0);
      await page.goto(`${server.baseUrl}/log?types=${emergency.id}`);
    }

    // A row opens the call form over the list (callForm, /log/edit/:id); closing it runs the spec's flow.
    await row.click();
    await waitForPath(page, `/log/edit/${id}`);
    const form = byTestId(page, TESTIDS.callForm.page);
    await form.waitFor();
    expect(await byTestId(page, TESTIDS.log.page).count()).toBe(1);
    expect(await page.getByRole("dialog").textContent()).toContain("Zimmer 101");
    await page.screenshot({ path: join(SHOTS, "log-form-1920-de.png") });
    await byTestId(page, TESTIDS.callForm.closeCall).click();
    await expect.poll(() => form.getAttribute("data-closed"), { timeout: 15_000 }).toBe("true");
    await page.keyboard.press("Escape");
    await page.waitForURL((url) => url.pathname === "/log" && url.searchParams.get("types") === String(emergency.id));
    await expect.poll(() => row.getAttribute("data-closed"), { timeout: 10_000 }).toBe("true");
    expect(consoleErrors).toEqual([]);
  });

  it("the administration filters by section and by nodes found on the server", async () => {
    await demoTrigger(server.baseUrl, room101.device_id, DEMO_CALL_TYPES.alert);
    await demoTrigger(server.baseUrl, room102.device_id, DEMO_CALL_TYPES.alert);
    const { page, consoleErrors } = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
    await waitForPath(page, "/tree");
    await byTestId(page, TESTIDS.shell.nav("log")).first().click();
    await waitForPath(page, "/log");
    await byTestId(page, TESTIDS.log.row).first().waitFor();
    await byTestId(page, TESTIDS.log.sections).waitFor();
    const node = byTestId(page, TESTIDS.log.node);
    await node.click();
    await node.pressSequentially("Zimmer 101");
    await page.getByRole("option", { name: "Zimmer 101", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("nodes") === String(room101.id));
    await expect
      .poll(async () => (await byTestId(page, TESTIDS.log.row).allTextContents()).every((text) => text.includes("Zimmer 101")), { timeout: 10_000 })
      .toBe(true);
    expect(await byTestId(page, TESTIDS.log.row).count()).toBeGreaterThan(0);
    // A second node: the calls of both (a saved filter may hold several).
    await node.pressSequentially("Zimmer 102");
    await page.getByRole("option", { name: "Zimmer 102", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("nodes") === `${room101.id},${room102.id}`);
    const rooms = async () => new Set((await byTestId(page, TESTIDS.log.row).allTextContents()).map((text) => /Zimmer 10[12]/.exec(text)?.[0] ?? text));
    await expect.poll(rooms, { timeout: 10_000 }).toEqual(new Set(["Zimmer 101", "Zimmer 102"]));
    await page.screenshot({ path: join(SHOTS, "log-admin-1920-de.png") });
    // A reload keeps the nodes and names them.
    await page.reload();
    const pills = page.locator(`.mantine-MultiSelect-pill`);
    await expect.poll(() => pills.allTextContents(), { timeout: 10_000 }).toEqual(["Zimmer 101", "Zimmer 102"]);
    await demoCloseAll(server.baseUrl);
    expect(consoleErrors).toEqual([]);
  });

  it("a bad custom period shows the server's error at its field and keeps what was typed", async () => {
    const { page } = await newPage(browser);
    await signIn(page, server.baseUrl, NURSE.username, NURSE.password);
    await waitForPath(page, "/log");
    await page.goto(`${server.baseUrl}/log?period=CUSTOM&from=2026-11-20&to=2026-11-01`);
    await byTestId(page, TESTIDS.log.loadError).waitFor();
    expect(await byTestId(page, TESTIDS.log.from).inputValue()).toBe("2026-11-20");
    await page.getByText("Das Startdatum muss vor dem Enddatum liegen.").first().waitFor();
  });

  it("fits a phone: no page-wide horizontal overflow", async () => {
    const { page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signIn(page, server.baseUrl, NURSE.username, NURSE.password);
    await waitForPath(page, "/log");
    await page.locator(`[data-testid="${TESTIDS.log.table}"], [data-testid="${TESTIDS.log.empty}"]`).first().waitFor();
    // The calls of the first test show as cards (no eight columns on 390 px).
    await byTestId(page, TESTIDS.log.row).first().waitFor();
    await page.screenshot({ path: join(SHOTS, "log-list-390-de.png"), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("the nurse exports the filtered log as CSV: the job runs in the background and its file downloads", async () => {
    const { page } = await newPage(browser);
    await signIn(page, server.baseUrl, NURSE.username, NURSE.password);
    await waitForPath(page, "/log");
    await byTestId(page, TESTIDS.exports.menu).click();
    await byTestId(page, TESTIDS.exports.format("CSV")).click();
    const job = page.locator(`[data-testid="${TESTIDS.exports.job}"][data-state="done"][data-format="CSV"]`).first();
    await job.waitFor({ timeout: 20_000 });
    const [download] = await Promise.all([page.waitForEvent("download"), job.getByText("Herunterladen").click()]);
    expect(download.suggestedFilename()).toMatch(/^rufprotokoll-\d+\.csv$/);
    const path = await download.path();
    const text = readFileSync(path, "utf8");
    expect(text.startsWith("\uFEFFGeöffnet;Geschlossen;Dauer (s)")).toBe(true);
    await page.screenshot({ path: join(SHOTS, "log-export-1280-de.png") });
  });

  it("the nurse exports the log as XLSX: the download opens as a workbook with the calls as rows", async () => {
    await demoTrigger(server.baseUrl, 23, DEMO_CALL_TYPES.alert);
    const { page } = await newPage(browser);
    await signIn(page, server.baseUrl, NURSE.username, NURSE.password);
    await waitForPath(page, "/log");
    await byTestId(page, TESTIDS.log.row).first().waitFor();
    await byTestId(page, TESTIDS.exports.menu).click();
    await byTestId(page, TESTIDS.exports.format("XLSX")).click();
    // The nurse's earlier exports are listed too: this one is the XLSX job.
    const job = page.locator(`[data-testid="${TESTIDS.exports.job}"][data-state="done"][data-format="XLSX"]`).first();
    await job.waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent("download"), job.getByText("Herunterladen").click()]);
    expect(download.suggestedFilename()).toMatch(/^rufprotokoll-\d+\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("the workbook has no sheet");
    expect(sheet.getRow(1).getCell(1).text).toBe("Geöffnet");
    // The header and at least the call pressed above.
    expect(sheet.actualRowCount).toBeGreaterThanOrEqual(2);
    expect(sheet.getRow(2).getCell(1).value).toBeInstanceOf(Date);
    await demoCloseAll(server.baseUrl);
  });

  it("a user without calllog::use_module has no Log item and is sent away from /log", async () => {
    const { page } = await newPage(browser);
    await signIn(page, server.baseUrl, TREE_ONLY.username, TREE_ONLY.password);
    await page.waitForURL((url) => url.pathname !== "/login" && url.pathname !== "/home");
    await byTestId(page, TESTIDS.shell.topbar).waitFor();
    expect(await byTestId(page, TESTIDS.shell.nav("log")).count()).toBe(0);
    await page.goto(`${server.baseUrl}/log`);
    await page.waitForURL((url) => url.pathname !== "/log");
    expect(await byTestId(page, TESTIDS.log.page).count()).toBe(0);
  });
});
