import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { startTestSimulator, type TestSimulator } from "../apps/server/src/test-support/simulator.ts";
import { completeFirstRun, graphql, signInApi } from "./support/api.ts";
import { axeViolations } from "./support/axe.ts";
import { byTestId, launchBrowser, newPage } from "./support/browser.ts";
import { field, openRow, pickOption, saveAndClose, signIn, waitForPath } from "./support/pages.ts";
import { startServer, type RunningServer } from "./support/server.ts";

const ADMIN = { username: "admin", password: "admin password 1" };
// See admin.e2e.ts: the theme's contrast is checked on its own.
const AXE = { disableRules: ["color-contrast"] };

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
}

describe("system parameters in Chromium: edit, validate, save, reopen", () => {
  let simulator: TestSimulator;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];
  /** Bodies of every GraphQL response the browser received. */
  const responses: unknown[] = [];

  beforeAll(async () => {
    simulator = await startTestSimulator();
    server = await startServer();
    await completeFirstRun(server.baseUrl, { ...ADMIN, controllerPort: simulator.port });
    browser = await launchBrowser();
    ({ page, consoleErrors } = await newPage(browser));
    page.on("response", (response) => {
      if (!response.url().includes("/backend/query")) return;
      void response.json().then(
        (body: unknown) => responses.push(body),
        () => undefined,
      );
    });
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await simulator?.stop();
  });

  it("opens /admin on the system parameters, the first screen of the route table", async () => {
    await page.goto(`${server.baseUrl}/admin`);
    await waitForPath(page, "/admin/systemparams");
    await byTestId(page, TESTIDS.systemParams.page).waitFor();
    const row = byTestId(page, TESTIDS.entityList.row).filter({ hasText: "System 1" });
    await row.waitFor();
    expect(await row.textContent()).toContain("127.0.0.1");
    await byTestId(page, TESTIDS.admin.navItem("systemparams")).first().waitFor();
    // Unlicensed: one system, so no second configurator can be added.
    expect(await byTestId(page, TESTIDS.entityList.new).isDisabled()).toBe(true);
    await byTestId(page, TESTIDS.systemParams.limitReached).waitFor();
    expect(await axeViolations(page, `[data-testid="${TESTIDS.systemParams.page}"]`, AXE)).toEqual([]);
  });

  it("shows a translated field error for an invalid gateway and keeps every typed value", async () => {
    await openRow(page, "System 1");
    expect(await field(page, "password").getAttribute("placeholder")).toBe("unverändert");
    await field(page, "night_start").fill("21:30");
    await pickOption(page, field(page, "weekend_start_day"), "Freitag");
    await field(page, "weekend_start_time").fill("18:00");
    await field(page, "gateway").fill("192.168.1.300");
    await byTestId(page, TESTIDS.entityForm.save).click();
    const gateway = field(page, "gateway");
    await expect.poll(() => gateway.getAttribute("aria-invalid")).toBe("true");
    expect(await byTestId(page, TESTIDS.modalRoute).textContent()).toContain("Ungültige IP-Adresse (nur IPv4).");
    expect(await gateway.inputValue()).toBe("192.168.1.300");
    expect(await field(page, "night_start").inputValue()).toBe("21:30");
    expect(await field(page, "weekend_start_time").inputValue()).toBe("18:00");
    expect(await axeViolations(page, `[data-testid="${TESTIDS.systemParams.form}"]`, AXE)).toEqual([]);
  });

  it("lands the server's connection check on the field (spec §8) and keeps the input", async () => {
    await field(page, "gateway").fill("192.168.1.1");
    // A new address needs the password typed again (the stored one stays with its address).
    await field(page, "tcp_port").fill("1");
    await byTestId(page, TESTIDS.entityForm.save).click();
    await expect.poll(() => field(page, "password").getAttribute("aria-invalid")).toBe("true");
    expect(await byTestId(page, TESTIDS.modalRoute).textContent()).toContain("Die Adresse wurde geändert: Bitte das Passwort erneut eingeben.");
    // Nobody listens on port 1: the server refuses the new connection data.
    await field(page, "password").fill("admin");
    await byTestId(page, TESTIDS.entityForm.save).click();
    await expect.poll(() => field(page, "ip").getAttribute("aria-invalid")).toBe("true");
    expect(await byTestId(page, TESTIDS.modalRoute).textContent()).toContain("Keine Verbindung zum Konfigurator unter dieser Adresse.");
    expect(await field(page, "night_start").inputValue()).toBe("21:30");
    expect(await field(page, "gateway").inputValue()).toBe("192.168.1.1");
  });

  it("asks before closing with unsaved changes", async () => {
    await byTestId(page, TESTIDS.entityForm.close).click();
    await byTestId(page, TESTIDS.entityForm.unsaved).waitFor();
    await byTestId(page, TESTIDS.entityForm.keepEditing).click();
    await byTestId(page, TESTIDS.entityForm.save).waitFor();
  });

  it("saves the fix with a success notification; reopening shows the saved values", async () => {
    await field(page, "tcp_port").fill(String(simulator.port));
    await saveAndClose(page);
    await byTestId(page, TESTIDS.notification).filter({ hasText: "«System 1» wurde gespeichert." }).waitFor();
    await openRow(page, "System 1");
    expect(await field(page, "night_start").inputValue()).toBe("21:30");
    expect(await field(page, "weekend_start_day").inputValue()).toBe("Freitag");
    expect(await field(page, "weekend_start_time").inputValue()).toBe("18:00");
    expect(await field(page, "gateway").inputValue()).toBe("192.168.1.1");
    expect(await field(page, "password").inputValue()).toBe("");
    await byTestId(page, TESTIDS.entityForm.close).click();
    await byTestId(page, TESTIDS.modalRoute).waitFor({ state: "detached" });
  });

  it("never sends the password: not to the browser, not through the API; displays get the new weekend", async () => {
    expect(responses.length).toBeGreaterThan(0);
    for (const body of responses) expect(keysOf(body)).not.toContain("password");
    const api = await signInApi(server.baseUrl, ADMIN.username, ADMIN.password);
    const data = await api.query<{ systemParams: Record<string, unknown>[]; __type: { fields: { name: string }[] } }>(
      '{ systemParams { id name has_password night_start weekend_start } __type(name: "SystemParams") { fields { name } } }',
    );
    expect(data.systemParams).toEqual([{ id: 1, name: "System 1", has_password: true, night_start: "21:30", weekend_start: 4 * 1440 + 18 * 60 }]);
    expect(data.__type.fields.map((f) => f.name)).not.toContain("password");
    // spec: "publicSystemParams (id, name, weekend_start, weekend_stop in minutes from a Monday-start week)".
    const open = await graphql<{ publicSystemParams: { weekend_start: number }[] }>(server.baseUrl, "{ publicSystemParams { weekend_start } }");
    expect(open.publicSystemParams).toEqual([{ weekend_start: 6840 }]);
    expect(consoleErrors).toEqual([]);
  });
});
