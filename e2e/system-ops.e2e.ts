import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_TESTIDS } from "../apps/web/src/features/admin/system/system-testids.ts";
import { openDatabase } from "../apps/server/src/db/database.ts";
import { writeAudit } from "../apps/server/src/modules/audit/audit.repo.ts";
import { buildActivationCode } from "../apps/server/src/test-support/licences.ts";
import { completeFirstRun } from "./support/api.ts";
import { axeViolations } from "./support/axe.ts";
import { byTestId, launchBrowser, newPage, shotsDir } from "./support/browser.ts";
import { openAuditLog, signIn } from "./support/pages.ts";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { startServer, type RunningServer } from "./support/server.ts";

const ADMIN = { username: "admin", password: "admin password 1" };
// See admin.e2e.ts: the theme's contrast is checked on its own.
const AXE = { disableRules: ["color-contrast"] };
const DAY = 24 * 3600_000;
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A local day `days` ago as typed into the picker (spec §9 "dd.MM.yyyy"). */
function dayAgo(days: number): string {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
  const pad = (n: number): string => String(n).padStart(2, "0");
  return `${pad(day.getDate())}.${pad(day.getMonth() + 1)}.${day.getFullYear()}`;
}

/**
 * Old audit entries straight into the database (docs/decisions/029: no API can write the past):
 * what the cleanup finds older than its date.
 */
async function seedOldAudit(dataDir: string, count: number): Promise<void> {
  const db = openDatabase({ dataDir });
  try {
    for (let i = 0; i < count; i++) {
      await writeAudit(db.kysely, {
        systemId: null,
        userId: null,
        now: Date.now() - 60 * DAY - i * 1000,
        entityType: "license",
        entityId: 1,
        action: "updated",
      });
    }
  } finally {
    await db.close();
  }
}

/**
 * The system tools in Chromium (docs/decisions/044-cleanup-logs-maintenance.md): the maintenance
 * health, the cleanup's dry run, a mistyped phrase and the real cleanup; the log file filtered;
 * the licence screen. axe on each, desktop and phone.
 */
