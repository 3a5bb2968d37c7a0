import { readFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { demoFloors, signInApi, type ApiClient } from "./support/api.ts";
import { seriousViolations } from "./support/axe.ts";
import { byTestId, launchBrowser, newPage, shotsDir } from "./support/browser.ts";
import { signIn, waitForPath } from "./support/pages.ts";
import { freePort, startServer, type RunningServer } from "./support/server.ts";
import { until } from "./support/wait.ts";

/**
 * The system tree export on /tree (docs/decisions/037-system-tree-export.md) against a demo
 * server: the technician exports the tree as CSV and XLSX from the toolbar and reads the files
 * back; a user whose call source groups show one station gets only that station's rooms.
 */

type DemoFloor = { name: string; rooms: { id: number; name: string; device_id: number }[] };
type Node = { id: number; name: string; kind: string; parent_id: number | null; section_id: number | null; call_source_id: number | null };

const SHOTS = shotsDir();
const TECH = { username: "technik", password: "demo-technik" };
const ADMIN = { username: "admin", password: "demo-admin" };
const STATION = { username: "station-eins", password: "Station-eins-2026!", name: "Nur eine Station" };

/** The CSV's rows as cells (";" for German; quoted cells may hold the separator). */
function parseCsv(text: string): string[][] {
  expect(text.startsWith("\uFEFF")).toBe(true);
  return text
    .slice(1)
    .split("\r\n")
    .filter((line) => line !== "")
    .map((line) => {
      const cells: string[] = [];
      let cell = "";
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const ch = line[i] as string;
        if (quoted && ch === '"' && line[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else if (ch === '"') quoted = !quoted;
        else if (ch === ";" && !quoted) {
          cells.push(cell);
          cell = "";
        } else cell += ch;
      }
      cells.push(cell);
      return cells;
    });
}

describe("the system tree export on /tree", () => {
  let browser: Browser;
  let server: RunningServer;
  let admin: ApiClient;
  let nodes: Node[];
  let sections: Map<number, string>;
  let room101: Node;
  let bed101: Node;

  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startServer({ DEMO_MODE: "true", CONTROLLER_PORT: String(await freePort()) });
    const floors = await until(
      () => demoFloors<DemoFloor>(server.baseUrl),
      (found) => found.some((floor) => floor.rooms.some((room) => room.name === "Zimmer 101")),
      30_000,
    );
    const demoRoom = floors.flatMap((floor) => floor.rooms).find((r) => r.name === "Zimmer 101");
    admin = await signInApi(server.baseUrl, ADMIN.username, ADMIN.password);
    nodes = (await admin.query<{ systemTreeNodes: Node[] }>("{ systemTreeNodes { id name kind parent_id section_id call_source_id } }")).systemTreeNodes;
    sections = new Map(
      (
        await admin.query<{ sections: { items: { id: number; name: string }[] } }>("{ sections(filter: { limit: 100 }) { items { id name } } }")
      ).sections.items.map((s) => [s.id, s.name]),
    );
    room101 = nodes.find((n) => n.id === demoRoom?.id) as Node;
    bed101 = nodes.find((n) => n.id === demoRoom?.device_id) as Node;
    expect(room101?.section_id).not.toBeNull();
    expect(bed101?.parent_id).toBe(room101.id);

    // A user who sees one station: a call source group of its rooms' call sources, level Read.
    const stationSources = [...new Set(nodes.filter((n) => n.kind === "room" && n.section_id === room101.section_id).map((n) => n.call_source_id))];
    const group = await admin.query<{ createCallSourceGroup: { id: number } }>(
      "mutation ($data: CallSourceGroupInput!) { createCallSourceGroup(data: $data) { id } }",
      { data: { name: "Export eine Station", flag: "None", related_callsources: stationSources, timeout_minutes: 0 } },
    );
    const role = await admin.query<{ createRole: { id: number } }>("mutation ($data: RoleInput!) { createRole(data: $data) { id } }", {
      data: {
        name: "Baum einer Station",
        permissions: [{ code: "systemtree::use_module", level: "write" }],
        call_source_group_permissions: [{ callsource_group_id: group.createCallSourceGroup.id, permission_level: "Read" }],
      },
    });
    await admin.query("mutation ($data: UserInput!) { createUser(data: $data) { id } }", {
      data: { ...STATION, password_repeat: STATION.password, password_is_temporary: false, roles: [role.createRole.id], locale: "de" },
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Opens the export menu on /tree, starts the format and downloads the finished file. */
  async function exportFrom(page: Page, format: "CSV" | "XLSX", menuShot?: string): Promise<{ path: string; name: string }> {
    const done = page.locator(`[data-testid="${TESTIDS.exports.job}"][data-format="${format}"][data-state="done"]`);
    const before = await done.count();
    await byTestId(page, TESTIDS.exports.menu).click();
    if (menuShot) {
      await byTestId(page, TESTIDS.exports.format(format)).waitFor();
      // The menu fades in.
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(SHOTS, menuShot) });
    }
    await byTestId(page, TESTIDS.exports.format(format)).click();
    await expect.poll(() => done.count(), { timeout: 30_000 }).toBeGreaterThan(before);
    // Newest first: the job just started.
    const job = done.first();
    const [download] = await Promise.all([page.waitForEvent("download"), job.getByText("Herunterladen").click()]);
    return { path: await download.path(), name: download.suggestedFilename() };
  }

  it("the technician exports the tree as CSV and XLSX from the toolbar: room 101 and its bed with their section", async () => {
    const { page, consoleErrors } = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
    await signIn(page, server.baseUrl, TECH.username, TECH.password);
    await waitForPath(page, "/tree");
    await byTestId(page, TESTIDS.tree.row).first().waitFor();

    const csv = await exportFrom(page, "CSV");
    expect(csv.name).toMatch(/^systembaum-\d+\.csv$/);
    const rows = parseCsv(readFileSync(csv.path, "utf8"));
    expect(rows[0]).toEqual(["Pfad", "Art", "Name", "Text lang", "Text kurz", "Nummer", "Abteilung", "Batterie (%)", "Erreichbarkeit"]);
    const section = sections.get(room101.section_id as number);
    const room = rows.find((r) => r[2] === "Zimmer 101" && r[1] === "Zimmer");
    expect(room?.[6]).toBe(section);
    expect(room?.[0]).toMatch(/^Haus A \/ /);
    const bed = rows.find((r) => r[2] === bed101.name && r[0]?.endsWith(" / Zimmer 101"));
    expect(bed?.[1]).toBe("Gerät");
    expect(bed?.[6]).toBe(section);
    // Tree order: the bed comes after its room.
    expect(rows.indexOf(bed as string[])).toBeGreaterThan(rows.indexOf(room as string[]));
    // The technician sees technical devices (systemtree::see_tech_devices).
    expect(rows.some((r) => r[1] === "Technisches Gerät")).toBe(true);
    expect(rows.length - 1).toBe(nodes.length);

    const xlsx = await exportFrom(page, "XLSX");
    expect(xlsx.name).toMatch(/^systembaum-\d+\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsx.path);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("the workbook has no sheet");
    expect(sheet.getRow(1).getCell(1).text).toBe("Pfad");
    let found = false;
    sheet.eachRow((row) => {
      if (row.getCell(3).text === "Zimmer 101" && row.getCell(2).text === "Zimmer") {
        found = true;
        expect(row.getCell(7).text).toBe(section);
        // Numbers are numbers in the workbook.
        expect(row.getCell(6).value).toBe(101);
      }
    });
    expect(found).toBe(true);
    await page.screenshot({ path: join(SHOTS, "tree-export-1920-de.png") });
    // The export button and the job list add no serious accessibility violation.
    expect(await seriousViolations(page, "body")).toEqual([]);
    expect(consoleErrors).toEqual([]);
  }, 90_000);

  it("a user who sees one station gets only its rooms; the export menu fits a phone", async () => {
    const { page, consoleErrors } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signIn(page, server.baseUrl, STATION.username, STATION.password);
    await waitForPath(page, "/tree");
    await byTestId(page, TESTIDS.tree.row).first().waitFor();
    const csv = await exportFrom(page, "CSV", "tree-export-menu-390-de.png");
    const rows = parseCsv(readFileSync(csv.path, "utf8")).slice(1);
    const section = sections.get(room101.section_id as number);
    expect(rows.some((r) => r[2] === "Zimmer 101")).toBe(true);
    const rooms = rows.filter((r) => r[1] === "Zimmer");
    expect(rooms.length).toBeGreaterThan(3);
    expect(rooms.every((r) => r[6] === section)).toBe(true);
    const otherRooms = nodes.filter((n) => n.kind === "room" && n.section_id !== room101.section_id);
    expect(otherRooms.length).toBeGreaterThan(3);
    const names = new Set(rows.map((r) => r[2]));
    expect(otherRooms.filter((n) => names.has(n.name))).toEqual([]);
    await page.screenshot({ path: join(SHOTS, "tree-export-390-de.png"), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(consoleErrors).toEqual([]);
  }, 90_000);

  it("a user without the tree has no export of it: the API refuses", async () => {
    const nurse = await signInApi(server.baseUrl, "pflege", "demo-pflege");
    await expect(nurse.query('mutation { startExport(source: "SystemTree", format: CSV) { id } }')).rejects.toThrow();
  });
});
