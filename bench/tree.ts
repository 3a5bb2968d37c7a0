// System tree screen benchmarks at 20,000 nodes:  npm run build && node bench/tree.ts
// A demo server whose virtual call system runs a generated site of 20,000 nodes
// (SIMULATOR_SITE_NODES), imported through the controller protocol as a real site would be:
// - /tree first useful paint: click on "Overview" → the first tree row in the DOM (code loaded,
//   data read anew), 10 times
// - node form: click on a tree row → the form in the DOM (its top), then its settings below the fold, 20 times
// - open-call badge: trigger (POST /demo/call/trigger) → the badge on the device's building row,
//   100 calls (p50/p99)
import * as TESTIDS from "../apps/web/src/testids.ts";
import { callSystemConnected, demoTrigger, signInApi } from "../e2e/support/api.ts";
import { byTestId, launchBrowser, newPage } from "../e2e/support/browser.ts";
import { signIn, waitForPath } from "../e2e/support/pages.ts";
import { freePort, startServer } from "../e2e/support/server.ts";

const NODES = 20_000;
const ALERT = 4;
const percentile = (values: number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const server = await startServer({
  DEMO_MODE: "true",
  CONTROLLER_PORT: String(await freePort()),
  LOG_LEVEL: "error",
  SIMULATOR_SITE_NODES: String(NODES),
  SIMULATOR_TRAFFIC: "off",
});
const rows: string[][] = [];
try {
  while (!(await callSystemConnected(server.baseUrl))) await sleep(200);
  const admin = await signInApi(server.baseUrl, "admin", "demo-admin");
  let nodes: { id: number; kind: string; parent_id: number | null }[] = [];
  while (nodes.length < NODES) {
    await sleep(500);
    const data = await admin.query<{ systemTreeNodes: typeof nodes }>("{ systemTreeNodes { id kind parent_id } }");
    nodes = data.systemTreeNodes;
  }
  const parentOf = new Map(nodes.map((n) => [n.id, n.parent_id]));
  const buildingOf = (id: number): number => {
    let at = id;
    for (let parent = parentOf.get(at); parent !== null && parent !== undefined; parent = parentOf.get(at)) at = parent;
    return at;
  };
  const firstBuilding = nodes.find((n) => n.kind === "building" && n.parent_id === null)?.id;
  const devices = nodes.filter((n) => n.kind === "device" && buildingOf(n.id) === firstBuilding).map((n) => n.id);

  const browser = await launchBrowser();
  const { page } = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
  await signIn(page, server.baseUrl, "admin", "demo-admin");
  await waitForPath(page, "/tree");
  const firstRow = page.locator(`[data-testid="${TESTIDS.tree.tree}"][data-rows] [data-testid="${TESTIDS.tree.row}"]`).first();
  await firstRow.waitFor({ timeout: 60_000 });

  // First useful paint after navigating to /tree.
  const paints: number[] = [];
  for (let i = 0; i < 10; i++) {
    await byTestId(page, TESTIDS.shell.nav("admin")).click();
    await waitForPath(page, /^\/admin/);
    const started = performance.now();
    await byTestId(page, TESTIDS.shell.nav("overview")).click();
    await firstRow.waitFor({ timeout: 30_000 });
    paints.push(performance.now() - started);
  }
  rows.push(["/tree first rows after navigation (20,000 nodes)", ...[50, 100].map((p) => `${percentile(paints, p).toFixed(0)} ms`), "≤ 1000 ms"]);

  // Node form after the click on a row, closed with Escape between (one page session).
  const forms: number[] = [];
  const wholeForms: number[] = [];
  for (let i = 0; i < 20; i++) {
    const row = byTestId(page, TESTIDS.tree.row).nth(i % 5);
    const started = performance.now();
    await row.click();
    await byTestId(page, TESTIDS.nodeForm.form).waitFor({ timeout: 30_000 });
    forms.push(performance.now() - started);
    await byTestId(page, TESTIDS.nodeForm.settings).waitFor({ timeout: 30_000 });
    await byTestId(page, TESTIDS.nodeForm.children).waitFor({ timeout: 30_000 });
    wholeForms.push(performance.now() - started);
    await page.keyboard.press("Escape");
    await byTestId(page, TESTIDS.nodeForm.form).waitFor({ state: "detached" });
  }
  rows.push(["node form after the click (header, parents, texts)", ...[50, 100].map((p) => `${percentile(forms, p).toFixed(0)} ms`), "≤ 200 ms"]);
  rows.push(["whole node form (settings below the fold, side panel)", ...[50, 100].map((p) => `${percentile(wholeForms, p).toFixed(0)} ms`), "–"]);

  // Open-call badge on the building row: a call in the building counts on it.
  const badge = page.locator(`[data-testid="${TESTIDS.tree.row}"][data-id="${firstBuilding}"] [data-testid="${TESTIDS.tree.badge}"]`);
  const badges: number[] = [];
  for (let i = 0; i < 100; i++) {
    const device = devices[(i * 7) % devices.length] as number;
    const started = performance.now();
    await demoTrigger(server.baseUrl, device, ALERT);
    await badge.waitFor({ timeout: 10_000 });
    badges.push(performance.now() - started);
    await demoTrigger(server.baseUrl, device, ALERT, true);
    await badge.waitFor({ state: "detached", timeout: 10_000 });
  }
  rows.push(["open-call badge after the trigger", ...[50, 99].map((p) => `${percentile(badges, p).toFixed(0)} ms`), "p99 ≤ 150 ms"]);
  await browser.close();
} finally {
  await server.stop();
}

console.log("| measure | p50 | max / p99 | target |");
console.log("|---|---|---|---|");
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
