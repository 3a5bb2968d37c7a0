import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../test-support/api.ts";
import { buildSystem, buildUser } from "../test-support/builders.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../test-support/test-server.ts";
import { mayReadMetrics } from "./health.routes.ts";
import { CONTENT_SECURITY_POLICY } from "./security-headers.ts";
import { REQUEST_HEADER, VERSION_HEADER } from "@caresuite/domain";

describe("who may read /backend/metrics", () => {
  const TOKEN = "a-long-metrics-token-1234";
  it.each([
    ["loopback without a token configured", undefined, undefined, "127.0.0.1", true],
    ["IPv6 loopback", undefined, undefined, "::1", true],
    ["another address without a token configured", undefined, undefined, "192.168.1.20", false],
    ["the right bearer token from anywhere", TOKEN, `Bearer ${TOKEN}`, "192.168.1.20", true],
    ["a wrong token", TOKEN, "Bearer a-long-metrics-token-9999", "192.168.1.20", false],
    ["no token when one is configured, even on loopback", TOKEN, undefined, "127.0.0.1", false],
  ])("%s", (_case, token, authorization, address, allowed) => {
    expect(mayReadMetrics(token, authorization, address)).toBe(allowed);
  });
});

describe.each(TEST_DIALECTS)("HTTP contract on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    const web = mkdtempSync(join(tmpdir(), "caresuite-web-"));
    mkdirSync(join(web, "assets"));
    writeFileSync(join(web, "index.html"), "<!doctype html><title>app</title>");
    writeFileSync(join(web, "display.html"), "<!doctype html><title>display</title>");
    writeFileSync(join(web, "assets", "app.js"), "console.log(1)");
    server = await startTestServer(dialect, { WEB_DIST: web });
  });
  afterAll(() => server.close());

  it.each([
    ["GET", "/backend/health"],
    ["POST", "/backend/query"],
    ["GET", "/login"],
    ["GET", "/assets/app.js"],
  ])("%s %s carries X-CS-Version 5.441", async (method, url) => {
    const response = await server.app.inject({
      method: method as "GET" | "POST",
      url,
      headers: { [REQUEST_HEADER]: "1", "content-type": "application/json" },
      ...(method === "POST" ? { payload: { query: "{ authUser { id } }" } } : {}),
    });
    expect(response.headers[VERSION_HEADER.toLowerCase()]).toBe("5.441");
  });

  it("serves the web app with SPA fallback, but 404 JSON for unknown API paths", async () => {
    const page = await server.app.inject({ method: "GET", url: "/admin/calltypes" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<title>app</title>");
    const api = await server.app.inject({ method: "GET", url: "/backend/nope" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ ok: false, error: "not found" });
  });

  it.each([
    ["/display", "display"],
    ["/display/", "display"],
    ["/display/station-1", "display"],
    ["/display/station-1?fullscreen=1&locale=it", "display"],
    ["/display?sections=1,2", "display"],
    ["/displays", "app"],
    ["/display/station-1/extra", "app"],
    ["/display/station-1/call/42", "display"],
    ["/display/call/42", "display"],
    ["/display/station-1/call/x", "app"],
    ["/demo", "app"],
  ])("serves %s with the %s page", async (url, title) => {
    const page = await server.app.inject({ method: "GET", url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<title>${title}</title>`);
    expect(page.headers["cache-control"]).toBe("no-cache");
  });

  it.each(["/", "/login", "/admin/calltypes", "/display", "/display/station-1", "/demo"])("sends the page security policy with %s", async (url) => {
    const page = await server.app.inject({ method: "GET", url });
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["content-security-policy"]).toBe(CONTENT_SECURITY_POLICY);
    // Only our own /demo screen may frame the display board; no other site may frame any page.
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(page.headers["content-security-policy"]).toContain("script-src 'self';");
    expect(page.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect(page.headers["referrer-policy"]).toBe("same-origin");
  });

  it("marks assets and API answers nosniff, without a page policy", async () => {
    for (const url of ["/assets/app.js", "/backend/health"]) {
      const response = await server.app.inject({ method: "GET", url });
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["content-security-policy"]).toBeUndefined();
    }
  });

  it("serves metrics to the machine itself and refuses other addresses without a token", async () => {
    expect((await server.app.inject({ method: "GET", url: "/backend/metrics", remoteAddress: "127.0.0.1" })).statusCode).toBe(200);
    const outside = await server.app.inject({ method: "GET", url: "/backend/metrics", remoteAddress: "10.1.2.3", headers: { "x-forwarded-for": "127.0.0.1" } });
    expect(outside.statusCode).toBe(403);
  });

  it("reports health with the database", async () => {
    const response = await server.app.inject({ method: "GET", url: "/backend/health" });
    expect(response.json()).toMatchObject({ status: "ok", version: "5.441", database: dialect });
  });

  describe("X-CS-System", () => {
    it("accepts 01 (and no header) before the first system exists", async () => {
      const client = new TestClient(server.app);
      expect((await client.post("/backend/query", { query: "{ authUser { id } }" })).statusCode).toBe(200);
      const noHeader = await server.app.inject({
        method: "POST",
        url: "/backend/query",
        headers: { [REQUEST_HEADER]: "1", "content-type": "application/json" },
        payload: { query: "{ authUser { id } }" },
      });
      expect(noHeader.statusCode).toBe(200);
    });

    it.each(["02", "99", "1", "abc", "001"])("answers %s with 424 while only system 01 may exist", async (value) => {
      const client = new TestClient(server.app);
      client.system = value;
      expect((await client.post("/backend/query", { query: "{ authUser { id } }" })).statusCode).toBe(424);
    });

    it("answers 424 for a system the user may not access (system_access)", async () => {
      await buildSystem(server.db.kysely, 1);
      await buildSystem(server.db.kysely, 2);
      const user = await buildUser(server.db.kysely, { system_access: [1] });
      const client = new TestClient(server.app);
      await client.login(user.username, user.password);
      client.system = "02";
      expect((await client.post("/backend/query", { query: "{ authUser { id } }" })).statusCode).toBe(424);
      client.system = "01";
      const systems = await client.gql<{ systems: { id: number }[] }>("{ systems { id } }");
      expect(systems.data?.systems.map((s) => s.id)).toEqual([1]);
    });
  });

  describe("GraphQL errors and limits", () => {
    it("answers MISSING_AUTH for a logged-in-only field when anonymous", async () => {
      const result = await new TestClient(server.app).gql("{ globalSettings { battery_threshold_low } }");
      expect(result.errors?.[0]?.extensions?.code).toBe("MISSING_AUTH");
    });

    it("answers VALIDATION for a malformed query, without internals", async () => {
      const result = await new TestClient(server.app).gql("{ authUser { nope } }");
      expect(result.errors?.[0]?.extensions?.code).toBe("VALIDATION");
      expect(JSON.stringify(result)).not.toMatch(/at .*\.ts:\d+/);
    });

    it("rejects too many aliases", async () => {
      const aliases = Array.from({ length: 40 }, (_, i) => `a${i}: authUser { id }`).join(" ");
      const result = await new TestClient(server.app).gql(`{ ${aliases} }`);
      expect(result.errors?.[0]?.message).toMatch(/Too many aliases/);
      expect(result.data).toBeNull();
    });

    it("rejects queries deeper than the limit", async () => {
      const deep = `{ __schema { types { fields { type ${"{ ofType ".repeat(14)}{ name }${" }".repeat(14)} } } } }`;
      const result = await new TestClient(server.app).gql(deep);
      expect(result.data).toBeNull();
      expect(result.errors?.[0]?.message).toMatch(/depth/i);
    });
  });
});

describe.each(TEST_DIALECTS)("X-Forwarded-For on %s", (dialect) => {
  const loginFrom = async (env: Record<string, string>): Promise<string | undefined> => {
    const server = await startTestServer(dialect, env);
    const user = await buildUser(server.db.kysely);
    const response = await server.app.inject({
      method: "POST",
      url: "/backend/login",
      remoteAddress: "127.0.0.1",
      headers: { [REQUEST_HEADER]: "1", "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
      payload: { username: user.username, password: user.password },
    });
    expect(response.statusCode).toBe(200);
    const session = await server.db.kysely.selectFrom("sessions").select("ip").executeTakeFirst();
    await server.close();
    return session?.ip;
  };

  it("is ignored by default: the session keeps the connection's address", async () => {
    expect(await loginFrom({})).toBe("127.0.0.1");
  });

  it("names the client when it comes from a proxy TRUST_PROXY lists", async () => {
    expect(await loginFrom({ TRUST_PROXY: "127.0.0.1" })).toBe("203.0.113.9");
  });

  it("is ignored from a peer TRUST_PROXY does not list", async () => {
    expect(await loginFrom({ TRUST_PROXY: "10.0.0.0/8" })).toBe("127.0.0.1");
  });
});

describe("introspection", () => {
  it("is off in production", async () => {
    const server = await startTestServer("sqlite", { NODE_ENV: "production" });
    const result = await new TestClient(server.app).gql("{ __schema { queryType { name } } }");
    expect(result.errors?.[0]?.message).toMatch(/introspection/i);
    await server.close();
  });

  it("is on in development", async () => {
    const server = await startTestServer("sqlite");
    const result = await new TestClient(server.app).gql<{ __schema: { queryType: { name: string } } }>("{ __schema { queryType { name } } }");
    expect(result.data?.__schema.queryType.name).toBe("Query");
    await server.close();
  });
});

describe("multipart GraphQL requests", () => {
  // Uploads work (multipart.test.ts); the format is no longer a second way to send any operation.
  const boundary = "----caresuite";
  const body = (query: string): string =>
    [
      `--${boundary}`,
      'Content-Disposition: form-data; name="operations"',
      "",
      JSON.stringify({ query, variables: {} }),
      `--${boundary}`,
      'Content-Disposition: form-data; name="map"',
      "",
      "{}",
      `--${boundary}--`,
      "",
    ].join("\r\n");
  const send = (server: TestServer, cookie: string): Promise<{ statusCode: number; json(): unknown }> =>
    server.app.inject({
      method: "POST",
      url: "/backend/query",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, [REQUEST_HEADER]: "1", ...(cookie ? { cookie } : {}) },
      payload: body("{ authUser { id } }"),
    });

  it("are read only for signed-in users, and only for operations that take an upload", async () => {
    const server = await startTestServer("sqlite");
    const anonymous = await send(server, "");
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ errors: [{ extensions: { code: "MISSING_AUTH" } }] });
    const user = await buildUser(server.db.kysely);
    const client = new TestClient(server.app);
    await client.login(user.username, user.password);
    const query = await send(server, client.cookie);
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ errors: [{ message: "Only mutations take file uploads.", extensions: { code: "VALIDATION" } }] });
    await server.close();
  });
});
