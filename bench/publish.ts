// Publish benchmark:  node bench/publish.ts [--nodes 20000] [--step-ms 1000] [--record-ms 1.5] [--boards 20]
// A demo server whose virtual call system runs a generated site of --nodes nodes, at a real
// controller's pace (docs/protocol.md "Publishing": step unit 1 s, 1.5 ms per record while
// sending, a quarter of that while syncing; the assumption is documented there):
// - one local edit, then publishConfig → getsconfig.commit_done "done", end to end, with the
//   time of each step (system messages getsconfig.progress, as the commit popup sees them), and
//   after it until configChangelog is in sync again (theirs fetched and compared);
// - during the publish, trigger (POST /demo/call/trigger, a steady rate) → the call in the
//   callsChanged list of the last of --boards board subscriptions (p50/p95/p99), against the same
//   measure before the publish;
// - the server's event loop as a client sees it: GET /backend/health every 50 ms, slowest answer.
// The commit popup's own load is part of it: configChangelog every 4 s while the publish runs.
import { parseArgs } from "node:util";
import { connectBoards, healthProbe, loadAverages, ms, percentile, spread, startSiteServer, steadyTriggers, type Boards } from "./support/call-latency.ts";

const { values } = parseArgs({
  options: {
    nodes: { type: "string", default: "20000" },
    "step-ms": { type: "string", default: "1000" },
    "record-ms": { type: "string", default: "1.5" },
    boards: { type: "string", default: "20" },
  },
});
const NODES = Number(values.nodes);
const BOARDS = Number(values.boards);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = loadAverages;

