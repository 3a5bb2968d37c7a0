import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { openDatabase } from "../apps/server/src/db/database.ts";
import { writeAudit } from "../apps/server/src/modules/audit/audit.repo.ts";
import { startTestSimulator, type TestSimulator } from "../apps/server/src/test-support/simulator.ts";
import { completeFirstRun } from "./support/api.ts";
import { axeViolations } from "./support/axe.ts";
import { byTestId, launchBrowser, newPage, shotsDir } from "./support/browser.ts";
import { field, listRowTexts, openAuditLog, openRow, pickOption, saveAndClose, signIn, waitForPath } from "./support/pages.ts";
import { startServer, type RunningServer } from "./support/server.ts";

const ADMIN = { username: "admin", password: "admin password 1" };
const NURSE = { username: "pflege", password: "nurse password 1" };
// The theme's dimmed text and primary buttons miss WCAG AA contrast app-wide (shell, footer,
// every list): a theme decision, checked on its own; everything else of these screens must pass.
const AXE = { disableRules: ["color-contrast"] };

/**
 * The controller's configuration is imported once it is connected; it replaces the call types.
 * Read from the database: no API reports the import's time (appState.last_gets_change is not set by it).
 */
async function waitForImport(dataDir: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const db = openDatabase({ dataDir });
    try {
      const link = await db.kysely.selectFrom("callsystem_links").select("imported_at").where("system_id", "=", 1).executeTakeFirst();
      if (link?.imported_at) return;
    } finally {
      await db.close();
    }
    if (Date.now() > deadline) throw new Error("the controller's configuration was not imported within 30 s");
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A local calendar day `days` before today: as the API's "YYYY-MM-DD", as typed into the audit
 * date filter ("dd.MM.yyyy", spec §9), and its noon.
 */
function daysAgo(days: number): { input: string; typed: string; noon: number } {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days, 12);
  const pad = (n: number): string => String(n).padStart(2, "0");
  return {
    input: `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`,
    typed: `${pad(day.getDate())}.${pad(day.getMonth() + 1)}.${day.getFullYear()}`,
    noon: day.getTime(),
  };
}

/**
 * Older history straight into the database: `count` licence changes, one second apart, days ago.
 * No mutation can write the past: every API change is audited at the server's now.
 */
async function seedHistory(dataDir: string, count: number, at: number): Promise<void> {
  const db = openDatabase({ dataDir });
  try {
    for (let i = 0; i < count; i++) {
      await writeAudit(db.kysely, {
        systemId: null,
        userId: null,
        now: at - i * 1000,
        entityType: "license",
        entityId: 1,
        entityDisplayName: `Lizenz ${i + 1}`,
        action: "updated",
        changes: [
          { field: "valid_until", value_old: null, value_new: "2027-01-31 00:00:00 +0000 UTC" },
          { field: "roles", value_old: null, value_new: ["Pflege", "Nacht", "Technik", "Leitung"] },
        ],
      });
    }
  } finally {
    await db.close();
  }
}

async function createCallType(page: Page, name: string, char: string): Promise<void> {
  await byTestId(page, TESTIDS.entityList.new).click();
  await field(page, "name").fill(name);
  await field(page, "char").fill(char);
  await saveAndClose(page);
  await byTestId(page, TESTIDS.entityList.row).filter({ hasText: name }).waitFor();
}

