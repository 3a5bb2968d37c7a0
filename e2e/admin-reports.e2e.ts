import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { DEFECTS_TESTIDS } from "../apps/web/src/features/admin/defects/defects-testids.ts";
import { REPORT_TESTIDS } from "../apps/web/src/features/admin/reports/report-testids.ts";
import { startTestSmtp, type TestSmtp } from "../apps/server/src/test-support/smtp.ts";
import { demoTrigger, signInApi, type ApiClient } from "./support/api.ts";
import { seriousViolations } from "./support/axe.ts";
import { byTestId, launchBrowser, newPage, shotsDir } from "./support/browser.ts";
import { field, listRowTexts, signIn } from "./support/pages.ts";
import { freePort, startServer, type RunningServer } from "./support/server.ts";
import { until } from "./support/wait.ts";

/**
 * /admin/reports and /admin/defects (spec route table; docs/decisions/038-technical-reports.md)
 * against a demo server: the administrator creates a technical report with bad input (a criterion
 * without 0x, a battery threshold of 101), sees the translated errors with the input kept, saves
 * a valid one and finds it in the list; a defect call of the demo's technical alarm type shows on
 * the defects page and IgnoreDefects goes to the call system after a confirmation. axe on both
 * screens; the saved report sent at once arrives at a real SMTP server; screenshots at 1920×1080
 * and 390×844 in German and Italian.
 */

const SHOTS = shotsDir();
const ADMIN = { username: "admin", password: "demo-admin" };
const TECNICO = { username: "tecnico", password: "tecnico password 1" };
/** The demo's "Technischer Alarm" (flag Defect) and its heating device (kind tech). */
const DEFECT_CALL_TYPE = 1;
const TECH_DEVICE = 17;

