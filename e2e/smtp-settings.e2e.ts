import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { startTestSimulator, type TestSimulator } from "../apps/server/src/test-support/simulator.ts";
import { startTestSmtp, type TestSmtp } from "../apps/server/src/test-support/smtp.ts";
import { completeFirstRun } from "./support/api.ts";
import { axeViolations } from "./support/axe.ts";
import { byTestId, launchBrowser, newPage } from "./support/browser.ts";
import { signIn } from "./support/pages.ts";
import { startServer, type RunningServer } from "./support/server.ts";

const ADMIN = { username: "admin", password: "admin password 1" };
// See admin.e2e.ts: the theme's contrast is checked on its own.
const AXE = { disableRules: ["color-contrast"] };
const SECRET = "smtp-geheim-123";

describe("SMTP settings in Chromium: save, test send, the password stays on the server", () => {
  let simulator: TestSimulator;
  let smtp: TestSmtp;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  /** Every GraphQL response body the browser received, as text. */
  const responses: string[] = [];

  beforeAll(async () => {
    simulator = await startTestSimulator();
    smtp = await startTestSmtp();
    server = await startServer();
    await completeFirstRun(server.baseUrl, { ...ADMIN, controllerPort: simulator.port });
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    page.on("response", (response) => {
      if (!response.url().includes("/backend/query")) return;
      void response.text().then(
        (body) => responses.push(body),
        () => undefined,
      );
    });
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
    await simulator?.stop();
  });

  it("saves the mail server and sends a test e-mail through it", async () => {
    await page.goto(`${server.baseUrl}/admin/settings`);
    const form = byTestId(page, TESTIDS.settings.smtp.form);
    await form.waitFor();
    const input = (name: string) => byTestId(page, TESTIDS.settings.smtp.field(name));
    await input("host").fill("127.0.0.1");
    await input("port").fill(String(smtp.port));
    await input("security").click();
    await page.getByRole("option", { name: "Keine", exact: true }).click();
    await input("from").fill("caresuite@example.org");
    await input("password").fill(SECRET);
    await byTestId(page, TESTIDS.settings.smtp.save).click();
    await page.getByText("Ein Passwort ist gespeichert. Leer lassen, um es zu behalten.").waitFor();
    expect(await input("password").inputValue()).toBe("");

    await byTestId(page, TESTIDS.settings.smtp.testTo).fill("admin@example.org");
    await byTestId(page, TESTIDS.settings.smtp.testSend).click();
    const result = byTestId(page, TESTIDS.settings.smtp.testResult);
    await result.waitFor();
    expect(await result.textContent()).toContain("Die Test-E-Mail wurde vom Mailserver angenommen.");
    expect(smtp.received.map((m) => [m.to, m.parsed.subject])).toEqual([[["admin@example.org"], "CareSuite: Test-E-Mail"]]);

    // After a reload the form says a password is stored, and no response ever carried it.
    await page.reload();
    await page.getByText("Ein Passwort ist gespeichert. Leer lassen, um es zu behalten.").waitFor();
    expect(responses.some((body) => body.includes(SECRET))).toBe(false);
    expect(await axeViolations(page, `[data-testid="${TESTIDS.settings.smtp.form}"]`, AXE)).toEqual([]);
  });
});
