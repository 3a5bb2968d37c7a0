import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildUser } from "../../test-support/builders.ts";
import { startTestSimulator, type TestSimulator } from "../../test-support/simulator.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { until } from "../../test-support/linked-system.ts";

/**
 * Registry records are the controller's records with the controller's ids (ARCHITECTURE «Product rules»: "the
 * configuration belongs to the element"). Two configurators whose controllers both have call
 * type 4 and schedule 1 each keep their own (docs/decisions/005-per-system-ids.md).
 */
const CALL_TYPES = "{ callTypes(filter: { limit: 200 }) { items { id name color } } }";
const SCHEDULES = "{ schedules(filter: { limit: 200 }) { items { id name } } }";
const CALL_TYPE = "query($id: Int!) { callType(id: $id) { id name char color } }";
const UPDATE = "mutation($id: Int!, $data: CallTypeInput!) { updateCallType(id: $id, data: $data) { id name color } }";
const DELETE = "mutation($ids: [Int!]!) { deleteCallType(ids: $ids) { id name } }";
const CONNECTIONS = "{ displayGroupConnections(filter: { limit: 200 }) { items { id call_type_id } } }";
const DELETE_CONNECTIONS = "mutation($ids: [Int!]!) { deleteDisplayGroupConnection(ids: $ids) { id } }";
const CREATE_CALL_TYPE = "mutation($data: CallTypeInput!) { createCallType(data: $data) { id name } }";
const CREATE_SCHEDULE = "mutation($data: ScheduleInput!) { createSchedule(data: $data) { id name } }";

type Item = { id: number; name: string; color?: string };
type Result<T> = { data?: T | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };

