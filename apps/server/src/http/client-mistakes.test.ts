import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../test-support/api.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../test-support/test-server.ts";
import { REQUEST_HEADER, SYSTEM_HEADER } from "@caresuite/domain";

/**
 * client mistakes get their own status and VALIDATION, never INTERNAL or a 5xx
 * (docs/decisions/007-http-hardening.md has the table). Requests GraphQL never executed are 4xx;
 * errors of an executed operation stay HTTP 200 with the code in extensions.
 */

const JSON_HEADERS = { [REQUEST_HEADER]: "1", [SYSTEM_HEADER]: "01", "content-type": "application/json" };
const deep = (levels: number): string => `{ authUser ${"{ id ".repeat(levels)}${"}".repeat(levels)} }`;

describe.each(TEST_DIALECTS)("client mistakes on /backend/query on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it.each([
    ["a body over the limit", 413, JSON.stringify({ query: `{ authUser { id } } # ${"x".repeat(300 * 1024)}` }), "application/json"],
    ["an empty object", 400, "{}", "application/json"],
    ["a query that is a number", 400, '{"query":5}', "application/json"],
    ["a query that is an object", 400, '{"query":{}}', "application/json"],
    ["a query that is a JSON document AST", 400, JSON.stringify({ query: JSON.stringify({ kind: "Document", definitions: 5 }) }), "application/json"],
    ["invalid JSON", 400, '{"query":', "application/json"],
    ["an empty body", 400, "", "application/json"],
    ["a JSON list", 400, "[]", "application/json"],
    ["variables that are a number", 400, '{"query":"{ authUser { id } }","variables":5}', "application/json"],
    ["a subscription over POST", 400, JSON.stringify({ query: "subscription { systemMessages { subject } }" }), "application/json"],
    ["a GraphQL syntax error", 400, JSON.stringify({ query: "{ authUser { id }" }), "application/json"],
    ["a query nested 5,000 levels deep", 400, JSON.stringify({ query: deep(5000) }), "application/json"],
    ["a form post", 415, "query=x", "application/x-www-form-urlencoded"],
    ["a multipart body cut short (anonymous)", 401, "--x\r\nContent-Disposition: form-da", "multipart/form-data; boundary=x"],
  ])("answers %s with %i and VALIDATION-style errors", async (_case, status, payload, contentType) => {
    const response = await server.app.inject({ method: "POST", url: "/backend/query", headers: { ...JSON_HEADERS, "content-type": contentType }, payload });
    expect(response.statusCode).toBe(status);
    const body = response.json<{ data: null; errors: { message: string; extensions: { code: string } }[] }>();
    expect(body.data).toBeNull();
    expect(body.errors[0]?.extensions.code).toBe(status === 401 ? "MISSING_AUTH" : "VALIDATION");
    expect(body.errors[0]?.message).not.toMatch(/Maximum call stack|Internal|at .*\.(ts|js):\d+/);
  });

  it("turns 5,000 levels into a depth error decided before parsing", async () => {
    const result = await new TestClient(server.app).gql(deep(5000));
    expect(result.errors?.[0]?.message).toMatch(/depth limit/);
  });

  it("still executes queries that nest within the limit", async () => {
    const result = await new TestClient(server.app).gql<{ authUser: { id: number } }>("{ authUser { id } }");
    expect(result.data?.authUser.id).toBe(0);
  });

  it.each(["GET", "HEAD"] as const)("answers %s /backend/query without a WebSocket upgrade with 405", async (method) => {
    const response = await server.app.inject({ method, url: "/backend/query?query=%7BauthUser%7Bid%7D%7D" });
    expect(response.statusCode).toBe(405);
    expect(response.headers["allow"]).toBe("POST");
    if (method === "GET") expect(response.json()).toMatchObject({ data: null, errors: [{ extensions: { code: "VALIDATION" } }] });
  });

  it("keeps HTTP 200 for errors of an executed operation", async () => {
    const response = await new TestClient(server.app).post("/backend/query", { query: "{ globalSettings { battery_threshold_low } }" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ errors: [{ extensions: { code: "MISSING_AUTH" } }] });
  });
});

describe("suggestions in error messages", () => {
  it.each([
    ["production", "production", false],
    ["development", "development", true],
  ])("%s: graphql's 'Did you mean' hints shown: %s", async (_mode, nodeEnv, shown) => {
    const server = await startTestServer("sqlite", { NODE_ENV: nodeEnv });
    const client = new TestClient(server.app);
    const field = await client.gql("{ authUser { idd } }");
    const argument = await client.gql("{ call(idd: 1) { id } }");
    await server.close();
    for (const result of [field, argument]) {
      expect(result.errors?.[0]?.extensions?.["code"]).toBe("VALIDATION");
      expect(/Did you mean/.test(JSON.stringify(result))).toBe(shown);
    }
    expect(field.errors?.[0]?.message).toMatch(/^Cannot query field "idd" on type "AuthUser"\./);
  });
});
