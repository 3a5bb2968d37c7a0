import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { ANALYTICS_TESTIDS } from "../apps/web/src/features/analytics/analytics-testids.ts";
import { formatSeconds } from "../apps/web/src/features/analytics/analytics-filter.ts";
import { signInApi, type ApiClient } from "./support/api.ts";
import { seriousViolations } from "./support/axe.ts";
import { byTestId, launchBrowser, newPage, shotsDir } from "./support/browser.ts";
import { signIn, waitForPath } from "./support/pages.ts";
import { freePort, startServer, type RunningServer } from "./support/server.ts";
import { until } from "./support/wait.ts";

/**
 * /analytics against a demo server whose virtual call system replays two weeks of history
 * (SIMULATOR_BACKFILL_DAYS): the care manager (a role with analytics::use_module, the two box
 * permissions and analytics::see_defects) reads the response time by shift, the same as the server computes it, opens the
 * chart's table, and drills from a longest wait into the call form (/analytics/call/edit/:id) and
 * back; a nurse without the permission has no Analytics item and is sent away. axe on the screen;
 * screenshots at 1920×1080 and 390×844 in German and French.
 */

const SHOTS = shotsDir();
const ADMIN = { username: "admin", password: "demo-admin" };
const NURSE = { username: "pflege", password: "demo-pflege" };
const MANAGER = { username: "leitung", password: "leitung password 1" };
const MANAGER_FR = { username: "direction", password: "direction password 1" };

type Shift = { shift: string; opened: number; median_seconds: number | null; p90_seconds: number | null };

