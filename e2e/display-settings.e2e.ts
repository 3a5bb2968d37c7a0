import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { graphql } from "./support/api.ts";
import { axeViolations } from "./support/axe.ts";
import { byTestId, launchBrowser, newPage } from "./support/browser.ts";
import { signIn, waitForPath } from "./support/pages.ts";
import { freePort, startServer, type RunningServer } from "./support/server.ts";
import { until } from "./support/wait.ts";
import { JSON_POST_HEADERS } from "@caresuite/domain/api-contract";

/**
 * The display settings drawer (spec "Display settings drawer") against a demo server: its
 * virtual call system brings schedules ("Tag/Nacht" 07:00/19:00) and display groups, and its
 * demo users sign in (admin: superuser; technik: no display.manage_display_profiles).
 */

const ADMIN = { username: "admin", password: "demo-admin" };
const NO_DISPLAY_PERMISSION = { username: "technik", password: "demo-technik" };
const IDS = TESTIDS.displaySettings;

/** Page object of the drawer, in the words of the screen. */
class SettingsDrawer {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get root() {
    return byTestId(this.page, IDS.drawer);
  }

  /** Opens the drawer and waits until its slide-in transition has ended. */
  async open(): Promise<void> {
    await byTestId(this.page, IDS.toggle).click();
    await this.root.waitFor();
    await this.page.waitForFunction(() => document.getAnimations().length === 0);
  }

  /** Closes with the drawer's own close button (the unsaved-changes question may follow). */
  async requestClose(): Promise<void> {
    await this.page.locator(".mantine-Drawer-close").click();
  }

  system(id: number) {
    return this.root.locator(`[data-testid="${IDS.system}"][data-system="${id}"]`);
  }

  /** Picks an option of a Mantine select (the dropdown closes by itself; Escape would close the drawer). */
  async pick(input: ReturnType<Page["locator"]>, label: string): Promise<void> {
    await input.click();
    await this.page.getByRole("option", { name: label, exact: true }).click();
    await expect.poll(() => input.inputValue()).toBe(label);
  }

  /**
   * Waits until the board shows `name` at `path`. The board (and the drawer in it) is remounted
   * per profile, so typing before that would go into the outgoing drawer.
   */
  async shows(path: string, name: string): Promise<void> {
    await waitForPath(this.page, path);
    await expect.poll(() => byTestId(this.page, TESTIDS.display.profileBadge).textContent()).toBe(name);
    await this.root.waitFor();
  }

  async profileName(): Promise<string> {
    return byTestId(this.page, IDS.profileSelect).inputValue();
  }
}

