import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INPUT_LIST_MAX } from "@caresuite/domain";
import { TestClient } from "../test-support/api.ts";
import { buildSystem, buildUser } from "../test-support/builders.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../test-support/test-server.ts";

// "PostgreSQL: a NUL byte in any string gives INTERNAL, and HTTP 500 on /backend/login.
// Reject NUL in every string input with a VALIDATION error, on both databases." and "Id lists
// have a maximum length. Today 32,766 ids gives INTERNAL." and "Names refuse control characters".
const CREATE = "mutation($data: CallTypeInput!) { createCallType(data: $data) { id name } }";
const DELETE = "mutation($ids: [Int!]!) { deleteCallType(ids: $ids) { id } }";

describe.each(TEST_DIALECTS)("refused input on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  const callTypeCount = async (): Promise<number | undefined> =>
    (await admin.gql<{ callTypes: { total: number } }>("{ callTypes { total } }")).data?.callTypes.total;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await buildSystem(server.db.kysely, 1);
    const user = await buildUser(server.db.kysely, { is_superuser: true });
    admin = new TestClient(server.app);
    await admin.login(user.username, user.password);
  });
  afterAll(() => server.close());

  it("answers a NUL in the sign-in name with 400 and a translated message, not 500", async () => {
    const client = new TestClient(server.app);
    client.language = "en";
    const response = await client.login("ad\u0000min", "whatever-password");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      ok: false,
      errors: [{ code: "invalid_input", message: "Control characters and invisible direction marks are not allowed." }],
    });
  });

  it("refuses a NUL in a GraphQL variable with VALIDATION on its field, and stores nothing", async () => {
    const before = await callTypeCount();
    const response = await admin.post("/backend/query", { query: CREATE, variables: { data: { name: "Ruf\u0000", char: "R", color: "#E03131" } } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errors[0].extensions).toMatchObject({ code: "VALIDATION", fields: { "data.name": [{ message: "validation.control_characters" }] } });
    expect(await callTypeCount()).toBe(before);
  });

  it("refuses a NUL written into the query text as VALIDATION", async () => {
    const result = await admin.gql(`mutation { createCallType(data: { name: "Ruf\\u0000", char: "R", color: "#E03131" }) { id } }`);
    expect(result.errors?.[0]?.extensions?.code).toBe("VALIDATION");
  });

  it("refuses a right-to-left override in a name on the field (the form shows it there)", async () => {
    const result = await admin.gql(CREATE, { data: { name: "Ruf \u202E12", char: "R", color: "#E03131" } });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: { name: [{ message: "validation.control_characters" }] } });
  });

  it("refuses an id list of 32,766 ids with VALIDATION, not INTERNAL", async () => {
    const ids = Array.from({ length: 32_766 }, (_, i) => i + 1);
    const response = await admin.post("/backend/query", { query: DELETE, variables: { ids } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].extensions).toMatchObject({
      code: "VALIDATION",
      fields: { ids: [{ message: "validation.list_too_long", data: { size: INPUT_LIST_MAX } }] },
    });
  });

  it("still accepts a list at the limit", async () => {
    const ids = Array.from({ length: INPUT_LIST_MAX }, (_, i) => i + 1);
    const result = await admin.gql(DELETE, { ids });
    expect(result.errors?.[0]?.extensions?.code).not.toBe("INTERNAL");
  });
});
