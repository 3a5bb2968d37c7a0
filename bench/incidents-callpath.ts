// Calls during incident passes:  node bench/incidents-callpath.ts [--nodes 20000] [--seconds 200] [--boards 20]
// Target (issue text): "one incident evaluation pass over 20,000 devices ≤ 1 s, without delaying
// the call path (trigger → board p99 ≤ 150 ms during it)". bench/incidents.ts times the pass in
// process; this one is the call path through a real server process while the passes run:
// - a demo server whose virtual call system runs a generated site of --nodes nodes (about 4 % of
//   its devices report a low battery, so the first pass after the import opens ~1,400 incidents);
// - the engine's own schedule: a pass every minute (INCIDENT_PASS_INTERVAL_MS), the first one
//   opening the incidents, the next ones over an unchanged site;
// - meanwhile trigger → the call at the last of --boards board subscriptions at a steady rate, and
//   GET /backend/health every 50 ms; --seconds long (200 s: three passes).
import { parseArgs } from "node:util";
import { connectBoards, healthProbe, loadAverages, ms, spread, startSiteServer, steadyTriggers, type Boards } from "./support/call-latency.ts";

const { values } = parseArgs({
  options: { nodes: { type: "string", default: "20000" }, seconds: { type: "string", default: "200" }, boards: { type: "string", default: "20" } },
});
const NODES = Number(values.nodes);
const BOARDS = Number(values.boards);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const loadBefore = loadAverages();
const { server, admin, devices } = await startSiteServer(NODES, BOARDS);
const rows: string[][] = [];
let boards: Boards | null = null;
try {
  boards = await connectBoards(server.baseUrl, BOARDS);
  const started = performance.now();
  const triggers = steadyTriggers(server.baseUrl, boards, devices);
  const probe = healthProbe(server.baseUrl);
  /** Open incidents (up to the list's limit of 500) over time: when the first pass has opened them. */
  const openIncidents = async () =>
    (await admin.query<{ incidents: { id: number }[] }>("{ incidents(filter: Open, limit: 500) { id } }").catch(() => ({ incidents: [] }))).incidents.length;
  let firstPassSeenAt: number | null = null;
  let opened = 0;
  while (performance.now() - started < Number(values.seconds) * 1000) {
    await sleep(5000);
    const open = await openIncidents();
    if (firstPassSeenAt === null && open > 0) {
      firstPassSeenAt = performance.now() - started;
      opened = open;
    }
  }
  await triggers.stop();
  await probe.stop();
  const latencies = triggers.latencies.map((l) => l.ms);
  rows.push([
    `incidents open after the first pass (seen ${firstPassSeenAt === null ? "never" : `at ${ms(firstPassSeenAt)}`})`,
    opened >= 500 ? "500 or more" : String(opened),
    "–",
  ]);
  rows.push([
    `trigger → callsChanged at the last of ${BOARDS} boards over ${values.seconds} s of passes (${latencies.length} calls)`,
    `${spread(latencies)}, ${triggers.lost()} not shown in 10 s`,
    "p99 ≤ 150 ms",
  ]);
  rows.push([
    "calls over 100 ms (at s since start: ms)",
    triggers.latencies
      .filter((l) => l.ms > 100)
      .map((l) => `${((l.at - started) / 1000).toFixed(0)}: ${ms(l.ms)}`)
      .join(", ") || "none",
    "–",
  ]);
  rows.push([`GET /backend/health meanwhile (${probe.answers.length} probes)`, spread(probe.answers), "–"]);
  rows.push([
    "health probes over 150 ms (at s since start: ms)",
    probe.slow.map((s) => `${((s.at - started) / 1000).toFixed(0)}: ${ms(s.ms)}`).join(", ") || "none",
    "–",
  ]);
  rows.push(["load average (1/5/15 min) before, after", `${loadBefore}; ${loadAverages()}`, "–"]);
} finally {
  await boards?.dispose();
  await server.stop();
}
console.log("| measure | result | target |");
console.log("|---|---|---|");
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
process.exit(0);
