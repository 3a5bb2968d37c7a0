// "systemTreeNodes: 20,000 nodes must resolve well under 300 ms" (the flat tree the client builds),
// and the node form's server side at that size: systemTreeNode (the form's node) and
// systemTreeNodeChoices (its parent picker, typed text and empty).
//   node bench/system-tree.ts            (SQLite; with DATABASE_URL also PostgreSQL)
// Writes 20,000 nodes straight into system 1 (5 buildings x 10 floors x 40 rooms x 9 devices and
// persons, the columns the import fills), then times the query through the whole HTTP + GraphQL
// stack in-process (app.inject: no network, so this is server time), as an administrator and as a
// user whose role limits what they see (the filter runs per node). The machine's load shows in
// the times: `uptime` before a run says how much of it is the server's.
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

function rows(now: number): Record<string, unknown>[] {
  const nodes: Record<string, unknown>[] = [];
  const add = (kind: string, parent: number | null, name: string, extra: Record<string, unknown> = {}) => {
    const id = nodes.length + 1;
    nodes.push({
      system_id: 1,
      id,
      kind,
      parent_id: parent,
      name,
      number: null,
      text_short: name.slice(0, 7).toUpperCase(),
      text_long: name.slice(0, 19).toUpperCase(),
      is_enabled: 1,
      sort_order: id,
      reachable: 1,
      created_at: now,
      updated_at: now,
      // Every row names the same columns: a batch insert fills missing ones with null on SQLite.
      call_source_id: null,
      serial: null,
      radio: 0,
      is_tech: 0,
      battery: null,
      battery_reported_at: null,
      last_reachable_at: null,
      inherit_section: 0,
      ...extra,
    });
    return id;
  };
  while (nodes.length < NODES) {
    const building = add("building", null, `Haus ${nodes.length}`);
    for (let f = 0; f < 10 && nodes.length < NODES; f++) {
      const floor = add("floor", building, `Etage ${f}`);
      for (let r = 0; r < 40 && nodes.length < NODES; r++) {
        const room = add("room", floor, `Zimmer ${f}${r}`, { call_source_id: r + 1 });
        for (let d = 0; d < 9 && nodes.length < NODES; d++) {
          add(d === 8 ? "person" : "device", room, `Zimmer ${f}${r} Geraet ${d}`, {
            call_source_id: r + 1,
            serial: `GS-${nodes.length}`,
            radio: d % 3 === 0 ? 0 : 1,
            is_tech: d === 7 ? 1 : 0,
            battery: 80,
            battery_reported_at: now,
            last_reachable_at: now,
            inherit_section: 1,
          });
        }
      }
    }
  }
  return nodes;
}

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
  const all = rows(Date.now());
  for (let i = 0; i < all.length; i += 500) {
    await server.db.kysely
      .insertInto("system_tree_nodes")
      .values(all.slice(i, i + 500) as never)
      .execute();
  }
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
