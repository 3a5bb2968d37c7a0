import fc from "fast-check";
import { getNamedType, type GraphQLArgument, type GraphQLField } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildActivationCode } from "../test-support/licences.ts";
import { TestClient } from "../test-support/api.ts";
import { buildSystem, buildUser } from "../test-support/builders.ts";
import { databaseSnapshot } from "../test-support/db-snapshot.ts";
import { inputValue, minimalSelection } from "../test-support/fuzz-values.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../test-support/test-server.ts";
import { settleBackups } from "../modules/backups/backups.service.ts";
import { buildSchema } from "./schema.ts";

/**
 * "A fuzz suite (fast-check) over every mutation [...] asserts, across all of it:
 * 0 process exits; 0 HTTP 5xx; 0 INTERNAL for client mistakes; the database unchanged after
 * every refused input." Each mutation is called as a superuser (every guard passes, so the input
 * reaches validation and the services) with arbitrary variables. `npm run fuzz` runs it longer
 * (FUZZ_RUNS per mutation). Uploads are fuzzed over multipart in http/multipart.fuzz.test.ts.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
/** Codes a refused client input may carry; INTERNAL is a server defect. */
const CLIENT_CODES = new Set(["VALIDATION", "NOT_FOUND", "CONFLICT", "MISSING_PERMISSION", "MISSING_AUTH"]);

const isUpload = (arg: GraphQLArgument): boolean => getNamedType(arg.type).name === "Upload";
const mutations = Object.values(buildSchema().getMutationType()?.getFields() ?? {}).filter(
  (field: GraphQLField<unknown, unknown>) => !field.args.some(isUpload),
);

function documentOf(field: GraphQLField<unknown, unknown>): string {
  const definitions = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(", ");
  const call = field.args.length ? `(${field.args.map((a) => `${a.name}: $${a.name}`).join(", ")})` : "";
  return `mutation${definitions ? `(${definitions})` : ""} { ${field.name}${call}${minimalSelection(field.type)} }`;
}

describe.each(TEST_DIALECTS)("mutation fuzz on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let lastSnapshot = "";

  /** A fresh superuser session: a fuzzed updateUser or userSetPassword may have taken the last one's rights. */
  async function signInSuperuser(): Promise<void> {
    const user = await buildUser(server.db.kysely, { is_superuser: true });
    admin = new TestClient(server.app);
    await admin.login(user.username, user.password);
  }

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await buildSystem(server.db.kysely, 1);
    await signInSuperuser();
    // Every licence feature, so the mutations behind one (analytics: the incidents) are fuzzed too.
    await admin.gql("mutation($c: String!, $code: String!) { activateLicense(customer: $c, code: $code) { id } }", {
      c: "123456",
      code: buildActivationCode(),
    });
    lastSnapshot = await databaseSnapshot(server.db);
  });
  afterAll(() => server.close());

  it.each(mutations.map((field) => [field.name, field] as const))("%s", async (_name, field) => {
    const query = documentOf(field);
    const variables = fc.record(Object.fromEntries(field.args.map((a) => [a.name, inputValue(a.type, a.name)])));
    await fc.assert(
      fc.asyncProperty(variables, async (vars) => {
        const response = await admin.post("/backend/query", { query, variables: vars });
        expect(response.statusCode, response.body.slice(0, 500)).toBeLessThan(500);
        const body = response.json() as { data: unknown; errors?: { message: string; extensions?: { code?: string } }[] };
        for (const error of body.errors ?? []) {
          expect(CLIENT_CODES, `${error.extensions?.code}: ${error.message} for ${JSON.stringify(vars).slice(0, 300)}`).toContain(error.extensions?.code);
        }
        // A started backup runs on in the background: it ends before the database is compared.
        await settleBackups();
        const snapshot = await databaseSnapshot(server.db);
        if (body.errors?.length) expect(snapshot, `refused input changed the database: ${JSON.stringify(vars).slice(0, 300)}`).toBe(lastSnapshot);
        lastSnapshot = snapshot;
        const me = await admin.gql<{ authUser: { is_superuser: boolean } | null }>("{ authUser { is_superuser } }");
        if (!me.data?.authUser?.is_superuser) {
          await signInSuperuser();
          lastSnapshot = await databaseSnapshot(server.db);
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  });
});
