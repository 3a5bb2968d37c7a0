import type { Page } from "playwright-core";
import * as TESTIDS from "../../apps/web/src/testids.ts";
import { byTestId } from "./browser.ts";

/** Page objects of the admin area: what a user does, in the words of the screens. */

/**
 * Waits until the page shows `path`. In-app navigation has no page load to wait for ("commit"); the
 * 20 s allow a first render on a machine loaded by the other test lane. A timeout names the page
 * the browser is on instead.
 */
export async function waitForPath(page: Page, path: string | RegExp): Promise<void> {
  const matches = (url: URL) => (typeof path === "string" ? url.pathname === path : path.test(url.pathname + url.search));
  try {
    await page.waitForURL(matches, { timeout: 20_000, waitUntil: "commit" });
  } catch (error) {
    throw new Error(`expected ${String(path)}, the page is at ${page.url()}`, { cause: error });
  }
}

/** Signs in through the login page and waits until it is left. */
export async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await byTestId(page, TESTIDS.login.username).fill(username);
  await byTestId(page, TESTIDS.login.password).fill(password);
  await byTestId(page, TESTIDS.login.submit).click();
  await page.waitForURL((url) => url.pathname !== "/login", { timeout: 20_000, waitUntil: "commit" });
}

/** The rows of the admin list on screen, by their visible text. */
export async function listRowTexts(page: Page): Promise<string[]> {
  return byTestId(page, TESTIDS.entityList.row).allTextContents();
}

/** Opens the list row whose text contains `text`. */
export async function openRow(page: Page, text: string): Promise<void> {
  await byTestId(page, TESTIDS.entityList.row).filter({ hasText: text }).first().click();
  // The modal's root has no box of its own: wait for the form inside.
  await byTestId(page, TESTIDS.modalRoute).locator("form").waitFor();
}

/** An input of the open form (`entityForm.field.<name>`). */
export function field(page: Page, name: string) {
  return byTestId(page, TESTIDS.modalRoute).locator(`[data-testid="${TESTIDS.entityForm.field(name)}"]`);
}

/** Saves the open form and waits for its modal to close. */
export async function saveAndClose(page: Page): Promise<void> {
  await byTestId(page, TESTIDS.entityForm.save).click();
  await byTestId(page, TESTIDS.modalRoute).waitFor({ state: "detached" });
}

/** Picks an option of an open Mantine select/multi-select by its label. */
export async function pickOption(page: Page, input: ReturnType<typeof field>, label: string): Promise<void> {
  await input.click();
  await page.getByRole("option", { name: label, exact: true }).click();
  await page.keyboard.press("Escape");
}

/** Opens the audit log from the top bar and waits for its first page. */
export async function openAuditLog(page: Page) {
  await byTestId(page, TESTIDS.audit.button).click();
  const modal = byTestId(page, TESTIDS.audit.modal);
  await modal.locator(`[data-testid="${TESTIDS.audit.entry}"]`).first().waitFor();
  return modal;
}