// One server for the file; the tests build on each other: admin work first, then the nurse.
describe("administration in Chromium: call types, roles, users, access, audit log", () => {
  let simulator: TestSimulator;
  let server: RunningServer;
  let browser: Browser;
  let admin: Page;
  let adminErrors: string[];

  beforeAll(async () => {
    simulator = await startTestSimulator();
    server = await startServer();
    // The first run through the API: the configurator (the virtual call system) and the initial administrator.
    await completeFirstRun(server.baseUrl, { ...ADMIN, controllerPort: simulator.port });
    await waitForImport(server.dataDir);
    browser = await launchBrowser();
    ({ page: admin, consoleErrors: adminErrors } = await newPage(browser));
    await signIn(admin, server.baseUrl, ADMIN.username, ADMIN.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await simulator?.stop();
  });

  it("creates call types in the admin area", async () => {
    await admin.goto(`${server.baseUrl}/admin/calltypes`);
    await byTestId(admin, TESTIDS.entityList.page).waitFor();
    await createCallType(admin, "E2E Zimmerruf", "z");
    await createCallType(admin, "E2E Toilettenruf", "t");
    // spec: the input filter upper-cases the character on blur.
    expect((await listRowTexts(admin)).find((row) => row.includes("E2E Zimmerruf"))).toContain("Z");
  });

  it("keeps what was typed when a save fails validation, then saves the fix", async () => {
    await openRow(admin, "E2E Zimmerruf");
    await field(admin, "name").fill("");
    await field(admin, "text").fill("Bitte kommen");
    await byTestId(admin, TESTIDS.entityForm.save).click();
    const nameInput = field(admin, "name");
    await expect.poll(() => nameInput.getAttribute("aria-invalid")).toBe("true");
    expect(await byTestId(admin, TESTIDS.modalRoute).textContent()).toContain("Name wird benötigt.");
    expect(await field(admin, "text").inputValue()).toBe("Bitte kommen");
    await nameInput.fill("E2E Zimmerruf Nord");
    await saveAndClose(admin);
    await byTestId(admin, TESTIDS.entityList.row).filter({ hasText: "E2E Zimmerruf Nord" }).waitFor();
  });

  it("sorts call types", async () => {
    await byTestId(admin, TESTIDS.entityList.sort).click();
    await byTestId(admin, TESTIDS.entitySort.page).waitFor();
    const rows = byTestId(admin, TESTIDS.entitySort.row);
    const names = await rows.allTextContents();
    const toilet = names.findIndex((name) => name.includes("E2E Toilettenruf"));
    const room = names.findIndex((name) => name.includes("E2E Zimmerruf Nord"));
    expect(toilet).toBeGreaterThan(room);
    // Move the toilet call up until it stands right above the room call.
    for (let i = toilet; i > room; i--) await rows.filter({ hasText: "E2E Toilettenruf" }).locator(`[data-testid="${TESTIDS.entitySort.up}"]`).click();
    await byTestId(admin, TESTIDS.entitySort.save).click();
    await byTestId(admin, TESTIDS.modalRoute).waitFor({ state: "detached" });
    await expect
      .poll(async () => {
        const list = await listRowTexts(admin);
        return list.findIndex((row) => row.includes("E2E Toilettenruf")) < list.findIndex((row) => row.includes("E2E Zimmerruf Nord"));
      })
      .toBe(true);
  });

  it("deletes a call type after confirmation", async () => {
    await openRow(admin, "E2E Toilettenruf");
    await byTestId(admin, TESTIDS.entityForm.delete).click();
    await byTestId(admin, TESTIDS.entityForm.deleteConfirm).click();
    await byTestId(admin, TESTIDS.modalRoute).waitFor({ state: "detached" });
    await expect.poll(async () => (await listRowTexts(admin)).some((row) => row.includes("E2E Toilettenruf"))).toBe(false);
  });

  it("creates a role with only calllog::use_module; an invalid paste changes nothing", async () => {
    await admin.goto(`${server.baseUrl}/admin/roles`);
    await byTestId(admin, TESTIDS.roles.page).waitFor();
    await byTestId(admin, TESTIDS.entityList.new).click();
    await byTestId(admin, TESTIDS.roles.form).waitFor();
    await field(admin, "name").fill("Pflege");
    const logModule = byTestId(admin, TESTIDS.roles.permission("calllog::use_module"));
    expect(await axeViolations(admin, `[data-testid="${TESTIDS.roles.form}"]`, AXE)).toEqual([]);
    await logModule.getByText("Lesen", { exact: true }).click();
    await expect.poll(() => logModule.getAttribute("data-level")).toBe("read");

    // The browser gives no clipboard here: the fallback dialog takes the text; it is not a role's.
    await byTestId(admin, TESTIDS.roles.paste).click();
    await byTestId(admin, TESTIDS.roles.clipboardText).fill('{"permissions": "all"}');
    await byTestId(admin, TESTIDS.roles.clipboardApply).click();
    await byTestId(admin, TESTIDS.notification).filter({ hasText: "Einfügen nicht möglich" }).waitFor();
    expect(await logModule.getAttribute("data-level")).toBe("read");

    await saveAndClose(admin);
    const row = byTestId(admin, TESTIDS.entityList.row).filter({ hasText: "Pflege" });
    await row.waitFor();
    expect(await axeViolations(admin, `[data-testid="${TESTIDS.roles.page}"]`, AXE)).toEqual([]);
    expect(await row.locator(`[data-testid="${TESTIDS.roles.userCount}"]`).textContent()).toBe("0");
  });

  // "fix the role form's labels under the level control at 390 px": on a phone each permission's
  // name sits above its control, whole, and both fit the screen.
  it("puts each permission name above its level control on a phone (390 px), uncut", async () => {
    const { page, context, consoleErrors } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
    await page.goto(`${server.baseUrl}/admin/roles/edit`);
    await byTestId(page, TESTIDS.roles.form).waitFor();
    await byTestId(page, TESTIDS.roles.permission("calllog::use_module")).waitFor();
    const rows = await page.locator('[data-testid^="roles.permission."]').evaluateAll((controls) =>
      controls.map((control) => {
        const name = control.parentElement?.querySelector("p") as HTMLElement | null;
        const nameBox = name?.getBoundingClientRect();
        const controlBox = control.getBoundingClientRect();
        return {
          code: control.getAttribute("data-testid"),
          above: nameBox !== undefined && nameBox.bottom <= controlBox.top + 1,
          nameCut: name === null || name.scrollWidth > name.clientWidth + 1,
          fits: controlBox.left >= 0 && controlBox.right <= window.innerWidth && (nameBox?.right ?? Infinity) <= window.innerWidth,
        };
      }),
    );
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(row, row.code ?? "").toMatchObject({ above: true, nameCut: false, fits: true });
    await page.screenshot({ path: join(shotsDir(), "role-form-390-de.png"), fullPage: true });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("creates a user with that role", async () => {
    await admin.goto(`${server.baseUrl}/admin/users`);
    await byTestId(admin, TESTIDS.users.page).waitFor();
    await byTestId(admin, TESTIDS.entityList.new).click();
    await byTestId(admin, TESTIDS.users.form).waitFor();
    expect(await axeViolations(admin, `[data-testid="${TESTIDS.users.form}"]`, AXE)).toEqual([]);
    await field(admin, "username").fill(NURSE.username);
    await field(admin, "name").fill("Paula Pflege");
    await field(admin, "password").fill(NURSE.password);
    await field(admin, "password_repeat").fill(NURSE.password);
    await pickOption(admin, field(admin, "roles"), "Pflege");
    await saveAndClose(admin);
    const row = byTestId(admin, TESTIDS.entityList.row).filter({ hasText: NURSE.username });
    await row.waitFor();
    expect(await row.textContent()).toContain("Pflege");
    expect(await axeViolations(admin, `[data-testid="${TESTIDS.users.page}"]`, AXE)).toEqual([]);
    // The admin's own row is a superuser's.
    expect(
      await byTestId(admin, TESTIDS.entityList.row).filter({ hasText: ADMIN.username }).locator(`[data-testid="${TESTIDS.users.superuser}"]`).count(),
    ).toBe(1);
  });

  it("shows the nurse only what the role allows; /admin is refused with the error notification", async () => {
    const { page } = await newPage(browser);
    await signIn(page, server.baseUrl, NURSE.username, NURSE.password);
    // the nurse lands on the call log (spec home redirect: "else to the log if the call log
    // module is allowed"); the shell's navigation is looked at on a page of the main layout that
    // needs no permission.
    await waitForPath(page, "/log");
    await page.goto(`${server.baseUrl}/no-access`);
    await byTestId(page, TESTIDS.shell.nav("display")).waitFor();
    const visible = async (id: string): Promise<boolean> => (await byTestId(page, TESTIDS.shell.nav(id)).count()) > 0;
    expect({
      log: await visible("log"),
      display: await visible("display"),
      overview: await visible("overview"),
      analytics: await visible("analytics"),
      app: await visible("app"),
      admin: await visible("admin"),
    }).toEqual({ log: true, display: true, overview: false, analytics: false, app: false, admin: false });
    // No admin::see_auditlog: no audit-log button.
    expect(await byTestId(page, TESTIDS.audit.button).count()).toBe(0);

    await page.goto(`${server.baseUrl}/admin`);
    await waitForPath(page, "/no-access");
    await byTestId(page, TESTIDS.noAccess.page).waitFor();
    const notification = byTestId(page, TESTIDS.notification).filter({ hasText: "Zugriff verweigert" });
    await notification.waitFor();
    expect(await notification.getAttribute("data-type")).toBe("error");
  });

  it("shows the changes in the audit log, in German", async () => {
    const modal = await openAuditLog(admin);
    const role = modal.locator(`[data-testid="${TESTIDS.audit.entry}"][data-entity-type="role"][data-action="created"]`);
    expect(await role.textContent()).toContain("Rolle «Pflege» erstellt");
    await role.getByRole("button").first().click();
    const permissions = role.locator(`[data-testid="${TESTIDS.audit.change}"][data-field="permissions"]`);
    expect(await permissions.textContent()).toContain("Berechtigungen");
    expect(await permissions.textContent()).toContain("Protokoll öffnen: Lesen");

    const renamed = modal
      .locator(`[data-testid="${TESTIDS.audit.entry}"][data-entity-type="callType"]`)
      .filter({ hasText: "Rufart «E2E Zimmerruf Nord» geändert" });
    expect(await renamed.count()).toBeGreaterThan(0);
    expect(await modal.locator(`[data-testid="${TESTIDS.audit.entry}"][data-entity-type="callType"][data-action="deleted"]`).textContent()).toContain(
      "Rufart «E2E Toilettenruf» gelöscht",
    );
    const user = modal.locator(`[data-testid="${TESTIDS.audit.entry}"][data-entity-type="user"][data-action="created"]`).filter({ hasText: "«pflege»" });
    expect(await user.textContent()).toContain("Benutzer «pflege» erstellt");
    // System entries are centred lines: the import of the controller's configuration, the sign-ins.
    expect(await modal.locator(`[data-testid="${TESTIDS.audit.systemEntry}"][data-action="gets_imported"]`).textContent()).toContain(
      "Aus der Rufanlage importierte Änderungen",
    );
    expect(await modal.locator(`[data-testid="${TESTIDS.audit.day}"]`).first().textContent()).toContain("Heute");
    expect(await modal.locator(`[data-testid="${TESTIDS.audit.end}"]`).textContent()).toBe("Keine weiteren Daten");
    expect(await axeViolations(admin, `[data-testid="${TESTIDS.audit.modal}"] .mantine-Modal-body`, AXE)).toEqual([]);
    expect(adminErrors).toEqual([]);
  });

  it("shows the same changes in English with ?locale=en", async () => {
    await admin.goto(`${server.baseUrl}/admin/calltypes?locale=en`);
    await byTestId(admin, TESTIDS.entityList.page).waitFor();
    const modal = await openAuditLog(admin);
    const role = modal.locator(`[data-testid="${TESTIDS.audit.entry}"][data-entity-type="role"][data-action="created"]`);
    expect(await role.textContent()).toContain("Role «Pflege» created");
    await role.getByRole("button").first().click();
    const permissions = role.locator(`[data-testid="${TESTIDS.audit.change}"][data-field="permissions"]`);
    expect(await permissions.textContent()).toContain("Permissions");
    expect(await permissions.textContent()).toContain("Open the log: Read");
    expect(await modal.locator(`[data-testid="${TESTIDS.audit.end}"]`).textContent()).toBe("No more data");
  });

  it("pages the audit log: 60 at first, the rest when scrolled to the end; the date starts it anew", async () => {
    const older = daysAgo(3);
    await seedHistory(server.dataDir, 70, older.noon);
    await admin.goto(`${server.baseUrl}/admin/calltypes?locale=de`);
    await byTestId(admin, TESTIDS.entityList.page).waitFor();
    const modal = await openAuditLog(admin);
    const entries = modal.locator(`[data-testid="${TESTIDS.audit.entry}"], [data-testid="${TESTIDS.audit.systemEntry}"]`);
    // spec: pages of 60; the next one loads when the sentinel is a quarter visible.
    await expect.poll(() => entries.count()).toBe(60);
    expect(await modal.locator(`[data-testid="${TESTIDS.audit.end}"]`).count()).toBe(0);
    await modal.locator(`[data-testid="${TESTIDS.audit.sentinel}"]`).scrollIntoViewIfNeeded();
    await modal.locator(`[data-testid="${TESTIDS.audit.end}"]`).waitFor();
    expect(await entries.count()).toBeGreaterThan(60);

    // A licence change of the seeded history: a "+0000 UTC" date at midnight is a date; lists show 2 items.
    const licence = modal.locator(`[data-testid="${TESTIDS.audit.entry}"][data-entity-type="license"]`).filter({ hasText: "«Lizenz 70»" });
    await licence.getByRole("button").first().click();
    expect(await licence.locator(`[data-testid="${TESTIDS.audit.change}"][data-field="valid_until"]`).textContent()).toContain("31.01.2027");
    const roles = licence.locator(`[data-testid="${TESTIDS.audit.change}"][data-field="roles"]`);
    expect(await roles.textContent()).toContain("PflegeNacht2 weitere anzeigen");
    await roles.locator(`[data-testid="${TESTIDS.audit.showMore}"]`).click();
    expect(await roles.textContent()).toContain("TechnikLeitung");

    // spec: "Changing the start time resets offset and list": before the history there is nothing.
    const date = modal.locator(`[data-testid="${TESTIDS.audit.date}"]`);
    await date.fill(daysAgo(4).typed);
    await modal.locator(`[data-testid="${TESTIDS.audit.empty}"]`).waitFor();
    await date.fill(older.typed);
    await expect.poll(() => entries.count()).toBe(60);
    expect(await modal.locator(`[data-testid="${TESTIDS.audit.day}"]`).first().getAttribute("data-day")).toBe(older.input);
  });
});
