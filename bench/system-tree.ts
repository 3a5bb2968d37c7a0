// "systemTreeNodes: 20,000 nodes must resolve well under 300 ms" (the flat tree the client builds),
// and the node form's server side at that size: systemTreeNode (the form's node) and
// systemTreeNodeChoices (its parent picker, typed text and empty).
//   node bench/system-tree.ts            (SQLite; with DATABASE_URL also PostgreSQL)
// Imports the virtual call system's generated site of 20,000 nodes into system 1 (the import a
// real controller's configuration takes: buildings, floors, rooms, devices), then times the query through the whole HTTP + GraphQL
// stack in-process (app.inject: no network, so this is server time), as an administrator and as a
// user whose role limits what they see (the filter runs per node). The machine's load shows in
// the times: `uptime` before a run says how much of it is the server's.
import { generatedSite } from "@caresuite/simulator";
import { importControllerConfig } from "../apps/server/src/modules/calls/import-config.ts";
import { TestClient } from "../apps/server/src/test-support/api.ts";
import { dataOf } from "../e2e/support/api.ts";
import { buildSystem, buildUser } from "../apps/server/src/test-support/builders.ts";
import { startTestServer, TEST_DIALECTS } from "../apps/server/src/test-support/test-server.ts";

const NODES = 20_000;
const RUNS = 20;
const percentile = (values: number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;

const QUERY = `{ systemTreeNodes { id name kind number parent_id sort_order section_id call_source_id text_short text_long
  is_enabled battery battery_reported_at reachable last_reachable_at is_tech radio is_linkable linked_system_tree_node_id serial inherits } }`;

const QUERIES: [string, string, (data: Record<string, unknown>) => number][] = [
  ["systemTreeNodes", QUERY, (data) => (data["systemTreeNodes"] as unknown[]).length],
  [
    "systemTreeNode (node form)",
    `{ systemTreeNode(id: 12) { id name parents { id name } children { id name } open_calls { id } notes { id } linking_nodes { id }
      reachability_history { from } edit_state { can_edit } editable_fields resolved { section_id } } }`,
    () => 1,
  ],
  [
    "systemTreeNodeChoices 'zimmer 1'",
    `{ systemTreeNodeChoices(purpose: PARENT, node_id: 12, search: "zimmer 1") { id name } }`,
    (data) => (data["systemTreeNodeChoices"] as unknown[]).length,
  ],
  [
    "systemTreeNodeChoices ''",
    `{ systemTreeNodeChoices(purpose: LINK, node_id: 12) { id name } }`,
    (data) => (data["systemTreeNodeChoices"] as unknown[]).length,
  ],
];

console.log("| database | user | query | nodes returned | min | p50 | p95 |\n|---|---|---|---|---|---|---|");
for (const dialect of TEST_DIALECTS) {
  const server = await startTestServer(dialect);
  await buildSystem(server.db.kysely, 1);
  const now = Date.now();
  await importControllerConfig(server.db.kysely, 1, generatedSite(NODES, now), now);
  const admin = await buildUser(server.db.kysely, { username: "bench-admin", is_superuser: true });
  const limited = await buildUser(server.db.kysely, { username: "bench-nurse", permissions: ["systemtree::use_module", "systemtree::see_wired_devices"] });
  for (const [label, user] of [
    ["superuser", admin],
    ["limited role", limited],
  ] as const) {
    const client = new TestClient(server.app);
    await client.login(user.username, user.password);
    for (const [name, query, countOf] of QUERIES) {
      const times: number[] = [];
      let count = 0;
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        const result = await client.gql<Record<string, unknown>>(query);
        times.push(performance.now() - started);
        count = countOf(dataOf(result));
      }
      console.log(
        `| ${dialect} | ${label} | ${name} | ${count} | ${Math.min(...times).toFixed(1)} ms | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 95).toFixed(1)} ms |`,
      );
    }
  }
  await server.close();
}
