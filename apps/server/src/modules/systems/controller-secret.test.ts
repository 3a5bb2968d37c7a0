import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildUser } from "../../test-support/builders.ts";
import { until } from "../../test-support/linked-system.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";

/**
 * The stored controller password must not leak (ARCHITECTURE «Security rules»: "Stored secrets are sent only to
 * the address they were saved with; connection checks report a failure class, never a remote
 * body"). A host on loopback that is no controller records the Authorization header it receives
 * and answers a secret in every way it can.
 */
const SECRET = "TOP-SECRET-INTRANET-PAGE-4711";
const STORED = "stored-controller-password";
const basic = (username: string, password: string): string => `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;

type Answer = "text-200" | "json-200" | "text-401" | "text-404" | "text-500" | "redirect" | "huge";

interface FakeHost {
  port: number;
  /** Authorization headers received, in order. */
  seen: string[];
  answer: Answer;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

async function fakeHost(redirectTo?: () => number): Promise<FakeHost> {
  const host: FakeHost = { port: 0, seen: [], answer: "text-200", close: async () => undefined };
  const server = createServer((request, response) => {
    host.seen.push(request.headers.authorization ?? "");
    const status = { "text-200": 200, "json-200": 200, "text-401": 401, "text-404": 404, "text-500": 500, redirect: 302, huge: 200 }[host.answer];
    if (host.answer === "redirect") response.setHeader("location", `http://127.0.0.1:${redirectTo?.() ?? 1}/api/firmware`);
    response.writeHead(status, { "content-type": host.answer === "json-200" ? "application/json" : "text/plain" });
    if (host.answer === "json-200") response.end(JSON.stringify({ firmware: SECRET, note: SECRET }));
    else if (host.answer === "huge") response.end(`{"version": "${SECRET}${"x".repeat(100_000)}"}`);
    else response.end(`${SECRET} ${"lorem ".repeat(10)}`);
  });
  host.port = await listen(server);
  host.close = () => new Promise((resolve) => server.close(() => resolve()));
  return host;
}

const UPDATE = "mutation($id: Int!, $data: SystemParamInput!) { updateSystemParam(id: $id, data: $data) { id ip tcp_port } }";
const CONFIGURATOR =
  "mutation($ip: String!, $u: String!, $p: String!, $port: Int) { createInitialConfigurator(ip: $ip, username: $u, password: $p, tcp_port: $port) { id } }";

type Result = { data: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] };

describe.each(TEST_DIALECTS)("the stored controller password and the connection check on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let host: FakeHost;
  let target: FakeHost;
  /** Where system 1 was saved: nothing listens there. */
  let savedPort: number;
  beforeAll(async () => {
    server = await startTestServer(dialect, {}, { links: true });
    target = await fakeHost();
    host = await fakeHost(() => target.port);
    const probe = createServer();
    savedPort = await listen(probe);
    await new Promise((resolve) => probe.close(resolve));
    const now = Date.now();
    await server.db.kysely
      .insertInto("systems")
      .values({ id: 1, name: "Haus A", ip: "127.0.0.1", username: "admin", password: STORED, tcp_port: savedPort, created_at: now, updated_at: now })
      .execute();
    const user = await buildUser(server.db.kysely, { permissions: ["admin::use_module", "admin::manage_system"] });
    admin = new TestClient(server.app);
    await admin.login(user.username, user.password);
  });
  afterAll(async () => {
    await server.close();
    await host.close();
    await target.close();
  });
  beforeEach(() => {
    host.seen.length = 0;
    target.seen.length = 0;
  });

  const stored = async () => server.db.kysely.selectFrom("systems").select(["ip", "tcp_port", "password"]).where("id", "=", 1).executeTakeFirstOrThrow();

  it("asks for the password again when the address changes, and sends the stored one nowhere", async () => {
    const data = { name: "Haus A", ip: "127.0.0.1", username: "admin", password: "", tcp_port: host.port };
    const result = (await admin.gql(UPDATE, { id: 1, data })) as Result;
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: { password: [{ message: "validation.password_reentry" }] } });
    expect(host.seen).toEqual([]);
    expect(JSON.stringify(result)).not.toContain(SECRET);
    expect(await stored()).toEqual({ ip: "127.0.0.1", tcp_port: savedPort, password: STORED });
    // Same address, empty password: the stored one stays (and is used there only).
    const same = (await admin.gql(UPDATE, { id: 1, data: { ...data, tcp_port: savedPort, auto_commit: true } })) as Result;
    expect(same.errors).toBeUndefined();
    expect(host.seen).toEqual([]);
  });

  it.each([
    ["a 200 that is no JSON", "text-200", "not a controller"],
    ["JSON without a version", "json-200", "not a controller"],
    ["a 401 with a page", "text-401", "Unauthorized"],
    ["a 404 with a page", "text-404", "not a controller"],
    ["a 500 with a page", "text-500", "not a controller"],
    ["a redirect elsewhere", "redirect", "not a controller"],
    ["an endless answer", "huge", "not a controller"],
  ] as const)("names only the failure class for %s, never the host's answer", async (_name, answer, failure) => {
    host.answer = answer;
    const data = { name: "Haus A", ip: "127.0.0.1", username: "admin", password: "typed-now", tcp_port: host.port };
    const result = (await admin.gql(UPDATE, { id: 1, data })) as Result;
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", reason: "connection" });
    expect(result.errors?.[0]?.message).toBe(`failed to fetch firmware version: ${failure}`);
    expect(JSON.stringify(result)).not.toContain(SECRET);
    // The typed password went to the typed address only; the stored one went nowhere.
    expect(host.seen).toEqual([basic("admin", "typed-now")]);
    expect(target.seen).toEqual([]);
    expect(await stored()).toEqual({ ip: "127.0.0.1", tcp_port: savedPort, password: STORED });
  });

  it("says 'unreachable' when nothing listens", async () => {
    const result = (await admin.gql(UPDATE, {
      id: 1,
      data: { name: "Haus A", ip: "127.0.0.1", username: "admin", password: "typed-now", tcp_port: savedPort },
    })) as Result;
    expect(result.errors?.[0]?.message).toBe("failed to fetch firmware version: unreachable");
  });

  it("the link's last error (callSystemStatus) is a class too", async () => {
    host.answer = "text-500";
    await server.db.kysely.updateTable("systems").set({ tcp_port: host.port, password: "link-password" }).where("id", "=", 1).execute();
    await server.links?.refresh();
    const status = await until(
      async () =>
        (await admin.gql<{ callSystemStatus: { last_error: string | null }[] }>("{ callSystemStatus { last_error } }")).data?.callSystemStatus[0]?.last_error ??
        null,
      (error) => error !== null,
    );
    expect(status).toBe("not a controller");
    expect(status).not.toContain(SECRET);
    await server.db.kysely.updateTable("systems").set({ tcp_port: savedPort, password: STORED }).where("id", "=", 1).execute();
    await server.links?.stop();
  });

  it("the anonymous setup step's check echoes nothing either", async () => {
    // A fresh database: setup is open, the mutation is anonymous.
    const fresh = await startTestServer(dialect);
    try {
      host.answer = "text-500";
      const result = (await new TestClient(fresh.app).gql(CONFIGURATOR, { ip: "127.0.0.1", u: "admin", p: "guess", port: host.port })) as Result;
      expect(result.errors?.[0]?.message).toBe("failed to fetch firmware version: not a controller");
      expect(JSON.stringify(result)).not.toContain(SECRET);
    } finally {
      await fresh.close();
    }
  });
});
