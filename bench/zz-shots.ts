import { TESTIDS } from "/work/main/apps/web/src/testids.ts";
import { byTestId, launchBrowser, newPage } from "/work/main/e2e/support/browser.ts";
import { field, signIn, waitForPath } from "/work/main/e2e/support/pages.ts";
const base = "http://127.0.0.1:4410";
const browser = await launchBrowser();
for (const [w, h, lang] of [[1920, 1080, "de"], [390, 844, "fr"]] as const) {
  const { page, consoleErrors } = await newPage(browser, { viewport: { width: w, height: h } });
  await signIn(page, base, "technik", "demo-technik");
  await waitForPath(page, "/tree");
  if (lang !== "de") await page.evaluate((l) => localStorage.setItem("i18nextLng", l), lang);
  await page.goto(`${base}/tree/edit/23?lng=${lang}`);
  await byTestId(page, TESTIDS.nodeForm.form).waitFor();
  await byTestId(page, TESTIDS.nodeForm.settings).waitFor();
  const parent = field(page, "parent_id");
  await parent.click();
  await parent.fill("zimmer");
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shot-parent-${w}-${lang}.png` });
  await page.keyboard.press("Escape");
  const cs = field(page, "call_source_id");
  await cs.scrollIntoViewIfNeeded();
  await cs.click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shot-cs-${w}-${lang}.png` });
  console.log(w, lang, consoleErrors);
}
await browser.close();