describe("system tools in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;
  /** One signed-in page for every screen (a sign-in per screen costs seconds); the phone layout by resizing it. */
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ LOG_LEVEL: "info", LOG_STDOUT: "false" });
    await completeFirstRun(server.baseUrl, ADMIN);
    await seedOldAudit(server.dataDir, 3);
    browser = await launchBrowser();
    ({ page } = await newPage(browser, { viewport: DESKTOP }));
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(path: string, testId: string, viewport = DESKTOP): Promise<Page> {
    await page.setViewportSize(viewport);
    await page.goto(`${server.baseUrl}${path}`);
    await byTestId(page, testId).waitFor();
    return page;
  }

  it("maintenance shows the health; the cleanup counts first, refuses a mistyped phrase and then deletes", async () => {
    await open("/admin/maintenance", SYSTEM_TESTIDS.maintenance);
    await byTestId(page, SYSTEM_TESTIDS.healthDatabase)
      .getByText(/^Erreichbar \(/)
      .waitFor();
    expect(await byTestId(page, SYSTEM_TESTIDS.healthBackups).textContent()).toContain("Noch keine Sicherungen");
    expect(await byTestId(page, SYSTEM_TESTIDS.healthLinks).textContent()).toContain("Keine Rufanlage eingerichtet.");

    await byTestId(page, SYSTEM_TESTIDS.cleanupBefore).fill(dayAgo(30));
    await byTestId(page, SYSTEM_TESTIDS.cleanupBefore).press("Tab");
    await byTestId(page, SYSTEM_TESTIDS.cleanupDryRun).click();
    await byTestId(page, SYSTEM_TESTIDS.cleanupCounts).waitFor();
    expect(await byTestId(page, SYSTEM_TESTIDS.cleanupCount("audit")).textContent()).toBe("Protokolleinträge: 3");
    expect(await byTestId(page, SYSTEM_TESTIDS.cleanupCount("calls")).textContent()).toBe("Rufe: 0");
    expect(await axeViolations(page, `[data-testid="${SYSTEM_TESTIDS.maintenance}"]`, AXE)).toEqual([]);

    await byTestId(page, SYSTEM_TESTIDS.cleanupPhrase).fill("endgültig löschen");
    await byTestId(page, SYSTEM_TESTIDS.cleanupRun).click();
    const error = byTestId(page, SYSTEM_TESTIDS.cleanupError);
    await error.waitFor();
    expect(await error.textContent()).toBe("Die Bestätigung stimmt nicht. Es wurde nichts gelöscht.");
    await page.screenshot({ path: join(shotsDir(), "maintenance-1280-de.png"), fullPage: true });

    await byTestId(page, SYSTEM_TESTIDS.cleanupPhrase).fill("ENDGÜLTIG LÖSCHEN");
    await byTestId(page, SYSTEM_TESTIDS.cleanupRun).click();
    await page.getByText("Gelöscht: 0 Rufe, 3 Protokolleinträge, 0 Exporte.").waitFor();
    await byTestId(page, SYSTEM_TESTIDS.cleanupCounts).waitFor({ state: "detached" });
    await byTestId(page, SYSTEM_TESTIDS.cleanupDryRun).click();
    await byTestId(page, SYSTEM_TESTIDS.cleanupCount("audit")).getByText("Protokolleinträge: 0").waitFor();
    // spec §7: the audit shows the cleanup as a centred system line, here with its counts.
    const audit = await openAuditLog(page);
    const line = audit.locator(`[data-testid="${TESTIDS.audit.systemEntry}"][data-action="cleanup"]`);
    expect(await line.textContent()).toContain("Bereinigung: 0 Rufe, 3 Protokolleinträge, 0 Exporte gelöscht");
    await page.keyboard.press("Escape");

    // The phone layout: the same page, narrowed.
    await page.setViewportSize(PHONE);
    expect(await axeViolations(page, `[data-testid="${SYSTEM_TESTIDS.maintenance}"]`, AXE)).toEqual([]);
    await page.screenshot({ path: join(shotsDir(), "maintenance-390-de.png"), fullPage: true });
  });

  it("the log file filtered by level and text; the licence screen", async () => {
    await open("/admin/logs", SYSTEM_TESTIDS.logs);
    const lines = byTestId(page, SYSTEM_TESTIDS.logLines);
    await lines.waitFor();
    await byTestId(page, SYSTEM_TESTIDS.logText).fill("listening on");
    await page.waitForFunction((id) => {
      const rows = [...document.querySelectorAll(`[data-testid="${id}"] [data-level]`)];
      return rows.length === 1 && rows[0]?.getAttribute("data-level") === "info" && (rows[0]?.textContent ?? "").includes("listening on");
    }, SYSTEM_TESTIDS.logLines);
    expect(await axeViolations(page, `[data-testid="${SYSTEM_TESTIDS.logs}"]`, AXE)).toEqual([]);
    await page.screenshot({ path: join(shotsDir(), "logs-1280-de.png"), fullPage: true });
    // From warnings up, the start-up line (info) is gone.
    await byTestId(page, SYSTEM_TESTIDS.logLevel).click();
    await page.getByRole("option", { name: "Warnung", exact: true }).click();
    await lines.getByText("Keine passenden Zeilen.").waitFor();
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: join(shotsDir(), "logs-390-de.png"), fullPage: true });

    const licence = await open("/admin/license", SYSTEM_TESTIDS.license);
    expect(await byTestId(licence, SYSTEM_TESTIDS.licenseCurrent).textContent()).toContain("Keine Lizenz aktiviert");
    await byTestId(licence, SYSTEM_TESTIDS.licenseCustomer).fill("123456");
    await byTestId(licence, SYSTEM_TESTIDS.licenseCode).fill("not-a-code");
    await byTestId(licence, SYSTEM_TESTIDS.licenseActivate).click();
    await byTestId(licence, SYSTEM_TESTIDS.licenseError).waitFor();
    expect(await byTestId(licence, SYSTEM_TESTIDS.licenseError).textContent()).toBe(
      "Lizenz nicht gefunden. Bitte prüfen Sie Lizenznummer und Aktivierungscode.",
    );
    expect(await axeViolations(licence, `[data-testid="${SYSTEM_TESTIDS.license}"]`, AXE)).toEqual([]);
    await licence.screenshot({ path: join(shotsDir(), "license-1280-de.png"), fullPage: true });
    // The setup's activation outside the setup: the new licence's features show at once.
    await byTestId(licence, SYSTEM_TESTIDS.licenseCode).fill(buildActivationCode());
    await byTestId(licence, SYSTEM_TESTIDS.licenseActivate).click();
    await byTestId(licence, SYSTEM_TESTIDS.licenseCurrent).getByText("Pflegeheim Sonnenhof (Lizenz-ID 42)").waitFor();
  });
});