describe("technical reports and defects in the admin area", () => {
  let browser: Browser;
  let server: RunningServer;
  let admin: ApiClient;
  let page: Page;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    browser = await launchBrowser();
    server = await startServer({ DEMO_MODE: "true", CONTROLLER_PORT: String(await freePort()), SIMULATOR_TRAFFIC: "off" });
    admin = await signInApi(server.baseUrl, ADMIN.username, ADMIN.password);
    const role = await admin.query<{ createRole: { id: number } }>(`mutation ($data: RoleInput!) { createRole(data: $data) { id } }`, {
      data: {
        // The defect's device is a technical one: the defects list shows only devices the user may see.
        name: "Tecnici",
        permissions: ["admin::use_module", "admin::manage_reports", "admin::manage_system", "calllog::see_defects", "systemtree::see_tech_devices"].map(
          (code) => ({ code, level: "write" }),
        ),
      },
    });
    await admin.query(`mutation ($data: UserInput!) { createUser(data: $data) { id } }`, {
      data: {
        username: TECNICO.username,
        password: TECNICO.password,
        password_repeat: TECNICO.password,
        password_is_temporary: false,
        roles: [role.createRole.id],
        locale: "it",
      },
    });
    ({ page } = await newPage(browser, { viewport: { width: 1920, height: 1080 } }));
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it("refuses a criterion without 0x and a threshold of 101 with translated errors, keeps the input, then saves a valid report", async () => {
    await page.goto(`${server.baseUrl}/admin/reports`);
    await byTestId(page, TESTIDS.entityList.page).waitFor();
    await byTestId(page, TESTIDS.admin.navItem("reports")).waitFor();
    await byTestId(page, TESTIDS.entityList.new).click();
    await field(page, "email").fill("technik@example.org");
    await field(page, "battery_threshold").fill("101");
    await field(page, "probable_defect_criterion").fill("6A");
    await byTestId(page, TESTIDS.entityForm.save).click();
    await expect.poll(() => field(page, "probable_defect_criterion").getAttribute("aria-invalid")).toBe("true");
    expect(await field(page, "battery_threshold").getAttribute("aria-invalid")).toBe("true");
    const text = (await byTestId(page, TESTIDS.modalRoute).textContent()) ?? "";
    expect(text).toContain("Das Kriterium muss mit 0x beginnen, z. B. 0x6A.");
    expect(text).toContain("Der Wert muss zwischen 0 und 100 liegen.");
    expect(await field(page, "email").inputValue()).toBe("technik@example.org");
    expect(await field(page, "battery_threshold").inputValue()).toBe("101");
    expect(await field(page, "probable_defect_criterion").inputValue()).toBe("6A");
    await page.screenshot({ path: join(SHOTS, "admin-reports-form-errors-de-1920.png"), fullPage: true });
    expect(await seriousViolations(page, `[data-testid="${TESTIDS.entityForm.modal}"]`)).toEqual([]);

    await field(page, "battery_threshold").fill("30");
    await field(page, "probable_defect_criterion").fill("0x6A");
    await byTestId(page, TESTIDS.entityForm.save).click();
    await byTestId(page, TESTIDS.modalRoute).waitFor({ state: "detached" });
    await expect.poll(() => listRowTexts(page)).toEqual([expect.stringContaining("technik@example.org")]);
    // The server holds it as saved.
    const stored = await admin.query<{ technicalReports: { items: { email: string; battery_threshold: number; probable_defect_criterion: string }[] } }>(
      "{ technicalReports { items { email battery_threshold probable_defect_criterion } } }",
    );
    expect(stored.technicalReports.items).toEqual([{ email: "technik@example.org", battery_threshold: 30, probable_defect_criterion: "0x6A" }]);
    await page.screenshot({ path: join(SHOTS, "admin-reports-list-de-1920.png"), fullPage: true });
    expect(await seriousViolations(page, `[data-testid="${TESTIDS.entityList.page}"]`)).toEqual([]);
  });

  it("sends the saved report at once: the e-mail arrives at the mail server with its sections", async () => {
    await admin.query(`mutation ($data: SmtpSettingsInput!) { updateSmtpSettings(data: $data) { host } }`, {
      data: { host: "127.0.0.1", port: smtp.port, security: "none", user: "", password: "", from: "caresuite@example.org" },
    });
    await page.goto(`${server.baseUrl}/admin/reports`);
    await byTestId(page, TESTIDS.entityList.page).waitFor();
    await page.getByText("technik@example.org").first().click();
    const button = byTestId(page, REPORT_TESTIDS.sendNow);
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    const result = byTestId(page, REPORT_TESTIDS.sendResult);
    await expect.poll(() => result.getAttribute("data-ok"), { timeout: 20_000 }).toBe("true");
    expect(await result.textContent()).toBe("Der Bericht wurde an technik@example.org gesendet.");
    const mail = await until(
      () => Promise.resolve(smtp.received.find((m) => m.to.includes("technik@example.org"))),
      (found) => found !== undefined,
      10_000,
    );
    // The demo site's report in German (the site's language), with its battery section.
    expect(mail?.parsed.subject).toContain("Technischer Tagesbericht");
    expect(mail?.parsed.text).toContain("Batterie");
    await page.screenshot({ path: join(SHOTS, "admin-reports-sent-de-1920.png"), fullPage: true });
    expect(await seriousViolations(page, `[data-testid="${TESTIDS.entityForm.modal}"]`)).toEqual([]);
    await page.keyboard.press("Escape");
    await byTestId(page, TESTIDS.modalRoute).waitFor({ state: "detached" });
  });

  it("lists a demo defect with its device and since when; IgnoreDefects asks first and says what it did", async () => {
    await demoTrigger(server.baseUrl, TECH_DEVICE, DEFECT_CALL_TYPE);
    await until(
      () => admin.query<{ defects: { device_id: number }[] }>("{ defects { device_id } }"),
      (answer) => answer.defects.some((d) => d.device_id === TECH_DEVICE),
      20_000,
    );
    await page.goto(`${server.baseUrl}/admin/defects`);
    const row = byTestId(page, DEFECTS_TESTIDS.row).and(page.locator(`[data-device="${TECH_DEVICE}"]`));
    await row.waitFor();
    expect(await row.textContent()).toContain("Technischer Alarm");
    await page.screenshot({ path: join(SHOTS, "admin-defects-de-1920.png"), fullPage: true });
    expect(await seriousViolations(page, `[data-testid="${DEFECTS_TESTIDS.page}"]`)).toEqual([]);

    await row.locator(`[data-testid="${DEFECTS_TESTIDS.ignore}"]`).click();
    await byTestId(page, DEFECTS_TESTIDS.confirm).waitFor();
    // A modal fading in reads as low contrast to axe: its transitions end first.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    expect(await seriousViolations(page, ".mantine-Modal-content")).toEqual([]);
    await byTestId(page, DEFECTS_TESTIDS.confirm).click();
    await byTestId(page, TESTIDS.notification).filter({ hasText: "IgnoreDefects wurde an" }).waitFor();
    // Audited with what was sent.
    const audit = await admin.query<{ auditLogs: { entity_type: string; entity_id: number; meta: unknown }[] }>(
      "query($input: AuditLogFilter!) { auditLogs(input: $input) { entity_type entity_id meta } }",
      { input: { limit: 60, entity_type: "systemtree" } },
    );
    expect(audit.auditLogs.some((entry) => entry.entity_id === TECH_DEVICE && JSON.stringify(entry.meta).includes("IgnoreDefects"))).toBe(true);

    await byTestId(page, DEFECTS_TESTIDS.ignoreAll).click();
    await byTestId(page, DEFECTS_TESTIDS.confirm).click();
    await byTestId(page, TESTIDS.notification).filter({ hasText: "für das ganze System" }).waitFor();
  });

  it("shows both screens in Italian on a phone and a desktop", async () => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1920, height: 1080 },
    ]) {
      const { page: it, context } = await newPage(browser, { locale: "it-CH", viewport });
      await signIn(it, server.baseUrl, TECNICO.username, TECNICO.password);
      await it.goto(`${server.baseUrl}/admin/reports`);
      await byTestId(it, TESTIDS.entityList.page).waitFor();
      await expect.poll(() => listRowTexts(it)).toEqual([expect.stringContaining("technik@example.org")]);
      await it.screenshot({ path: join(SHOTS, `admin-reports-list-it-${viewport.width}.png`), fullPage: true });
      await it.goto(`${server.baseUrl}/admin/reports/edit/-1`);
      await field(it, "probable_defect_criterion").fill("6A");
      await field(it, "email").fill("tecnico@example.org");
      await byTestId(it, TESTIDS.entityForm.save).click();
      await expect.poll(async () => (await byTestId(it, TESTIDS.modalRoute).textContent()) ?? "").toContain("Il criterio deve iniziare con 0x, ad es. 0x6A.");
      await it.screenshot({ path: join(SHOTS, `admin-reports-form-it-${viewport.width}.png`), fullPage: true });
      await it.goto(`${server.baseUrl}/admin/defects`);
      await byTestId(it, DEFECTS_TESTIDS.page).waitFor();
      await byTestId(it, DEFECTS_TESTIDS.row).first().waitFor();
      expect(await byTestId(it, DEFECTS_TESTIDS.page).textContent()).toContain("Guasti");
      await it.screenshot({ path: join(SHOTS, `admin-defects-it-${viewport.width}.png`), fullPage: true });
      expect(await seriousViolations(it, `[data-testid="${DEFECTS_TESTIDS.page}"]`)).toEqual([]);
      await context.close();
    }
    // German on a phone too.
    const { page: de, context } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signIn(de, server.baseUrl, ADMIN.username, ADMIN.password);
    await de.goto(`${server.baseUrl}/admin/defects`);
    await byTestId(de, DEFECTS_TESTIDS.row).first().waitFor();
    await de.screenshot({ path: join(SHOTS, "admin-defects-de-390.png"), fullPage: true });
    await de.goto(`${server.baseUrl}/admin/reports/edit/-1`);
    await field(de, "email").waitFor();
    await de.screenshot({ path: join(SHOTS, "admin-reports-form-de-390.png"), fullPage: true });
    await context.close();
  });
});
