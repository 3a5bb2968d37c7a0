// Issue 3: "Admin list of 10,000 rows: first page ≤ 50 ms server time".
//   node bench/admin-list.ts            (SQLite; with DATABASE_URL also PostgreSQL)
// Fills 10,000 call sources into system 1, then times the generic list query through the whole
// HTTP + GraphQL stack in-process (app.inject: no network, so this is server time).
import { TestClient } from "../apps/server/src/test-support/api.ts";
import { buildSystem, buildUser } from "../apps/server/src/test-support/builders.ts";
import { startTestServer, TEST_DIALECTS } from "../apps/server/src/test-support/test-server.ts";

const ROWS = 10_000;
const RUNS = 50;
const percentile = (values: number[], p: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;

console.log("| database | query | p50 | p95 |\n|---|---|---|---|");
for (const dialect of TEST_DIALECTS) {
  const server = await startTestServer(dialect);
  await buildSystem(server.db.kysely, 1);
  const now = Date.now();
  for (let start = 0; start < ROWS; start += 500) {
    const batch = Array.from({ length: Math.min(500, ROWS - start) }, (_, i) => ({
      // Ids are per system and explicit (docs/decisions/005-per-system-ids.md).
      id: start + i + 1,
      system_id: 1,
      char: String.fromCharCode(65 + ((start + i) % 26)),
      number: start + i + 1,
      text: `Zimmer ${start + i + 1}`,
      created_at: now,
      updated_at: now,
    }));
    await server.db.kysely.insertInto("call_sources" as never).values(batch as never).execute();
  }
  const root = await buildUser(server.db.kysely, { is_superuser: true });
  const client = new TestClient(server.app);
  await client.login(root.username, root.password);
  const cases = [
    ["first page (default sort)", "{ callSources(filter: { limit: 25 }) { total items { id char number text } } }"],
    ["page 200, sorted by text desc", '{ callSources(filter: { limit: 25, offset: 5000, sort: "text", direction: DESC }) { total items { id text } } }'],
    ["search 'zimmer 99'", '{ callSources(filter: { limit: 25, search: "zimmer 99" }) { total items { id text } } }'],
  ] as const;
  for (const [label, query] of cases) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const result = await client.gql(query);
      times.push(performance.now() - started);
      if (result.errors) throw new Error(JSON.stringify(result.errors));
    }
    console.log(`| ${dialect} | ${label} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 95).toFixed(1)} ms |`);
  }
  await server.close();
}