const loadBefore = load();
const { server, admin, devices } = await startSiteServer(NODES, BOARDS, {
  SIMULATOR_PUBLISH_STEP_MS: String(values["step-ms"]),
  SIMULATOR_PUBLISH_RECORD_MS: String(values["record-ms"]),
});
const rows: string[][] = [];
let boards: Boards | null = null;
try {
  // The boards: a call counts as shown when the last board has it in its list.
  boards = await connectBoards(server.baseUrl, BOARDS);
  const connect = boards.connect;
  const triggers = () => steadyTriggers(server.baseUrl, boards as Boards, devices);

  // Before: the same measure on a quiet server.
  const idle = triggers();
  await sleep(15_000);
  await idle.stop();

  // The edit to publish: a section renamed.
  const sections = (await admin.query<{ sections: { items: { id: number; name: string }[] } }>("{ sections(filter: { limit: 5 }) { items { id name } } }"))
    .sections.items;
  const section = sections[0];
  if (!section) throw new Error("the generated site has sections");
  await admin.query(`mutation ($id: Int!, $name: String!) { updateSection(id: $id, data: { name: $name }) { id } }`, {
    id: section.id,
    name: `${section.name} (bench)`,
  });

  // The steps as the server pushes them.
  const steps: { step: string; at: number }[] = [];
  let resolveDone: (result: string) => void = () => undefined;
  const done = new Promise<string>((resolve) => (resolveDone = resolve));
  connect().subscribe<{ systemMessages: { subject: string; payload: string } }>(
    { query: "subscription { systemMessages { subject payload } }" },
    {
      next: (value) => {
        const message = value.data?.systemMessages;
        if (!message) return;
        const at = performance.now();
        if (message.subject === "getsconfig.progress") {
          const { step } = JSON.parse(message.payload) as { step: string };
          if (steps.at(-1)?.step !== step) steps.push({ step, at });
        }
        if (message.subject === "getsconfig.commit_done") resolveDone((JSON.parse(message.payload) as { result: string; error: string | null }).result);
      },
      error: () => undefined,
      complete: () => undefined,
    },
  );
  await sleep(500);

  const during = triggers();
  const probe = healthProbe(server.baseUrl);
  let popupPolling = true;
  const popupPolls: number[] = [];
  const popup = (async () => {
    while (popupPolling) {
      await sleep(4000);
      const started = performance.now();
      await admin.query("{ configChangelog { status progress step error } }");
      popupPolls.push(performance.now() - started);
    }
  })();
  const loadAtStart = load();
  const started = performance.now();
  await admin.query("mutation { publishConfig }");
  const accepted = performance.now();
  const result = await done;
  const finished = performance.now();
  popupPolling = false;
  await popup;
  // After done: theirs is fetched again and config.changed re-imports nothing (ours equals theirs).
  let status = "";
  while (status !== "in-sync" && performance.now() - finished < 120_000) {
    status = (await admin.query<{ configChangelog: { status: string } }>("{ configChangelog { status } }")).configChangelog.status;
    // Once a second: the /sync page refetches its changelog on commit_done (once); a poll is more.
    if (status !== "in-sync") await sleep(1000);
  }
  const inSync = performance.now();
  await sleep(3_000);
  await during.stop();
  await probe.stop();
  const loadAtEnd = load();

  rows.push([`publish of ${NODES.toLocaleString("en")} nodes, publishConfig → commit_done (${result})`, ms(finished - started), "≤ 60,000 ms"]);
  rows.push(["  server: read ours, validate, POST to the controller (the mutation's answer)", ms(accepted - started), "–"]);
  let from = accepted;
  for (const [index, entry] of steps.entries()) {
    const next = steps[index + 1]?.at ?? finished;
    if (index === 0) rows.push([`  controller: until the first step seen (${entry.step})`, ms(entry.at - from), "–"]);
    if (entry.step !== "done") rows.push([`  step ${entry.step}`, ms(next - entry.at), "–"]);
    from = next;
  }
  rows.push(["  after done: theirs fetched, stored, commit ended", ms(finished - (steps.find((s) => s.step === "done")?.at ?? finished)), "–"]);
  rows.push(["commit_done → configChangelog in-sync", ms(inSync - finished), "–"]);
  rows.push([
    `trigger → callsChanged at the last of ${BOARDS} boards, quiet (${idle.latencies.length} calls)`,
    `${spread(idle.latencies.map((l) => l.ms))}, ${idle.lost()} not shown in 10 s`,
    "–",
  ]);
  rows.push([
    `trigger → callsChanged at the last of ${BOARDS} boards, during the publish (${during.latencies.length} calls)`,
    `${spread(during.latencies.map((l) => l.ms))}, ${during.lost()} not shown in 10 s`,
    "p99 ≤ 150 ms",
  ]);
  rows.push([
    `GET /backend/health during the publish (${probe.answers.length} probes)`,
    `p50 ${ms(percentile(probe.answers, 50))}, p99 ${ms(percentile(probe.answers, 99))}, max ${ms(Math.max(...probe.answers))}`,
    "–",
  ]);
  // Where the server's event loop was held: the step current when each slow probe was sent.
  const phaseAt = (at: number): string =>
    at < accepted
      ? "publishConfig"
      : at >= finished
        ? at >= inSync
          ? "after in-sync"
          : "done → in-sync"
        : (steps.filter((s) => s.at <= at).at(-1)?.step ?? "before init");
  const stalls = new Map<string, number[]>();
  for (const stall of probe.slow) stalls.set(phaseAt(stall.at), [...(stalls.get(phaseAt(stall.at)) ?? []), stall.ms]);
  rows.push([
    "health probes over 150 ms, by phase (count, slowest)",
    [...stalls].map(([phase, list]) => `${phase}: ${list.length}, ${ms(Math.max(...list))}`).join("; ") || "none",
    "–",
  ]);
  rows.push([`configChangelog (commit popup, every 4 s) during the publish`, `max ${ms(Math.max(...popupPolls))}`, "–"]);
  rows.push(["load average (1/5/15 min) before the server, at the publish, after", `${loadBefore}; ${loadAtStart}; ${loadAtEnd}`, "–"]);
} finally {
  await boards?.dispose();
  await server.stop();
}

console.log("| measure | result | target |");
console.log("|---|---|---|");
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
process.exit(0);