describe("the display settings drawer in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ DEMO_MODE: "true", CONTROLLER_PORT: String(await freePort()) });
    browser = await launchBrowser();
    // The first connection imports the virtual system's configuration (schedules, display groups).
    await until(
      async () =>
        (await graphql<{ displayRelations: { schedules: { id: number }[] } }>(server.baseUrl, "{ displayRelations(system_id: 1) { schedules { id } } }"))
          .displayRelations.schedules,
      (schedules) => schedules.length > 0,
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("lets an administrator create, switch, configure, save, guard and delete profiles", async () => {
    const { page, consoleErrors } = await newPage(browser);
    const drawer = new SettingsDrawer(page);
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
    await page.goto(`${server.baseUrl}/display`);
    await drawer.open();

    // spec: "Shows the page URL (with a warning when it contains localhost or 127.0.0)".
    expect(await byTestId(page, IDS.pageUrl).inputValue()).toBe(`${server.baseUrl}/display`);
    await byTestId(page, IDS.urlWarning).waitFor();
    // spec: "the Save button shows only with a selected profile, changes and ...".
    expect(await byTestId(page, IDS.save).count()).toBe(0);

    // STYLE: axe on every main screen — the drawer open.
    expect(await axeViolations(page, ".mantine-Drawer-content")).toEqual([]);

    // spec: "Creating needs a non-empty name." — the translated schema message, nothing created.
    await byTestId(page, IDS.createSubmit).click();
    await page.getByText("Name wird benötigt.").waitFor();
    expect(await byTestId(page, IDS.createName).getAttribute("aria-invalid")).toBe("true");

    await byTestId(page, IDS.createName).fill("Station 2");
    await byTestId(page, IDS.createSubmit).click();
    await drawer.shows("/display/station-2", "Station 2");
    await byTestId(page, IDS.createName).fill("Station 1");
    await byTestId(page, IDS.createSubmit).click();
    // A new profile is shown at once; the drawer stays open across the route change.
    await drawer.shows("/display/station-1", "Station 1");
    expect(await byTestId(page, IDS.createName).inputValue()).toBe("");

    // spec: "Switching the profile rewrites the route to display with that slug."
    await drawer.pick(byTestId(page, IDS.profileSelect), "Station 2");
    await drawer.shows("/display/station-2", "Station 2");
    await drawer.pick(byTestId(page, IDS.profileSelect), "Station 1");
    await drawer.shows("/display/station-1", "Station 1");
    expect(await drawer.profileName()).toBe("Station 1");

    // Per system: the weekday schedule and its display groups.
    const system = drawer.system(1);
    await system.locator(`[data-testid="${IDS.systemEnabled}"]`).click();
    await expect.poll(() => system.getAttribute("data-enabled")).toBe("true");
    // spec: "Group pickers show only when a schedule other than 255 is chosen".
    expect(await system.locator(`[data-testid="${IDS.group("weekday", 1)}"]`).count()).toBe(0);
    await drawer.pick(system.locator(`[data-testid="${IDS.schedule("weekday")}"]`), "Tag/Nacht (07:00, 19:00)");
    // Two times, two slots: pickers 1 and 2, not 3.
    await system.locator(`[data-testid="${IDS.group("weekday", 2)}"]`).waitFor();
    expect(await system.locator(`[data-testid="${IDS.group("weekday", 3)}"]`).count()).toBe(0);
    await drawer.pick(system.locator(`[data-testid="${IDS.group("weekday", 1)}"]`), "Station 1");
    await drawer.pick(system.locator(`[data-testid="${IDS.group("weekday", 2)}"]`), "Alle Anzeigegruppen");

    // The two creations' notices may still show: the save's is a new one.
    const shown = await page.locator('[id^="cs-notification-"]').evaluateAll((elements) => elements.map((e) => e.id));
    await byTestId(page, IDS.save).click();
    const fresh = `[id^="cs-notification-"]${shown.map((id) => `:not(#${id})`).join("")}`;
    await page.locator(fresh).getByText("Profil gespeichert").waitFor();
    await byTestId(page, IDS.save).waitFor({ state: "detached" });

    // Kept after a reload (the drawer opens again on its button).
    await page.reload();
    await drawer.open();
    expect(await drawer.profileName()).toBe("Station 1");
    expect(await system.getAttribute("data-enabled")).toBe("true");
    await expect.poll(() => system.locator(`[data-testid="${IDS.schedule("weekday")}"]`).inputValue()).toBe("Tag/Nacht (07:00, 19:00)");
    expect(await system.locator(`[data-testid="${IDS.group("weekday", 1)}"]`).inputValue()).toBe("Station 1");
    expect(await system.locator(`[data-testid="${IDS.group("weekday", 2)}"]`).inputValue()).toBe("Alle Anzeigegruppen");

    // spec: "Closing with unsaved changes asks confirmation."
    await byTestId(page, IDS.field("name")).fill("Station 1 Nacht");
    await byTestId(page, IDS.save).waitFor();
    await drawer.requestClose();
    await byTestId(page, IDS.discardDialog).waitFor();
    await byTestId(page, IDS.discardCancel).click();
    await byTestId(page, IDS.discardDialog).waitFor({ state: "detached" });
    expect(await byTestId(page, IDS.field("name")).inputValue()).toBe("Station 1 Nacht");
    await drawer.requestClose();
    await byTestId(page, IDS.discardConfirm).click();
    await drawer.root.waitFor({ state: "hidden" });
    await drawer.open();
    expect(await byTestId(page, IDS.field("name")).inputValue()).toBe("Station 1");

    // spec: "Delete uses a confirm popup."
    await byTestId(page, IDS.delete).click();
    await byTestId(page, IDS.deleteConfirm).click();
    await page.getByText("Profil gelöscht").waitFor();
    await waitForPath(page, "/display");
    await byTestId(page, IDS.profileSelect).click();
    await expect.poll(() => page.getByRole("option").allTextContents()).toEqual(["Station 2"]);
    expect(consoleErrors).toEqual([]);
  });

  it("warns when a profile subscribes no system, and lets signed-in staff open the settings from the warning", async () => {
    const { page } = await newPage(browser);
    await signIn(page, server.baseUrl, ADMIN.username, ADMIN.password);
    const created = await page.evaluate(async (headers) => {
      const response = await fetch("/backend/query", {
        method: "POST",
        headers,
        body: JSON.stringify({ query: `mutation { createDisplayProfile(input: { name: "Ohne System", settings: [] }) { id } }` }),
      });
      return (await response.json()) as { errors?: unknown };
    }, JSON_POST_HEADERS);
    expect(created.errors).toBeUndefined();
    await page.goto(`${server.baseUrl}/display/ohne-system`);
    const warning = byTestId(page, TESTIDS.display.noSystems);
    await warning.waitFor();
    expect(await warning.textContent()).toContain("Keine Systeme abonniert");
    await warning.getByRole("button", { name: "Anzeigeeinstellungen öffnen" }).click();
    await byTestId(page, IDS.drawer).waitFor();

    // A wall screen shows the warning without the way in.
    const anonymous = (await newPage(browser)).page;
    await anonymous.goto(`${server.baseUrl}/display/ohne-system`);
    await byTestId(anonymous, TESTIDS.display.noSystems).waitFor();
    expect(await byTestId(anonymous, TESTIDS.display.noSystems).getByRole("button").count()).toBe(0);
  });

  it("shows an anonymous wall screen no settings at all", async () => {
    const { page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/display/station-2`);
    await expect.poll(() => byTestId(page, TESTIDS.display.profileBadge).textContent()).toBe("Station 2");
    expect(await byTestId(page, IDS.toggle).count()).toBe(0);
    expect(await byTestId(page, IDS.drawer).count()).toBe(0);
  });

  it("shows a user without display.manage_display_profiles the settings read-only", async () => {
    const { page, consoleErrors } = await newPage(browser);
    const drawer = new SettingsDrawer(page);
    await signIn(page, server.baseUrl, NO_DISPLAY_PERMISSION.username, NO_DISPLAY_PERMISSION.password);
    await page.goto(`${server.baseUrl}/display/station-2`);
    await drawer.open();
    await byTestId(page, IDS.readOnly).waitFor();
    expect(await byTestId(page, IDS.createName).count()).toBe(0);
    expect(await byTestId(page, IDS.delete).count()).toBe(0);
    expect(await byTestId(page, IDS.field("name")).isDisabled()).toBe(true);
    expect(await byTestId(page, IDS.field("fullscreen")).isDisabled()).toBe(true);
    expect(await byTestId(page, IDS.save).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });
});
