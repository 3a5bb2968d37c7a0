import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

/** Debian's Chromium, headless, without the background networking this sandbox refuses. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
}

/** A fresh browser context (its own cookies and storage) with console errors collected. */
export async function newPage(
  browser: Browser,
  options: { locale?: string; viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({
    locale: options.locale ?? "de-CH",
    viewport: options.viewport ?? { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  return { context, page, consoleErrors };
}

/** The locator of a data-testid from apps/web/src/testids.ts. */
export function byTestId(page: Page, id: string) {
  return page.locator(`[data-testid="${id}"]`);
}

/**
 * Where browser tests put screenshots for a human look (screens are looked at, not only asserted): E2E_SHOTS_DIR,
 * else a folder in the temp directory. Made on first use.
 */
export function shotsDir(): string {
  const dir = process.env["E2E_SHOTS_DIR"] ?? join(tmpdir(), "caresuite-shots");
  mkdirSync(dir, { recursive: true });
  return dir;
}