describe.each(TEST_DIALECTS)("two configurators with the same controller ids on %s", (dialect) => {
  let simulator: TestSimulator;
  let server: TestServer;
  let one: TestClient;
  let two: TestClient;

  beforeAll(async () => {
    simulator = await startTestSimulator();
    server = await startTestServer(dialect, {}, { links: true });
    // Both configurators point at the same controller: the same configuration, ids and all.
    const now = Date.now();
    for (const [id, name] of [
      [1, "Haus A"],
      [2, "Haus B"],
    ] as const) {
      await server.db.kysely
        .insertInto("systems")
        .values({ id, name, ip: "127.0.0.1", username: "admin", password: "admin", tcp_port: simulator.port, created_at: now, updated_at: now })
        .execute();
    }
    await server.links?.refresh();
    const user = await buildUser(server.db.kysely, { username: "sysadmin", permissions: ["admin::use_module", "admin::manage_system"] });
    one = new TestClient(server.app);
    await one.login(user.username, user.password);
    two = new TestClient(server.app);
    two.system = "02";
    await two.login(user.username, user.password);
  });
  afterAll(async () => {
    await server.close();
    await simulator.stop();
  });

  it("imports the controller's configuration into both systems, each with the controller's ids", async () => {
    const links = await until(
      () => server.db.kysely.selectFrom("callsystem_links").select(["system_id", "imported_at"]).orderBy("system_id").execute(),
      (rows) => rows.length === 2 && rows.every((r) => r.imported_at !== null),
    );
    expect(links.map((l) => l.system_id)).toEqual([1, 2]);
    await until(
      async () => [server.links?.get(1)?.state().connected, server.links?.get(2)?.state().connected],
      (states) => states.every((s) => s === true),
    );
    const [types1, types2] = await Promise.all([one.gql<{ callTypes: { items: Item[] } }>(CALL_TYPES), two.gql<{ callTypes: { items: Item[] } }>(CALL_TYPES)]);
    const ids1 = types1.data?.callTypes.items.map((t) => t.id).sort((a, b) => a - b);
    // spec: "Demo call types: alert 4, presence 6, emergency 2".
    expect(ids1).toEqual(expect.arrayContaining([2, 4, 6]));
    expect(types2.data?.callTypes.items.map((t) => t.id).sort((a, b) => a - b)).toEqual(ids1);
    const [schedules1, schedules2] = await Promise.all([
      one.gql<{ schedules: { items: Item[] } }>(SCHEDULES),
      two.gql<{ schedules: { items: Item[] } }>(SCHEDULES),
    ]);
    expect(schedules1.data?.schedules.items.length).toBeGreaterThan(0);
    expect(schedules2.data?.schedules.items).toEqual(schedules1.data?.schedules.items);
    const rows = await server.db.kysely
      .selectFrom("call_types" as never)
      .select(["system_id" as never])
      .where("id" as never, "=", 4 as never)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it("edits call type 4 of system 2 only", async () => {
    const before = (await one.gql<{ callType: Item & { char: string } }>(CALL_TYPE, { id: 4 })).data?.callType;
    expect(before).toBeDefined();
    const updated = (await two.gql<{ updateCallType: Item }>(UPDATE, { id: 4, data: { name: "Ruf Haus B", char: "B", color: "#123456" } })) as Result<{
      updateCallType: Item;
    }>;
    expect(updated.errors).toBeUndefined();
    expect(updated.data?.updateCallType).toEqual({ id: 4, name: "Ruf Haus B", color: "#123456" });
    expect((await one.gql<{ callType: Item }>(CALL_TYPE, { id: 4 })).data?.callType).toEqual(before);
    expect((await two.gql<{ callType: Item }>(CALL_TYPE, { id: 4 })).data?.callType).toMatchObject({ name: "Ruf Haus B" });
  });

  it("deletes call type 4 of system 2 only; what uses it in system 1 does not count", async () => {
    // Call type 4 is in use by display group connections of both systems: remove system 2's.
    const connections =
      (await two.gql<{ displayGroupConnections: { items: { id: number; call_type_id: number }[] } }>(CONNECTIONS)).data?.displayGroupConnections.items ?? [];
    const using = connections.filter((c) => c.call_type_id === 4).map((c) => c.id);
    if (using.length > 0) expect((await two.gql(DELETE_CONNECTIONS, { ids: using })).errors).toBeUndefined();
    const connections1 = (await one.gql<{ displayGroupConnections: { items: { id: number; call_type_id: number }[] } }>(CONNECTIONS)).data
      ?.displayGroupConnections.items;
    expect(connections1).toEqual(expect.arrayContaining(connections.filter((c) => c.call_type_id === 4)));

    const deleted = await two.gql<{ deleteCallType: Item[] }>(DELETE, { ids: [4] });
    expect(deleted.errors).toBeUndefined();
    expect(deleted.data?.deleteCallType).toEqual([{ id: 4, name: "Ruf Haus B" }]);
    expect((await two.gql(CALL_TYPE, { id: 4 })).errors?.[0]?.extensions?.["code"]).toBe("NOT_FOUND");
    expect((await one.gql<{ callType: Item }>(CALL_TYPE, { id: 4 })).data?.callType).toMatchObject({ id: 4 });
    // Deleting it again in system 2 finds nothing; system 1's stays.
    expect((await two.gql(DELETE, { ids: [4] })).errors?.[0]?.extensions?.["code"]).toBe("NOT_FOUND");
    expect((await one.gql<{ callTypes: { items: Item[] } }>(CALL_TYPES)).data?.callTypes.items.some((t) => t.id === 4)).toBe(true);
  });

  it("gives new records ids within their system: the smallest free up to the limit, else one above the highest", async () => {
    // Schedules have an id limit (20 is the sentinel "all day"): both systems get the same free id.
    const schedule = { name: "Nachtdienst", time_1: "06:00", time_2: "22:00" };
    const created1 = await one.gql<{ createSchedule: Item }>(CREATE_SCHEDULE, { data: schedule });
    const created2 = await two.gql<{ createSchedule: Item }>(CREATE_SCHEDULE, { data: schedule });
    expect(created1.errors).toBeUndefined();
    expect(created2.errors).toBeUndefined();
    expect(created2.data?.createSchedule.id).toBe(created1.data?.createSchedule.id);
    // Call types have none: one above the system's highest (system 2 lost 4, not its highest).
    const highest = Math.max(...((await one.gql<{ callTypes: { items: Item[] } }>(CALL_TYPES)).data?.callTypes.items.map((t) => t.id) ?? []));
    const type1 = await one.gql<{ createCallType: Item }>(CREATE_CALL_TYPE, { data: { name: "Neu", char: "N", color: "#000000" } });
    const type2 = await two.gql<{ createCallType: Item }>(CREATE_CALL_TYPE, { data: { name: "Neu", char: "N", color: "#000000" } });
    expect(type1.data?.createCallType.id).toBe(highest + 1);
    expect(type2.data?.createCallType.id).toBe(highest + 1);
  });

  it("answers concurrent creates in one system with records or CONFLICT, never INTERNAL", async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        two.gql<{ createCallType: Item }>(CREATE_CALL_TYPE, { data: { name: `Parallel ${i}`, char: "P", color: "#000000" } }),
      ),
    );
    const codes = results.map((r) => r.errors?.[0]?.extensions?.["code"]);
    for (const code of codes) expect([undefined, "CONFLICT"]).toContain(code);
    const ids = results.flatMap((r) => (r.data?.createCallType ? [r.data.createCallType.id] : []));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(0);
  });
});
