// The server's own work of a publish at 20,000 nodes, part by part (in process):
//   node bench/publish-parts.ts [--nodes 20000]
// Ours read, parsed and validated as a publish does, theirs normalised and compared as the
// changelog and the re-import after config.changed do. Per part: its wall time and the longest
// the event loop was held meanwhile (what a board waits at most; sliced and off-thread parts
// take longer in wall time but hold the loop less).
import { parseArgs } from "node:util";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSimulator } from "@caresuite/simulator";
import { diffConfigs, publishBodySchema, validateConfig, type ControllerConfig } from "@caresuite/protocol";
import { startTestServer } from "../apps/server/src/test-support/test-server.ts";
import { importControllerConfig } from "../apps/server/src/modules/calls/import-config.ts";
import { normaliseTheirs, readOurConfig } from "../apps/server/src/modules/calls/config-shape.ts";
import { readSnapshot, storeSnapshot, storeSnapshotText } from "../apps/server/src/modules/calls/config-snapshot.repo.ts";
import { diffInSlices } from "../apps/server/src/modules/config-sync/diff-in-slices.ts";
import { theirsSnapshotOffThread } from "../apps/server/src/modules/config-sync/theirs-off-thread.ts";
import { buildSystem } from "../apps/server/src/test-support/builders.ts";
import { checkPublishTextOffThread } from "@caresuite/protocol/validate/off-thread";

const { values } = parseArgs({ options: { nodes: { type: "string", default: "20000" } } });
const dataDir = mkdtempSync(join(tmpdir(), "caresuite-parts-"));
const sim = await startSimulator({ port: 0, dataDir, siteNodes: Number(values.nodes), traffic: false });
const theirs = (await (
  await fetch(`${sim.url}/api/config`, { headers: { authorization: `Basic ${Buffer.from("admin:admin").toString("base64")}` } })
).json()) as ControllerConfig;
const server = await startTestServer("sqlite");
await buildSystem(server.db.kysely, 1);
const db = server.db.kysely;
const rows: [string, number, number][] = [];
const time = async <T>(label: string, work: () => T | Promise<T>): Promise<T> => {
  let longest = 0;
  let last = performance.now();
  const lag = setInterval(() => {
    const at = performance.now();
    longest = Math.max(longest, at - last);
    last = at;
  }, 5);
  const started = performance.now();
  const result = await work();
  const ended = performance.now();
  clearInterval(lag);
  // A part that never yields holds the loop for all of it.
  rows.push([label, ended - started, Math.max(longest, ended - last)]);
  return result;
};
await time("import (tables replaced, once at the first connection)", () => importControllerConfig(db, 1, theirs, Date.now()));
const ours = await time("readOurConfig", () => readOurConfig(db, 1, theirs.revision));
const { revision: _r, ...body } = ours;
const parsed = await time("publishBodySchema.parse", () => publishBodySchema.parse(body));
await time("validateConfig", () => validateConfig(parsed, theirs, new Date().toISOString()));
const text = await time("JSON.stringify (the body sent)", () => JSON.stringify(body));
await time("checkPublishText in a worker", () => checkPublishTextOffThread({ body: text, now: new Date().toISOString(), content: false }));
await time("JSON.parse (theirs fetched)", () => JSON.parse(text) as unknown);
const normalised = await time("normaliseTheirs", () => normaliseTheirs(theirs, 1));
await time("storeSnapshot (parsed theirs: the import after config.changed)", () => storeSnapshot(db, 1, theirs, Date.now(), null));
const snapshot = await time("theirs at the end of a publish: its text parsed, checked, normalised (worker)", () =>
  theirsSnapshotOffThread({ text: JSON.stringify(theirs), systemId: 1 }),
);
await time("storeSnapshotText", () => storeSnapshotText(db, 1, snapshot, Date.now(), Date.now()));
await time("diffConfigs at once", () => diffConfigs(ours, normalised, { localEdits: false, publishing: null }));
const stored = await time("readSnapshot (theirs parsed in slices)", () => readSnapshot(db, 1));
await time("diffInSlices", () => diffInSlices(ours, stored?.theirs ?? null, { localEdits: false, publishing: null }));
const records = Object.values(body).reduce<number>((sum, value) => sum + (Array.isArray(value) ? value.length : 0), 0);
console.log(`| part (${records.toLocaleString("en")} records) | wall ms | event loop held, max ms |\n|---|---|---|`);
for (const [label, wall, held] of rows) console.log(`| ${label} | ${Math.round(wall)} | ${Math.round(held)} |`);
await server.close();
await sim.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
