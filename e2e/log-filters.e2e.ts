import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { signInApi, type ApiClient } from "./support/api.ts";
import { seriousViolations } from "./support/axe.ts";
import { byTestId, launchBrowser, newPage, shotsDir } from "./support/browser.ts";
import { signIn, waitForPath } from "./support/pages.ts";
import { freePort, startServer, type RunningServer } from "./support/server.ts";

/**
 * Saved call filters (/log/filters, docs/decisions/023) against a demo server: a call log user
 * saves the log's filter, finds it in the list, applies it, edits it and subscribes to its daily
 * report; screenshots on a phone and a wide screen in German and French.
 */

const SHOTS = shotsDir();
const ADMIN = { username: "admin", password: "demo-admin" };
const USER = { username: "berichte", password: "report user password 1", email: "berichte@example.org" };

function filterRow(page: Page, name: string) {
  return page.locator(`[data-testid="${TESTIDS.logFilters.row}"][data-name="${name}"]`);
}

describe("saved call filters /log/filters", () => {
  let browser: Browser;
  let server: RunningServer;
  let admin: ApiClient;
  const userIds = new Map<string, number>();

  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startServer({ DEMO_MODE: "true", CONTROLLER_PORT: String(await freePort()) });
    admin = await signInApi(server.baseUrl, ADMIN.username, ADMIN.password);
    const role = await admin.query<{ createRole: { id: number } }>(`mutation ($data: RoleInput!) { createRole(data: $data) { id } }`, {
      data: { name: "Nur Protokoll", permissions: [{ code: "calllog::use_module", level: "read" }] },
    });
    for (const locale of ["de", "fr"]) {
      const created = await admin.query<{ createUser: { id: number } }>(`mutation ($data: UserInput!) { createUser(data: $data) { id } }`, {
        data: {
          username: `${USER.username}-${locale}`,
          password: USER.password,
          password_repeat: USER.password,
          password_is_temporary: false,
          email: `${locale}-${USER.email}`,
          roles: [role.createRole.id],
          locale,
        },
      });
      userIds.set(locale, created.createUser.id);
    }
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("saves the log's filter, applies it, edits it and subscribes to its daily report", async () => {
    const { page, consoleErrors } = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
    await signIn(page, server.baseUrl, `${USER.username}-de`, USER.password);
    await waitForPath(page, "/log");
    await page.goto(`${server.baseUrl}/log?period=DAYS_7&state=OPEN&min=2`);
    await byTestId(page, TESTIDS.log.page).waitFor();

    // "Save current filter": the form opens with the log's filter.
    await byTestId(page, TESTIDS.log.saveFilter).click();
    await waitForPath(page, "/log/filters/edit");
    const form = byTestId(page, TESTIDS.logFilters.form);
    await form.waitFor();
    await form.locator(`[data-testid="${TESTIDS.logFilters.field("name")}"]`).fill("Offene der Woche");
    await byTestId(page, TESTIDS.entityForm.save).click();

    // The list shows it with its range in words.
    await waitForPath(page, "/log/filters");
    const row = filterRow(page, "Offene der Woche");
    await row.waitFor();
    expect(await row.textContent()).toContain("Letzte 7 Tage");
    await page.screenshot({ path: join(SHOTS, "log-filters-1920-de.png") });
    expect(await seriousViolations(page, `[data-testid="${TESTIDS.logFilters.page}"]`)).toEqual([]);

    // Apply: the log opens with the saved filter in the URL.
    await page.goto(`${server.baseUrl}/log/filters`);
    await row.waitFor();
    await row.locator(`[data-testid="${TESTIDS.logFilters.apply}"]`).click();
    await page.waitForURL((url) => url.pathname === "/log" && url.searchParams.get("period") === "DAYS_7" && url.searchParams.get("min") === "2");
    expect(new URL(page.url()).searchParams.get("state")).toBe("OPEN");

    // Edit: a custom period with "to" before "from" is refused at its field, the typed name stays.
    await page.goto(`${server.baseUrl}/log/filters`);
    await row.locator(`[data-testid="${TESTIDS.logFilters.edit}"]`).click();
    await form.waitFor();
    await form.locator(`[data-testid="${TESTIDS.logFilters.field("name")}"]`).fill("Offene, eigener Zeitraum");
    await byTestId(page, TESTIDS.logFilters.field("range")).click();
    await page.getByRole("option", { name: "Benutzerdefiniert (von–bis)" }).click();
    await form.locator(`[data-testid="${TESTIDS.logFilters.field("from")}"]`).fill("2026-11-10");
    await form.locator(`[data-testid="${TESTIDS.logFilters.field("to")}"]`).fill("2026-11-01");
    await byTestId(page, TESTIDS.entityForm.save).click();
    await page.getByText("Das Startdatum muss vor dem Enddatum liegen.").first().waitFor();
    expect(await form.locator(`[data-testid="${TESTIDS.logFilters.field("name")}"]`).inputValue()).toBe("Offene, eigener Zeitraum");
    await form.locator(`[data-testid="${TESTIDS.logFilters.field("to")}"]`).fill("2026-11-20");
    await byTestId(page, TESTIDS.entityForm.save).click();
    await waitForPath(page, "/log/filters");
    const edited = filterRow(page, "Offene, eigener Zeitraum");
    await edited.waitFor();
    expect(await edited.textContent()).toContain("10.11.2026 – 20.11.2026");

    // Subscribe to the daily report, to the user's own address.
    await edited.locator(`[data-testid="${TESTIDS.logFilters.reports}"]`).click();
    await byTestId(page, TESTIDS.logFilters.subscriptions).waitFor();
    const daily = byTestId(page, TESTIDS.logFilters.kind("daily"));
    await daily.getByText(`de-${USER.email}`).waitFor();
    await daily.locator(`[data-testid="${TESTIDS.logFilters.kindPart("daily", "enabled")}"]`).check();
    await daily.locator(`[data-testid="${TESTIDS.logFilters.kindPart("daily", "save")}"]`).click();
    await daily.locator(`[data-testid="${TESTIDS.logFilters.kindPart("daily", "delivery")}"]`).waitFor();
    await page.screenshot({ path: join(SHOTS, "log-filter-reports-1920-de.png") });
    await page.keyboard.press("Escape");
    await waitForPath(page, "/log/filters");
    await edited.getByText("Täglich").waitFor();

    // "My reports": the route without a filter lists the user's reports over all filters.
    await byTestId(page, TESTIDS.logFilters.myReports).click();
    await waitForPath(page, "/log/filters/edit/user");
    const mine = byTestId(page, TESTIDS.logFilters.userReportRow);
    await mine.first().waitFor();
    expect(await mine.count()).toBe(1);
    expect(await mine.first().textContent()).toContain("Offene, eigener Zeitraum");
    expect(await mine.first().textContent()).toContain("Täglich");
    await mine.first().getByRole("button", { name: "Offene, eigener Zeitraum" }).click();
    await byTestId(page, TESTIDS.logFilters.subscriptions).waitFor();
    expect(consoleErrors).toEqual([]);
  });

  it.each([
    ["de", 390, 844],
    ["fr", 390, 844],
    ["fr", 1920, 1080],
  ])("screenshots in %s at %ix%i, no page-wide overflow", async (locale, width, height) => {
    const { page } = await newPage(browser, { viewport: { width, height } });
    await signIn(page, server.baseUrl, `${USER.username}-${locale}`, USER.password);
    await waitForPath(page, "/log");
    await byTestId(page, TESTIDS.log.savedFilters).click();
    await byTestId(page, TESTIDS.logFilters.page).waitFor();
    await page.locator(`[data-testid="${TESTIDS.logFilters.row}"], [data-testid="${TESTIDS.logFilters.empty}"]`).first().waitFor();
    await page.screenshot({ path: join(SHOTS, `log-filters-${width}-${locale}.png`) });
    await byTestId(page, TESTIDS.logFilters.new).click();
    await byTestId(page, TESTIDS.logFilters.form).waitFor();
    await page.screenshot({ path: join(SHOTS, `log-filter-form-${width}-${locale}.png`) });
    // An untouched form asks nothing.
    expect(await byTestId(page, TESTIDS.entityForm.unsaved).count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("the administration (admin::manage_reports) sees the delivery problems panel", async () => {
    const { page, consoleErrors } = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
    await page.goto(`${server.baseUrl}/log/filters`);
    await byTestId(page, TESTIDS.logFilters.problems).waitFor();
    await page.getByText("Alle Berichte wurden zugestellt.").waitFor();
    expect(await seriousViolations(page, `[data-testid="${TESTIDS.logFilters.page}"]`)).toEqual([]);

    // Another user's reports, with that user's own addresses as the choices (reportRecipient).
    const userId = userIds.get("de");
    await page.goto(`${server.baseUrl}/log/filters/edit/user/${userId}`);
    await byTestId(page, TESTIDS.logFilters.userReports).getByText(`${USER.username}-de`).waitFor();
    const theirs = byTestId(page, TESTIDS.logFilters.userReportRow);
    await theirs.first().waitFor();
    expect(await theirs.first().textContent()).toContain("Täglich");
    const shared = await admin.query<{ createCallFilter: { id: number } }>(`mutation ($data: CallFilterInput!) { createCallFilter(data: $data) { id } }`, {
      data: { name: "Station gestern", range: "YESTERDAY", shared: true },
    });
    await page.goto(`${server.baseUrl}/log/filters/edit/${shared.createCallFilter.id}/user/${userId}`);
    await byTestId(page, TESTIDS.logFilters.kind("weekly")).getByText(`de-${USER.email}`).waitFor();
    expect(consoleErrors).toEqual([]);
  });
});
