// Display board benchmarks:  npm run build && node bench/display.ts
// Against a demo server (its virtual call system runs background traffic, as a ward would):
// - JavaScript /display loads (gzip)
// - trigger (POST /demo/call/trigger) → the call's card in a real Chromium display's DOM, over 200
//   calls while 200 other display subscribers are connected (p50/p99)
// - JS heap growth of that display over 10,000 call changes (after forced garbage collection)
import { gzipSync } from "node:zlib";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import * as TESTIDS from "../apps/web/src/testids.ts";
import { callSystemConnected, demoFloors, demoTrigger } from "../e2e/support/api.ts";
import { launchBrowser } from "../e2e/support/browser.ts";
import { freePort, startServer } from "../e2e/support/server.ts";
import { SYSTEM_HEADER } from "@caresuite/domain/api-contract";

const OTHER_SUBSCRIBERS = 200;
const CALLS = 200;
const CHANGES = 10_000;
const ALERT = 4;
const percentile = (values: number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The 200 other displays connect from this one address: above the per-address limit of a site.
const server = await startServer({
  DEMO_MODE: "true",
  CONTROLLER_PORT: String(await freePort()),
  LOG_LEVEL: "error",
  WS_CONNECTIONS_PER_IP: String(OTHER_SUBSCRIBERS + 10),
});
const trigger = (device_id: number, close = false): Promise<void> => demoTrigger(server.baseUrl, device_id, ALERT, close);
let devices: number[] = [];
while (devices.length === 0) {
  await sleep(200);
  devices = (await demoFloors(server.baseUrl)).flatMap((f) => f.rooms.map((r) => r.device_id));
}
while (!(await callSystemConnected(server.baseUrl))) await sleep(200);

// The other displays.
const clients: Client[] = [];
let ready = 0;
for (let i = 0; i < OTHER_SUBSCRIBERS; i++) {
  const client = createClient({
    url: `${server.baseUrl.replace("http", "ws")}/backend/query`,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    connectionParams: { [SYSTEM_HEADER]: "01" },
  });
  clients.push(client);
  let first = true;
  client.subscribe(
    { query: "subscription { callsChanged { id number opened_at call_type { urgency color } section { name } system_tree_node { text_long } } }" },
    {
      next: () => {
        if (first) ready += 1;
        first = false;
      },
      error: () => undefined,
      complete: () => undefined,
    },
  );
}
while (ready < OTHER_SUBSCRIBERS) await sleep(50);

// The measured display.
const browser = await launchBrowser();
const page = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
const scripts: Promise<number>[] = [];
page.on("response", (response) => {
  if (response.request().resourceType() === "script") scripts.push(response.body().then((body) => gzipSync(body).length));
});
await page.goto(`${server.baseUrl}/display`, { waitUntil: "networkidle" });
const jsSizes = await Promise.all(scripts);
await page.locator(`[data-testid="${TESTIDS.display.live}"]`).waitFor();
// Each card's first appearance, stamped in the page when the DOM changes.
await page.evaluate((testId) => {
  const seen: Record<string, number> = {};
  (window as unknown as { __seen: Record<string, number> }).__seen = seen;
  const stamp = () => {
    for (const card of document.querySelectorAll(`[data-testid="${testId}"]`)) {
      const key = `${card.getAttribute("data-device")}:${card.getAttribute("data-id")}`;
      seen[key] ??= Date.now();
    }
  };
  stamp();
  new MutationObserver(stamp).observe(document.body, { childList: true, subtree: true });
}, TESTIDS.display.call);
const cardKeys = async (device: number): Promise<string[]> =>
  page.evaluate((d) => Object.keys((window as unknown as { __seen: Record<string, number> }).__seen).filter((k) => k.startsWith(`${d}:`)), device);
const seenAt = async (key: string): Promise<number> => page.evaluate((k) => (window as unknown as { __seen: Record<string, number> }).__seen[k] ?? 0, key);

const latencies: number[] = [];
for (let i = 0; i < CALLS; i++) {
  const device = devices[i % devices.length] as number;
  const before = new Set(await cardKeys(device));
  const started = Date.now();
  await trigger(device);
  let key: string | undefined;
  const deadline = Date.now() + 10_000;
  while (!key && Date.now() < deadline) {
    key = (await cardKeys(device)).find((k) => !before.has(k));
    if (!key) await sleep(5);
  }
  if (!key) throw new Error(`no card for device ${device}`);
  latencies.push((await seenAt(key)) - started);
  await trigger(device, true);
}

// Heap growth over many changes.
const cdp = await page.context().newCDPSession(page);
const heap = async (): Promise<number> => {
  await cdp.send("HeapProfiler.collectGarbage");
  await sleep(200);
  await cdp.send("HeapProfiler.collectGarbage");
  return (await cdp.send("Runtime.getHeapUsage")).usedSize;
};
await sleep(2000);
const heapBefore = await heap();
let changes = 0;
while (changes < CHANGES) {
  await Promise.all(
    devices.slice(0, 20).map(async (device) => {
      await trigger(device);
      await trigger(device, true);
    }),
  );
  changes += 40;
}
await sleep(3000);
const heapAfter = await heap();

console.log("| measure | result | target |\n|---|---|---|");
console.log(`| JavaScript loaded by /display | ${(jsSizes.reduce((a, b) => a + b, 0) / 1024).toFixed(1)} KB gzip in ${jsSizes.length} files | ≤ 150 KB gzip |`);
console.log(
  `| trigger → card in the display's DOM (${CALLS} calls, ${OTHER_SUBSCRIBERS} other subscribers) | p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms | p50 ≤ 50 ms, p99 ≤ 150 ms |`,
);
console.log(`| JS heap growth over ${changes} call changes (after GC) | ${((heapAfter - heapBefore) / 1024 / 1024).toFixed(2)} MB | < 10 MB |`);
for (const client of clients) await client.dispose();
await browser.close();
await server.stop();
process.exit(0);
