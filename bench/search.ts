// "Global search at 20,000 nodes: p95 ≤ 50 ms server time" on SQLite and PostgreSQL.
//   node bench/search.ts            (SQLite; with DATABASE_URL also PostgreSQL)
// Imports the simulator's generated site of 20,000 nodes (buildings → floors → rooms → devices,
// `--site-nodes 20000`) into system 1 through the server's own configuration import, as a
// controller's configuration arrives, then times search(query) through the whole HTTP + GraphQL
// stack in-process (app.inject: no network, so this is server time).
import { generatedSite } from "../apps/simulator/src/site/generated-site.ts";
import { TestClient } from "../apps/server/src/test-support/api.ts";
import { buildSystem } from "../apps/server/src/test-support/builders.ts";
import { startTestServer, TEST_DIALECTS } from "../apps/server/src/test-support/test-server.ts";
import { importControllerConfig } from "../apps/server/src/modules/calls/import-config.ts";
import { dataOf } from "../e2e/support/api.ts";

const NODES = 20_000;
const RUNS = 100;
const percentile = (values: number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;

const QUERIES = [
  ["many hits: 'zimmer 101'", "zimmer 101"],
  ["many hits: 'bett 2'", "bett 2"],
  ["structure: 'haus 12'", "haus 12"],
  ["one serial: 'gx-0012345'", "gx-0012345"],
  ["one MAC: '02:47:58:00:30:39'", "02:47:58:00:30:39"],
  ["two characters: 'z7'", "z7"],
  ["two characters, no hit: 'qx'", "qx"],
  ["no hit: 'kein treffer'", "kein treffer"],
] as const;

const site = generatedSite(NODES, Date.now());
const imports: string[] = [];
console.log("| database | query | results | p50 | p95 | p99 |\n|---|---|---|---|---|---|");
for (const dialect of TEST_DIALECTS) {
  const server = await startTestServer(dialect);
  await buildSystem(server.db.kysely, 1);
  const client = new TestClient(server.app);
  const admin = { username: "admin", password: "bench password 1" };
  dataOf(
    await client.gql('mutation($u: String!, $p: String!) { createInitialUser(username: $u, password: $p, locale: "de") { id } }', {
      u: admin.username,
      p: admin.password,
    }),
  );
  await client.login(admin.username, admin.password);
  const importStarted = performance.now();
  await importControllerConfig(server.db.kysely, 1, site, Date.now());
  imports.push(`${dialect} ${((performance.now() - importStarted) / 1000).toFixed(1)} s`);
  for (const [label, query] of QUERIES) {
    const times: number[] = [];
    let results = 0;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const answer = await client.gql<{ search: { results: unknown[] }[] }>(
        "query ($q: String!) { search(query: $q) { category results { entity key text } } }",
        { q: query },
      );
      times.push(performance.now() - started);
      results = dataOf(answer).search.reduce((sum, entry) => sum + entry.results.length, 0);
    }
    console.log(
      `| ${dialect} | ${label} | ${results} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 95).toFixed(1)} ms | ${percentile(times, 99).toFixed(1)} ms |`,
    );
  }
  await server.close();
}
console.log(`\nimporting the ${NODES.toLocaleString("en")}-node site (search index kept by the database): ${imports.join(", ")}`);
