// "Admin list of 10,000 rows: first page ≤ 50 ms server time".
//   node bench/admin-list.ts            (SQLite; with DATABASE_URL also PostgreSQL)
// Fills 10,000 call sources into system 1, then times the generic list query through the whole
// HTTP + GraphQL stack in-process (app.inject: no network, so this is server time).
// The rows go in through createCallSource, as an administrator adds them (so they pass its
// validation: number 1–9999), 25 per request (the server allows 30 aliases). Measured on 2 shared
// cores: 11–14 s on SQLite and 20–21 s on PostgreSQL, against 0.04 s and 0.14 s writing the table
// directly; slow enough to print, not enough to go around the API.
import { TestClient } from "../apps/server/src/test-support/api.ts";
import { dataOf } from "../e2e/support/api.ts";
import { buildSystem } from "../apps/server/src/test-support/builders.ts";
import { startTestServer, TEST_DIALECTS } from "../apps/server/src/test-support/test-server.ts";

const ROWS = 10_000;
const RUNS = 50;
const PER_REQUEST = 25;
const seeding: string[] = [];
const percentile = (values: number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? NaN;

console.log("| database | query | p50 | p95 |\n|---|---|---|---|");
for (const dialect of TEST_DIALECTS) {
  const server = await startTestServer(dialect);
  // The one row with no API: createInitialConfigurator checks a live controller, which this
  // in-process server has none of.
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
  const seedStarted = performance.now();
  for (let start = 0; start < ROWS; start += PER_REQUEST) {
    const fields = Array.from({ length: Math.min(PER_REQUEST, ROWS - start) }, (_, i) => {
      const n = start + i + 1;
      // The API takes numbers 1–9999 (validation.between); char and number together stay unique.
      return `s${n}: createCallSource(data: { char: "${String.fromCharCode(65 + ((n - 1) % 26))}", number: ${((n - 1) % 9999) + 1}, text: "Zimmer ${n}" }) { id }`;
    });
    dataOf(await client.gql(`mutation { ${fields.join(" ")} }`));
  }
  seeding.push(`${dialect} ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
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
      dataOf(result);
    }
    console.log(`| ${dialect} | ${label} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 95).toFixed(1)} ms |`);
  }
  await server.close();
}
console.log(`\nseeding 10,000 call sources through createCallSource: ${seeding.join(", ")}`);
