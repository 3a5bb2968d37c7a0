import type { AddressInfo } from "node:net";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { readAppState, updateAppState } from "../appdata/app-state.repo.ts";
import { buildUser } from "../../test-support/builders.ts";
import { startTestSimulator, type TestSimulator } from "../../test-support/simulator.ts";
import { TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { startLinkedSystem, until } from "../../test-support/linked-system.ts";
import { SYSTEM_HEADER } from "@caresuite/domain";

const OPEN_CALLS = `{ openCalls { id number call_type_id call_type_text device_text_long is_closed
  call_type { id urgency color sort_order } section { id name } system_tree_node { id text_long } } }`;

type OpenCall = { id: number; number: number; call_type_id: number; call_type: { urgency: string } | null };

/** Calls as the server has them vs. as the controller's journal has them (the source of truth). */
async function compareWithJournal(server: TestServer, simulator: TestSimulator): Promise<{ ours: string[]; theirs: string[] }> {
  const journal = await simulator.get<
    { events: { seq: number; type: string; data: { call_id: number } }[] } | { seq: number; type: string; data: { call_id: number } }[]
  >("/api/journal?from=0&limit=10000");
  const events = Array.isArray(journal) ? journal : journal.events;
  const opened = new Map<number, boolean>();
  for (const event of events) {
    if (event.type === "call.opened") opened.set(event.data.call_id, false);
    if (event.type === "call.closed" && opened.has(event.data.call_id)) opened.set(event.data.call_id, true);
  }
  const rows = await server.db.kysely.selectFrom("calls").select(["external_id", "closed_at"]).where("system_id", "=", 1).execute();
  const ours = rows.map((r) => `${r.external_id}:${r.closed_at === null ? "open" : "closed"}`).sort();
  const theirs = [...opened].map(([id, closed]) => `${id}:${closed ? "closed" : "open"}`).sort();
  return { ours, theirs };
}

describe.each(TEST_DIALECTS)("the live call path on %s (simulator → link → database → API)", (dialect) => {
  let simulator: TestSimulator;
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    ({ simulator, server, admin } = await startLinkedSystem(dialect));
  });
  afterAll(async () => {
    await server.close();
    await simulator.stop();
  });

  it("imports the controller's configuration on the first connection", async () => {
    const types = await admin.gql<{ callTypes: { items: { id: number; urgency: string }[] } }>(
      "{ callTypes(filter: { limit: 100 }) { items { id urgency } } }",
    );
    const byId = new Map(types.data?.callTypes.items.map((t) => [t.id, t.urgency]));
    // spec: "Demo call types: alert 4, presence 6, emergency 2".
    expect(byId.get(2)).toBe("EMERGENCY");
    expect(byId.has(4)).toBe(true);
    expect(byId.has(6)).toBe(true);
    const nodes = await server.db.kysely.selectFrom("system_tree_nodes").select("id").where("system_id", "=", 1).execute();
    expect(nodes.map((n) => n.id)).toEqual(expect.arrayContaining([10, 23, 24]));
    const audit = await server.db.kysely.selectFrom("audit_logs").select("meta").where("action", "=", "gets_imported").executeTakeFirst();
    expect(JSON.parse(audit?.meta ?? "{}").count).toBeGreaterThan(60);
  });

  it("reports the link state in GraphQL, health and metrics", async () => {
    const status = await admin.gql<{ callSystemStatus: { system_id: number; connected: boolean; firmware: string }[] }>(
      "{ callSystemStatus { system_id connected firmware } }",
    );
    expect(status.data?.callSystemStatus).toEqual([{ system_id: 1, connected: true, firmware: expect.stringContaining("GETS") }]);
    const health = await server.app.inject({ method: "GET", url: "/backend/health" });
    expect(health.json().callsystems).toEqual([expect.objectContaining({ system_id: 1, connected: true })]);
    const metrics = await server.app.inject({ method: "GET", url: "/backend/metrics" });
    expect(metrics.body).toContain('caresuite_callsystem_connected{system="1"} 1');
  });

  it("shows a pressed call to anonymous visitors with its nested call type, in urgency order", async () => {
    await simulator.press(23, "alert");
    await simulator.press(24, "emergency");
    const calls = await until(
      async () => (await new TestClient(server.app).gql<{ openCalls: OpenCall[] }>(OPEN_CALLS)).data?.openCalls ?? [],
      (list) => list.length >= 2,
    );
    expect(calls.map((c) => [c.number, c.call_type?.urgency])).toEqual([
      [24, "EMERGENCY"],
      [23, expect.any(String)],
    ]);
  });

  it("pushes the full list first on callsChanged, then every change", async () => {
    const address = server.app.server.address() as AddressInfo | null;
    if (!address) await server.app.listen({ port: 0, host: "127.0.0.1" });
    const port = (server.app.server.address() as AddressInfo).port;
    const client = createClient({
      url: `ws://127.0.0.1:${port}/backend/query`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      connectionParams: { [SYSTEM_HEADER]: "01" },
    });
    const payloads: OpenCall[][] = [];
    const stop = client.subscribe<{ callsChanged: OpenCall[] }>(
      { query: "subscription { callsChanged { id number call_type_id } }" },
      { next: (value) => payloads.push(value.data?.callsChanged ?? []), error: () => undefined, complete: () => undefined },
    );
    await until(
      async () => payloads.length,
      (n) => n >= 1,
    );
    const first = payloads[0]?.length ?? 0;
    expect(first).toBeGreaterThanOrEqual(2);
    await simulator.press(10, "alert");
    const latest = await until(
      async () => payloads.at(-1) ?? [],
      (list) => list.some((c) => c.number === 10),
    );
    expect(latest.length).toBe(first + 1);
    stop();
    await client.dispose();
  });

  it("closes a call through sendDeviceAction EndCalls; it vanishes when the controller reports it", async () => {
    const before = (await admin.gql<{ openCalls: OpenCall[] }>(OPEN_CALLS)).data?.openCalls ?? [];
    const target = before.find((c) => c.number === 23) as OpenCall;
    const anonymous = await new TestClient(server.app).gql(`mutation { sendDeviceAction(action: { action: "EndCalls", deviceID: 23 }) { success } }`);
    expect(anonymous.errors?.[0]?.extensions?.["code"]).toBe("MISSING_AUTH");
    const result = await admin.gql<{ sendDeviceAction: { success: boolean } }>(
      `mutation { sendDeviceAction(action: { action: "EndCalls", deviceID: 23 }) { success } }`,
    );
    expect(result.data?.sendDeviceAction.success).toBe(true);
    await until(
      async () => (await admin.gql<{ openCalls: OpenCall[] }>(OPEN_CALLS)).data?.openCalls ?? [],
      (list) => !list.some((c) => c.id === target.id),
    );
    const marked = await admin.gql<{ markCallAsManuallyClosedByUser: { manually_closed_by_username: string; is_closed: boolean } }>(
      `mutation { markCallAsManuallyClosedByUser(id: ${target.id}) { manually_closed_by_username is_closed } }`,
    );
    expect(marked.data?.markCallAsManuallyClosedByUser).toEqual({ manually_closed_by_username: "root", is_closed: true });
  });

  it("returns one call by id for the call form, closed ones too, to users of the call log only", async () => {
    const log = await admin.gql<{ callLog: { items: { id: number; number: number }[] } }>("{ callLog(filter: { limit: 1 }) { items { id number } } }");
    const newest = log.data?.callLog.items[0];
    expect(newest).toBeDefined();
    const one = await admin.gql<{ call: { id: number; number: number; call_type: { id: number } | null } }>(
      `{ call(id: ${newest?.id}) { id number call_type { id } } }`,
    );
    expect(one.data?.call).toMatchObject({ id: newest?.id, number: newest?.number });
    expect((await admin.gql("{ call(id: 99999999) { id } }")).errors?.[0]?.extensions?.["code"]).toBe("NOT_FOUND");
    expect((await new TestClient(server.app).gql(`{ call(id: ${newest?.id}) { id } }`)).errors?.[0]?.extensions?.["code"]).toBe("MISSING_AUTH");
  });

  it("answers a device action for a device the controller does not know with NOT_FOUND, not INTERNAL", async () => {
    const result = await admin.gql(`mutation { sendDeviceAction(action: { action: "Restart", deviceID: 99999 }) { success } }`);
    expect(result.errors?.[0]?.extensions?.["code"]).toBe("NOT_FOUND");
    expect(result.errors?.[0]?.message).toBe("unknown device 99999");
  });

  it("keeps the call log with every call, newest first, with weekday and duration", async () => {
    const log = await admin.gql<{
      callLog: { total: number; items: { number: number; is_closed: boolean; weekday: number; duration: number; call_type_text: string; opened_at: string }[] };
    }>("{ callLog(filter: { limit: 100 }) { total items { number is_closed weekday duration call_type_text opened_at } } }");
    expect(log.errors).toBeUndefined();
    expect(log.data?.callLog.total).toBeGreaterThanOrEqual(3);
    const items = log.data?.callLog.items ?? [];
    expect(items.map((c) => c.opened_at)).toEqual([...items.map((c) => c.opened_at)].sort().reverse());
    expect(items.every((c) => c.weekday >= 1 && c.weekday <= 7 && c.call_type_text !== "")).toBe(true);
    const nurse = new TestClient(server.app);
    await nurse.login((await buildUser(server.db.kysely, { password: "nurse pw 1234" })).username, "nurse pw 1234");
    expect((await nurse.gql("{ callLog { total } }")).errors?.[0]?.extensions?.["code"]).toBe("MISSING_PERMISSION");
  });

  it("serves the demo calls only in demo mode, through the real path (spec §7 REST demo)", async () => {
    const post = (url: string, body: unknown = {}) => new TestClient(server.app).post(url, body);
    expect((await post("/demo/call/close")).statusCode).toBe(404);
    const state = await readAppState(server.db.kysely);
    await updateAppState(server.db.kysely, { features: { ...state.features, demo_mode: true } }, Date.now());
    await post("/demo/call/close");
    await until(
      async () => (await admin.gql<{ openCalls: OpenCall[] }>(OPEN_CALLS)).data?.openCalls ?? [],
      (list) => list.length === 0,
    );
    // spec: "Demo call types: alert 4, presence 6, emergency 2; demo nodes 23, 24, 10".
    expect((await post("/demo/call/trigger", { call_type_id: 4, device_id: 23, section_id: null, close: false })).json()).toEqual({ ok: true });
    await until(
      async () => (await admin.gql<{ openCalls: OpenCall[] }>(OPEN_CALLS)).data?.openCalls ?? [],
      (list) => list.some((c) => c.number === 23 && c.call_type_id === 4),
    );
    await post("/demo/call/trigger", { call_type_id: 4, device_id: 23, close: true });
    await until(
      async () => (await admin.gql<{ openCalls: OpenCall[] }>(OPEN_CALLS)).data?.openCalls ?? [],
      (list) => !list.some((c) => c.number === 23),
    );
    expect((await post("/demo/call/trigger", { call_type_id: "x", device_id: 23 })).statusCode).toBe(400);
    await updateAppState(server.db.kysely, { features: { ...state.features, demo_mode: false } }, Date.now());
  });

  it("loses and doubles nothing when the controller drops its sockets silently or restarts", async () => {
    for (const device of [23, 24, 10]) await simulator.press(device, "cancel");
    await fetch(`${simulator.url}/api/debug/drop-sockets`, {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from("admin:admin").toString("base64")}`, connection: "close" },
    });
    for (const device of [23, 24]) await simulator.press(device, "alert");
    // Restart the controller on the same port and data dir; events meanwhile come from its journal.
    const { port, dataDir } = simulator;
    await simulator.stop(false);
    simulator = await startTestSimulator({ port, dataDir });
    await simulator.press(10, "emergency");
    await simulator.press(23, "presence");
    const result = await until(
      () => compareWithJournal(server, simulator),
      ({ ours, theirs }) => JSON.stringify(ours) === JSON.stringify(theirs),
      15_000,
    );
    expect(result.ours.length).toBeGreaterThan(5);
    const counts = await server.db.kysely
      .selectFrom("calls")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(counts.n)).toBe(result.theirs.length);
  });

  it("starts again at 0 when the controller's journal was reset (new data dir)", async () => {
    await simulator.press(24, "alert");
    await until(
      async () => (await admin.gql<{ openCalls: OpenCall[] }>(OPEN_CALLS)).data?.openCalls ?? [],
      (list) => list.some((c) => c.number === 24),
    );
    const port = simulator.port;
    await simulator.stop(true);
    simulator = await startTestSimulator({ port });
    // The old journal's open calls can never be closed by the new one: they are closed as reset.
    await until(
      async () => (await admin.gql<{ openCalls: OpenCall[] }>(OPEN_CALLS)).data?.openCalls ?? [],
      (list) => list.length === 0,
      15_000,
    );
    await simulator.press(10, "alert");
    const calls = await until(
      async () => (await admin.gql<{ openCalls: OpenCall[] }>(OPEN_CALLS)).data?.openCalls ?? [],
      (list) => list.some((c) => c.number === 10),
    );
    expect(calls).toHaveLength(1);
  });

  it("stays responsive while the controller answers slowly, and catches up afterwards", async () => {
    const auth = { authorization: `Basic ${Buffer.from("admin:admin").toString("base64")}`, connection: "close", "content-type": "application/json" };
    await fetch(`${simulator.url}/api/debug/stall`, { method: "POST", headers: auth, body: JSON.stringify({ ms: 5000 }) });
    const dropped = fetch(`${simulator.url}/api/debug/drop-sockets`, { method: "POST", headers: auth }).catch(() => undefined);
    // Our API does not wait for the controller (stalled for 5 s; the margin is for CI load).
    const started = Date.now();
    expect((await new TestClient(server.app).gql<{ openCalls: OpenCall[] }>(OPEN_CALLS)).errors).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2500);
    await dropped;
    await fetch(`${simulator.url}/api/debug/stall`, { method: "POST", headers: auth, body: JSON.stringify({ ms: 0 }) });
    await simulator.press(24, "alert");
    await until(
      async () => (await admin.gql<{ openCalls: OpenCall[] }>(OPEN_CALLS)).data?.openCalls ?? [],
      (list) => list.some((c) => c.number === 24),
      20_000,
    );
    expect(server.links?.get(1)?.state().connected).toBe(true);
  }, 60_000);
});
