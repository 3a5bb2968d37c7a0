import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildActivationCode } from "../apps/server/src/test-support/licences.ts";
import { startTestSimulator, type TestSimulator } from "../apps/server/src/test-support/simulator.ts";
import { startTestSmtp, type TestSmtp } from "../apps/server/src/test-support/smtp.ts";
import { NOTIFICATION_TESTIDS } from "../apps/web/src/features/incidents/notifications/notification-testids.ts";
import { completeFirstRun, type ApiClient } from "./support/api.ts";
import { axeViolations } from "./support/axe.ts";
import { byTestId, launchBrowser, newPage, shotsDir } from "./support/browser.ts";
import { signIn } from "./support/pages.ts";
import { freePort, startServer, type RunningServer } from "./support/server.ts";
import { until } from "./support/wait.ts";

/**
 * Incident e-mails (docs/decisions/039): a technician ticks Battery × Critical on
 * /analytics/incidents/notifications; the virtual call system reports a flat battery through the
 * controller protocol; the engine raises a Critical incident and the mail with its link arrives at
 * a real SMTP server. Screenshots at 390×844 and 1920×1080 in German and English.
 */

const SHOTS = shotsDir();
const ADMIN = { username: "admin", password: "admin password 1" };
const TECH = { username: "technik", password: "technik password 1", email: "technik@example.org" };
const AXE = { disableRules: ["color-contrast"] };

