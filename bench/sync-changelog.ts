// The /sync changelog at 20,000 nodes with 500 changes:  npm run build && node bench/sync-changelog.ts
// A demo server whose virtual call system runs a generated site of 20,000 nodes
// (SIMULATOR_SITE_NODES), imported through the controller protocol; 500 of its nodes are then
// renamed through the API (as the node form saves them), so ours differs from theirs in 500 records.
// - configChangelog alone (the server's diff of 20,000 nodes), 10 times
// - /sync after navigation: the click on the top bar's sync indicator → the changelog's groups in
//   the DOM (code and texts loaded, data read anew), 10 times
// - of that, the browser's part: the answer received → the groups on screen
// - opening the system tree group of 500 records (its first page of 50 with their diffs), 10 times
// Target: the changelog of 20,000 nodes with 500 changes renders in ≤ 1 s.
import * as TESTIDS from "../apps/web/src/testids.ts";
import { callSystemConnected, signInApi } from "../e2e/support/api.ts";
import { byTestId, launchBrowser, newPage } from "../e2e/support/browser.ts";
import { signIn, waitForPath } from "../e2e/support/pages.ts";
import { freePort, startServer } from "../e2e/support/server.ts";

const NODES = 20_000;
const CHANGES = 500;
const RUNS = 10;
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
  let nodes: { id: number; kind: string; name: string }[] = [];
  while (nodes.length < NODES) {
    await sleep(500);
    nodes = (await admin.query<{ systemTreeNodes: typeof nodes }>("{ systemTreeNodes { id kind name } }")).systemTreeNodes;
  }

  // 500 renamed nodes, four saves at a time.
  const renamed = nodes.filter((n) => n.kind === "room" || n.kind === "device").slice(0, CHANGES);
  const started = performance.now();
  for (let i = 0; i < renamed.length; i += 4) {
    await Promise.all(
      renamed.slice(i, i + 4).map((node) =>
        admin.query(`mutation ($id: Int!, $data: SystemTreeNodeInput!) { updateSystemTreeNode(id: $id, data: $data) { id } }`, {
          id: node.id,
          data: { name: `${node.name.slice(0, 40)} B` },
        }),
      ),
    );
  }
  console.error(`seeded ${renamed.length} changes in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  type Changelog = { configChangelog: { status: string; changelog: { id: string }[] } };
  const query = "{ configChangelog { status changelog { id entity_id entity_kind state changes { field ours theirs } ours theirs } } }";
  const first = await admin.query<Changelog>(query);
  const count = first.configChangelog.changelog.length;
  if (count < CHANGES) throw new Error(`expected ${CHANGES} changes, the changelog has ${count} (${first.configChangelog.status})`);

  const serverTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await admin.query<Changelog>(query);
    serverTimes.push(performance.now() - t0);
  }
  rows.push([
    `configChangelog over the API (${NODES.toLocaleString("en")} nodes, ${count} changes)`,
    ...[50, 100].map((p) => `${percentile(serverTimes, p).toFixed(0)} ms`),
    "–",
  ]);

  const browser = await launchBrowser();
  const { page } = await newPage(browser, { viewport: { width: 1920, height: 1080 } });
  await signIn(page, server.baseUrl, "admin", "demo-admin");
  await page.goto(`${server.baseUrl}/admin/systemparams`);
  const link = byTestId(page, TESTIDS.shell.syncIndicatorLink);
  await link.waitFor({ timeout: 30_000 });
  const treeGroup = page.locator(`[data-testid="${TESTIDS.sync.group}"][data-kind="system_tree"]`);

  const paints: number[] = [];
  const renders: number[] = [];
  const opens: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto(`${server.baseUrl}/admin/systemparams`);
    await link.waitFor({ timeout: 30_000 });
    const answered = page.waitForResponse((r) => r.request().postData()?.includes("query ConfigChangelog") === true, { timeout: 30_000 });
    const t0 = performance.now();
    await link.click();
    // The answer's body read in full: from here on the time is the browser's (parse, render).
    await (await answered).body();
    const tAnswer = performance.now();
    await treeGroup.waitFor({ timeout: 30_000 });
    const tGroups = performance.now();
    paints.push(tGroups - t0);
    renders.push(tGroups - tAnswer);
    if ((await treeGroup.getAttribute("data-count")) !== String(count)) throw new Error("the system tree group does not hold every change");

    const t1 = performance.now();
    await treeGroup.locator(`[data-testid="${TESTIDS.sync.groupToggle}"]`).click();
    await treeGroup.locator(`[data-testid="${TESTIDS.sync.entry}"]`).nth(49).waitFor({ timeout: 30_000 });
    opens.push(performance.now() - t1);
  }
  await waitForPath(page, "/sync");
  const rendered = await byTestId(page, TESTIDS.sync.entry).count();
  rows.push([
    "/sync changelog after the click on the sync indicator (groups on screen)",
    ...[50, 100].map((p) => `${percentile(paints, p).toFixed(0)} ms`),
    "≤ 1000 ms",
  ]);
  rows.push(["of which: answer in the browser → groups on screen (parse, render)", ...[50, 100].map((p) => `${percentile(renders, p).toFixed(0)} ms`), "–"]);
  rows.push([
    `system tree group opened (first ${rendered} of ${count} records with their diffs)`,
    ...[50, 100].map((p) => `${percentile(opens, p).toFixed(0)} ms`),
    "≤ 1000 ms",
  ]);
  await browser.close();
} finally {
  await server.stop();
}

console.log(`| measure | p50 | max of ${RUNS} | target |`);
console.log("|---|---|---|---|");
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