describe("analytics /analytics", () => {
  let browser: Browser;
  let server: RunningServer;
  let admin: ApiClient;

  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startServer({
      DEMO_MODE: "true",
      CONTROLLER_PORT: String(await freePort()),
      SIMULATOR_TRAFFIC: "off",
      SIMULATOR_BACKFILL_DAYS: "14",
    });
    admin = await signInApi(server.baseUrl, ADMIN.username, ADMIN.password);
    const role = await admin.query<{ createRole: { id: number } }>(`mutation ($data: RoleInput!) { createRole(data: $data) { id } }`, {
      data: {
        name: "Pflegedienstleitung",
        permissions: ["analytics::use_module", "analytics::see_low_battery_box", "analytics::see_not_reachable_box", "analytics::see_defects"].map((code) => ({
          code,
          level: "write",
        })),
      },
    });
    for (const [user, locale] of [
      [MANAGER, "de"],
      [MANAGER_FR, "fr"],
    ] as const) {
      await admin.query(`mutation ($data: UserInput!) { createUser(data: $data) { id } }`, {
        data: {
          username: user.username,
          password: user.password,
          password_repeat: user.password,
          password_is_temporary: false,
          roles: [role.createRole.id],
          locale,
        },
      });
    }
    // The replayed history has arrived when the last 30 days hold calls with a response.
    await until(
      () => admin.query<{ callAnalytics: { overall: { calls: number } } }>("{ callAnalytics { overall { calls } } }"),
      (answer) => answer.callAnalytics.overall.calls > 100,
      60_000,
    );
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("the care manager reads the response time by shift and drills into a call", async () => {
    const manager = await signInApi(server.baseUrl, MANAGER.username, MANAGER.password);
    const { page, consoleErrors } = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
    await signIn(page, server.baseUrl, MANAGER.username, MANAGER.password);
    // spec "Home redirect": "... else to analytics if the analytics module is allowed".
    await waitForPath(page, "/analytics");
    expect(await byTestId(page, TESTIDS.shell.nav("analytics")).count()).toBeGreaterThan(0);
    await byTestId(page, ANALYTICS_TESTIDS.shift).first().waitFor({ timeout: 20_000 });

    // The numbers on screen are the server's: median and p90 per shift.
    const { callAnalytics } = await manager.query<{ callAnalytics: { by_shift: Shift[] } }>(
      "{ callAnalytics(filter: { range: DAYS_30 }) { by_shift { shift opened median_seconds p90_seconds } } }",
    );
    for (const shift of callAnalytics.by_shift) {
      const card = page.locator(`[data-testid="${ANALYTICS_TESTIDS.shift}"][data-shift="${shift.shift}"]`);
      const text = await card.textContent();
      expect(text).toContain(`Median ${formatSeconds(shift.median_seconds)}`);
      expect(text).toContain(`90 % innert ${formatSeconds(shift.p90_seconds)}`);
    }
    expect(callAnalytics.by_shift.map((s) => s.shift)).toEqual(["DAY", "NIGHT"]);
    expect(callAnalytics.by_shift.every((s) => s.opened > 0 && s.median_seconds !== null)).toBe(true);

    // The chart draws (the charting library loads with it), and its table says the same as text.
    const shiftCard = page.locator(`[data-testid="${ANALYTICS_TESTIDS.card}"][data-chart="shift"]`);
    await shiftCard.locator(".recharts-surface").first().waitFor({ timeout: 20_000 });
    await page.locator(".recharts-surface").nth(4).waitFor({ timeout: 20_000 });
    await page.screenshot({ path: join(SHOTS, "analytics-1920-de.png"), fullPage: true });
    expect(await seriousViolations(page, `[data-testid="${ANALYTICS_TESTIDS.page}"]`)).toEqual([]);
    await shiftCard.getByText("Tabelle", { exact: true }).click();
    const table = shiftCard.locator(`[data-testid="${ANALYTICS_TESTIDS.table}"]`);
    const day = callAnalytics.by_shift.find((s) => s.shift === "DAY");
    await expect.poll(() => table.textContent()).toContain(formatSeconds(day?.median_seconds ?? null));
    expect(await table.textContent()).toContain("Tagschicht (07:00–18:59)");
    expect(await seriousViolations(page, `[data-testid="${ANALYTICS_TESTIDS.page}"]`)).toEqual([]);

    // The filter lives in the URL.
    // Waiting for the answer first: clicking while the new numbers re-lay the charts out could hit something else.
    const answered = page.waitForResponse((r) => r.url().endsWith("/backend/query") && (r.request().postData() ?? "").includes("DAYS_14"));
    await byTestId(page, ANALYTICS_TESTIDS.range).click();
    await page.getByRole("option", { name: "Letzte 14 Tage", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("range") === "DAYS_14");
    await answered;
    await page.locator(`[data-testid="${ANALYTICS_TESTIDS.page}"][data-fetching="false"]`).waitFor();

    // A longest wait opens its call in the call form over the charts; closing comes back with the filter.
    const link = byTestId(page, ANALYTICS_TESTIDS.callLink).first();
    await link.waitFor();
    await link.click();
    await page.waitForURL((url) => /^\/analytics\/call\/edit\/\d+$/.test(url.pathname) && url.searchParams.get("range") === "DAYS_14");
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const form = byTestId(page, TESTIDS.callForm.page);
    await form.waitFor({ timeout: 10_000 });
    const { call } = await manager.query<{ call: { device_text_long: string } }>(`{ call(id: ${id}) { device_text_long } }`);
    expect(await form.textContent()).toContain(call.device_text_long);
    await page.screenshot({ path: join(SHOTS, "analytics-call-1920-de.png") });
    await page.keyboard.press("Escape");
    await page.waitForURL((url) => url.pathname === "/analytics" && url.searchParams.get("range") === "DAYS_14");

    // The slowest room opens the node form (read-only without the tree module).
    const roomCard = page.locator(`[data-testid="${ANALYTICS_TESTIDS.card}"][data-chart="room"]`);
    await roomCard.getByText("Tabelle", { exact: true }).click();
    const roomLink = roomCard.locator(`[data-testid="${ANALYTICS_TESTIDS.roomLink}"]`).first();
    const roomName = (await roomLink.textContent()) ?? "";
    await roomLink.click();
    await page.waitForURL((url) => /^\/analytics\/systemtree\/edit\/\d+$/.test(url.pathname));
    const nodeForm = byTestId(page, TESTIDS.nodeForm.form);
    await nodeForm.waitFor({ timeout: 15_000 });
    expect(await byTestId(page, TESTIDS.nodeForm.header).textContent()).toContain(roomName);
    expect(await nodeForm.getAttribute("data-can-save")).not.toBe("true");
    await page.screenshot({ path: join(SHOTS, "analytics-room-1920-de.png") });
    await page.keyboard.press("Escape");
    await page.waitForURL((url) => url.pathname === "/analytics");

    // A custom period comes from the URL and is checked before asking; the defects box shows with its permission.
    await page.goto(`${server.baseUrl}/analytics?from=2026-03-10&to=2026-03-01`);
    await byTestId(page, ANALYTICS_TESTIDS.defects).waitFor();
    const fromField = byTestId(page, ANALYTICS_TESTIDS.from);
    await expect.poll(() => fromField.getAttribute("aria-invalid")).toBe("true");
    await page.getByText("Das Startdatum muss vor dem Enddatum liegen.").waitFor();
    expect(consoleErrors).toEqual([]);
  });

  it("a nurse without analytics::use_module has no Analytics item and is sent away", async () => {
    const { page } = await newPage(browser);
    await signIn(page, server.baseUrl, NURSE.username, NURSE.password);
    await waitForPath(page, "/log");
    expect(await byTestId(page, TESTIDS.shell.nav("analytics")).count()).toBe(0);
    await page.goto(`${server.baseUrl}/analytics`);
    await byTestId(page, TESTIDS.noAccess.page).waitFor();
    expect(await byTestId(page, ANALYTICS_TESTIDS.page).count()).toBe(0);
  });

  it("reads in French and fits a phone", async () => {
    for (const [user, lang] of [
      [MANAGER_FR, "fr"],
      [MANAGER, "de"],
    ] as const) {
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1920, height: 1080 },
      ]) {
        if (lang === "de" && viewport.width === 1920) continue;
        const { page, consoleErrors } = await newPage(browser, { viewport });
        await signIn(page, server.baseUrl, user.username, user.password);
        await waitForPath(page, "/analytics");
        await byTestId(page, ANALYTICS_TESTIDS.shift).first().waitFor({ timeout: 20_000 });
        await page.locator(".recharts-surface").nth(4).waitFor({ timeout: 20_000 });
        if (lang === "fr") await page.getByText("Temps de réaction par équipe").first().waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: join(SHOTS, `analytics-${viewport.width}-${lang}.png`), fullPage: true });
        expect(await seriousViolations(page, `[data-testid="${ANALYTICS_TESTIDS.page}"]`)).toEqual([]);
        expect(consoleErrors).toEqual([]);
        await page.context().close();
      }
    }
  });
});