describe("incident e-mail notifications in Chromium", () => {
  let simulator: TestSimulator;
  let smtp: TestSmtp;
  let server: RunningServer;
  let browser: Browser;
  let admin: ApiClient;
  let device: number;

  beforeAll(async () => {
    simulator = await startTestSimulator();
    smtp = await startTestSmtp();
    const port = await freePort();
    server = await startServer({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
    admin = await completeFirstRun(server.baseUrl, { ...ADMIN, controllerPort: simulator.port });
    await admin.query(`mutation ($customer: String!, $code: String!) { activateLicense(customer: $customer, code: $code) { id } }`, {
      customer: "123456",
      code: buildActivationCode(),
    });
    await admin.query(`mutation ($data: SmtpSettingsInput!) { updateSmtpSettings(data: $data) { host } }`, {
      data: { host: "127.0.0.1", port: smtp.port, security: "none", user: "", password: "", from: "caresuite@example.org" },
    });
    const role = await admin.query<{ createRole: { id: number } }>(`mutation ($data: RoleInput!) { createRole(data: $data) { id } }`, {
      data: { name: "Technik", permissions: ["analytics::use_module", "analytics::manage_incidents"].map((code) => ({ code, level: "write" })) },
    });
    await admin.query(`mutation ($data: UserInput!) { createUser(data: $data) { id } }`, {
      data: {
        username: TECH.username,
        name: "Toni Technik",
        password: TECH.password,
        password_repeat: TECH.password,
        password_is_temporary: false,
        roles: [role.createRole.id],
        email: TECH.email,
        locale: "en",
      },
    });
    // The configuration import brings the call system's devices; one with a healthy battery.
    const nodes = await until(
      async () =>
        (await admin.query<{ systemTreeNodes: { id: number; kind: string; battery: number | null }[] }>("{ systemTreeNodes { id kind battery } }"))
          .systemTreeNodes,
      (list) => list.some((n) => n.kind === "device" && n.battery !== null && n.battery >= 60),
      30_000,
    );
    device = nodes.find((n) => n.kind === "device" && n.battery !== null && n.battery >= 60)?.id ?? 0;
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
    await simulator?.stop();
  });

  it("the user ticks Battery × Critical; a flat battery in the call system mails them the incident's link", async () => {
    const { page, consoleErrors } = await newPage(browser, { locale: "en-GB", viewport: { width: 1920, height: 1080 } });
    await signIn(page, server.baseUrl, TECH.username, TECH.password);
    await page.goto(`${server.baseUrl}/analytics/incidents/notifications`);
    await byTestId(page, NOTIFICATION_TESTIDS.grid).waitFor();
    expect(await byTestId(page, NOTIFICATION_TESTIDS.emails).textContent()).toContain(TECH.email);
    await byTestId(page, NOTIFICATION_TESTIDS.cell("Battery", "Critical")).check();
    await byTestId(page, NOTIFICATION_TESTIDS.save).click();
    await page.getByText("Saved", { exact: false }).first().waitFor();
    const saved = await admin.query<{ incidentNotificationSettings: { subscriptions: { subject: string; severity: string }[] } }>(
      "query($u: Int) { incidentNotificationSettings(user_id: $u) { subscriptions { subject severity } } }",
      {
        u: (await admin.query<{ users: { items: { id: number; username: string }[] } }>("{ users { items { id username } } }")).users.items.find(
          (u) => u.username === TECH.username,
        )?.id,
      },
    );
    expect(saved.incidentNotificationSettings.subscriptions).toEqual([{ subject: "Battery", severity: "Critical" }]);

    // The device reports a flat battery through the controller protocol.
    await simulator.post(`/api/devices/${device}/report`, { battery: 3 });
    const mail = await until(
      () => Promise.resolve(smtp.received.find((m) => m.to.includes(TECH.email))),
      (found) => found !== undefined,
      30_000,
    );
    const incidents = await admin.query<{ incidents: { id: number; severity: string; subject: string }[] }>(
      "query($n: Int) { incidents(node_id: $n) { id severity subject } }",
      { n: device },
    );
    expect(incidents.incidents[0]).toMatchObject({ severity: "Critical", subject: "Battery" });
    expect(mail?.parsed.subject).toMatch(/^CareSuite: Critical – Battery – /);
    expect(mail?.parsed.text).toContain(`${server.baseUrl}/analytics/incidents/${incidents.incidents[0]?.id}`);
    expect(smtp.received.filter((m) => m.to.includes(TECH.email))).toHaveLength(1);

    // The screen lists the delivery.
    await page.reload();
    const row = byTestId(page, NOTIFICATION_TESTIDS.delivery).first();
    await row.waitFor();
    expect(await row.getAttribute("data-status")).toBe("sent");
    expect(await axeViolations(page, `[data-testid="${NOTIFICATION_TESTIDS.page}"]`, AXE)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/incident-notifications-en-1920.png`, fullPage: true });
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it("a failed save keeps what was ticked; screenshots in German and English on a phone", async () => {
    // The admin reads German (set up so), the technician English (their user's language).
    for (const [user, locale, tag] of [
      [ADMIN, "de-CH", "de"],
      [TECH, "en-GB", "en"],
    ] as const) {
      const { page } = await newPage(browser, { locale, viewport: { width: 1920, height: 1080 } });
      await signIn(page, server.baseUrl, user.username, user.password);
      await page.goto(`${server.baseUrl}/analytics/incidents/notifications`);
      await byTestId(page, NOTIFICATION_TESTIDS.grid).waitFor();
      await page.screenshot({ path: `${SHOTS}/incident-notifications-${tag}-1920-${user.username}.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await byTestId(page, NOTIFICATION_TESTIDS.cell("Reachability", "Critical")).check();
      // The server refuses the save: the error shows, the tick stays.
      await page.route("**/backend/query", async (route) => {
        if (!route.request().postData()?.includes("saveIncidentNotificationSettings")) return route.continue();
        return route.fulfill({
          contentType: "application/json",
          body: JSON.stringify({
            data: null,
            errors: [{ message: "Validation failed", extensions: { code: "VALIDATION", fields: { subscriptions: [{ message: "validation.duplicate" }] } } }],
          }),
        });
      });
      await byTestId(page, NOTIFICATION_TESTIDS.save).click();
      await page.locator('[data-testid="entityForm.error"]').first().waitFor();
      expect(await byTestId(page, NOTIFICATION_TESTIDS.cell("Reachability", "Critical")).isChecked()).toBe(true);
      await page.unroute("**/backend/query");
      await page.screenshot({ path: `${SHOTS}/incident-notifications-${tag}-390.png`, fullPage: true });
      await page.context().close();
    }
  }, 90_000);
});
