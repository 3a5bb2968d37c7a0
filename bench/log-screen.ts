// The call log on screen at a year of history:  npm run build && node bench/log-screen.ts [--rate 1600] [--runs 10]
// Target: "the list on screen ≤ 300 ms after navigation" (docs/call-log.md).
// - A data directory gets a year of history through `npm run simulate` (scripts/simulate.ts: the
//   real setup path, then --rate calls a day for 365 days; 1600 gives about 1,000,000 rows).
// - A server starts on it (SQLite, the bundled virtual call system without traffic).
// - "after navigation": a fresh page on /admin (the app and its cache new, as after a sign-in),
//   then the click on "Log" → the first call row of the last 24 hours in the DOM: the log's code
//   chunk, its texts and the first page from the server.
import { parseArgs } from "node:util";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { byTestId, launchBrowser, newPage } from "../e2e/support/browser.ts";
import { signIn, waitForPath } from "../e2e/support/pages.ts";
import { startOnSimulatedYear } from "./support/simulated-year.ts";

const { values } = parseArgs({ options: { rate: { type: "string", default: "1600" }, runs: { type: "string", default: "10" } } });
const runs = Number(values.runs);
const percentile = (list: number[], p: number): number =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] ?? NaN;
const ms = (value: number): string => `${value.toFixed(0)} ms`;

const server = await startOnSimulatedYear(values.rate);
const rows: string[][] = [];
try {
  const browser = await launchBrowser();
  const { context, page } = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
  await signIn(page, server.baseUrl, "admin", "simulate-admin");
  const firstRow = (on: typeof page) => byTestId(on, TESTIDS.log.row).first();

  const navigations: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const fresh = await context.newPage();
    await fresh.goto(`${server.baseUrl}/admin`);
    await waitForPath(fresh, /^\/admin/);
    await byTestId(fresh, TESTIDS.shell.nav("log")).waitFor();
    // A person clicks a moment after the screen shows; the shell preloads its sections when idle.
    await fresh.waitForTimeout(1000);
    const started = performance.now();
    await byTestId(fresh, TESTIDS.shell.nav("log")).click();
    await firstRow(fresh).waitFor({ timeout: 30_000 });
    // The first run warms the server's and the database's caches.
    if (i > 0) navigations.push(performance.now() - started);
    await fresh.close();
  }
  rows.push(["/log first rows after navigation (24 hours)", ms(percentile(navigations, 50)), ms(Math.max(...navigations)), "≤ 300 ms"]);

  await browser.close();
} finally {
  await server.stop();
}
console.log("| measure | p50 | max | target |");
console.log("|---|---|---|---|");
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
