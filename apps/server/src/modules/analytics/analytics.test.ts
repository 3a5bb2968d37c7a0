import { demoHospital } from "@caresuite/simulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildSystem, buildUser } from "../../test-support/builders.ts";
import { activateTestLicence } from "../../test-support/licences.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { importControllerConfig } from "../calls/import-config.ts";

// After the spring change (29 March 2026): Zurich is UTC+1 before, UTC+2 after.
const NOW = Date.parse("2026-03-30T10:00:00.000Z");
const PERIOD = 'from: "2026-03-20", to: "2026-03-29"';

interface Stat {
  calls: number;
  median_seconds: number | null;
  p90_seconds: number | null;
}
interface Analytics {
  from: string | null;
  to: string | null;
  time_zone: string;
  opened: number;
  overall: Stat;
  by_shift: (Stat & { shift: string; opened: number })[];
  by_room: (Stat & { room_id: number; room_name: string })[];
  by_call_type: (Stat & { call_type_id: number })[];
  by_day: { date: string; opened: number; mean_response_seconds: number | null }[];
  by_hour: (Stat & { hour: number; opened: number })[];
  heat_map: { weekday: number; hour: number; opened: number }[];
  longest_waits: { id: number; response_seconds: number; room_id: number; device_id: number; call_type_text: string }[];
}
type Answer = { data?: { callAnalytics: Analytics } | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };

const STAT = "calls median_seconds p90_seconds";
const ALL = `from to time_zone opened overall { ${STAT} } by_shift { shift opened ${STAT} } by_room { room_id room_name ${STAT} }
  by_call_type { call_type_id ${STAT} } by_day { date opened mean_response_seconds } by_hour { hour opened ${STAT} }
  heat_map { weekday hour opened } longest_waits(limit: 3) { id response_seconds room_id device_id call_type_text }`;

describe.each(TEST_DIALECTS)("callAnalytics on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let manager: TestClient;
  let nurse: TestClient;
  let external = 0;
  const roomOf: Record<number, number> = {};
  const ids: Record<string, number> = {};
  const ask = (filter: string, client = manager, fields = ALL): Promise<Answer> =>
    client.gql(`{ callAnalytics(filter: { ${filter} }) { ${fields} } }`) as Promise<Answer>;

  /** One call of the past as the call path stores it; response after `responseMs`, by presence or by the close. */
  const insert = async (name: string, device: number, type: number, opened: string, responseMs: number | null, by: "presence" | "close" = "close") => {
    const openedAt = Date.parse(opened);
    external += 1;
    const row = await server.db.kysely
      .insertInto("calls")
      .values({
        system_id: 1,
        journal_id: "test",
        external_id: external,
        device_id: device,
        call_type_id: type,
        call_source_id: null,
        section_id: device === 10 ? 2 : 1,
        opened_at: openedAt,
        closed_at: responseMs === null ? null : openedAt + responseMs + (by === "presence" ? 60_000 : 0),
        presence_at: responseMs !== null && by === "presence" ? openedAt + responseMs : null,
        close_reason: null,
        manually_closed_by_username: null,
        handled_by_app_username: null,
        call_type_text: `type ${type}`,
        call_source_text: "",
        device_text_short: "",
        device_text_long: `device ${device}`,
        section_name: "",
        seq: external,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids[name] = Number(row.id);
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    server.clock.now = NOW;
    await buildSystem(server.db.kysely, 1);
    await importControllerConfig(server.db.kysely, 1, demoHospital(NOW), NOW);
    const root = await buildUser(server.db.kysely, { username: "root", is_superuser: true });
    admin = new TestClient(server.app);
    await admin.login(root.username, root.password);
    await activateTestLicence(admin);
    const carer = await buildUser(server.db.kysely, { username: "manager", permissions: ["analytics::use_module", "analytics::see_low_battery_box"] });
    manager = new TestClient(server.app);
    await manager.login(carer.username, carer.password);
    const logOnly = await buildUser(server.db.kysely, { username: "nurse", permissions: ["calllog::use_module"] });
    nurse = new TestClient(server.app);
    await nurse.login(logOnly.username, logOnly.password);
    for (const device of [23, 24, 10]) {
      const nodes = await server.db.kysely.selectFrom("system_tree_nodes").select(["id", "parent_id", "kind"]).where("system_id", "=", 1).execute();
      let node = nodes.find((n) => n.id === device);
      while (node && node.kind !== "room") node = nodes.find((n) => n.id === node?.parent_id);
      roomOf[device] = node?.id ?? device;
    }
    // Day shift (07:00–18:59 local; CET = UTC+1 before 29 March): Zimmer 101 (23), Zimmer 102 (24).
    await insert("d1", 23, 4, "2026-03-24T06:00:00.000Z", 30_900, "presence"); // 07:00 local, 30.9 s → 30 s
    await insert("d2", 23, 4, "2026-03-24T10:00:00.000Z", 60_000);
    await insert("d3", 23, 4, "2026-03-24T17:59:00.000Z", 90_000); // 18:59 local
    await insert("d4", 24, 2, "2026-03-25T12:00:00.000Z", 120_000, "presence");
    await insert("d5", 24, 2, "2026-03-25T12:30:00.000Z", 600_000);
    // Night shift: Zimmer 201 (10, section 2).
    await insert("n1", 10, 3, "2026-03-24T05:59:00.000Z", 45_000); // 06:59 local
    await insert("n2", 10, 3, "2026-03-24T18:00:00.000Z", 300_000); // 19:00 local
    await insert("n3", 10, 3, "2026-03-29T17:30:00.000Z", 200_000); // 19:30 CEST (18:30 with the winter offset)
    await insert("open", 10, 3, "2026-03-26T23:00:00.000Z", null); // 00:00 local on the 27th, still open, no presence
    // A defect (call type 1 has flag Defect) on the heating (17): only for analytics::see_defects.
    await insert("defect", 17, 1, "2026-03-25T09:00:00.000Z", 5_000_000);
    // Staff presence (demo call type 6, flag Presence) is no call waiting for a response: left out.
    await insert("presence", 23, 6, "2026-03-25T10:00:00.000Z", 1_800_000);
    // Outside the period.
    await insert("before", 23, 4, "2026-03-19T12:00:00.000Z", 1_000);
  });
  afterAll(() => server.close());

  it("gives the response time by shift as median and p90 (nearest rank), with the calls opened per shift", async () => {
    const answer = await ask(PERIOD);
    expect(answer.errors).toBeUndefined();
    const a = answer.data!.callAnalytics;
    expect(a).toMatchObject({ from: "2026-03-19T23:00:00.000Z", to: "2026-03-29T22:00:00.000Z", time_zone: "Europe/Zurich", opened: 9 });
    expect(a.by_shift).toEqual([
      { shift: "DAY", opened: 5, calls: 5, median_seconds: 90, p90_seconds: 600 },
      { shift: "NIGHT", opened: 4, calls: 3, median_seconds: 200, p90_seconds: 300 },
    ]);
    expect(a.overall).toEqual({ calls: 8, median_seconds: 90, p90_seconds: 600 });
  });

  it("gives it by room and by call type, slowest p90 first", async () => {
    const a = (await ask(PERIOD)).data!.callAnalytics;
    expect(a.by_room.map((r) => [r.room_id, r.calls, r.median_seconds, r.p90_seconds])).toEqual([
      [roomOf[24], 2, 120, 600],
      [roomOf[10], 3, 200, 300],
      [roomOf[23], 3, 60, 90],
    ]);
    expect(a.by_room[0]?.room_name).toMatch(/102/);
    // The tree's shape kept between queries (PostgreSQL) follows a rename and a device moved to another room.
    const db = server.db.kysely;
    const room = await db.selectFrom("system_tree_nodes").select("text_long").where("id", "=", roomOf[24]!).executeTakeFirstOrThrow();
    const device = await db.selectFrom("system_tree_nodes").select("parent_id").where("id", "=", 23).executeTakeFirstOrThrow();
    await db.updateTable("system_tree_nodes").set({ text_long: "Zimmer 102 neu" }).where("id", "=", roomOf[24]!).execute();
    await db.updateTable("system_tree_nodes").set({ parent_id: roomOf[24]! }).where("id", "=", 23).execute();
    const moved = (await ask(PERIOD)).data!.callAnalytics.by_room;
    expect(moved.map((r) => [r.room_id, r.calls])).toEqual([
      [roomOf[24], 5],
      [roomOf[10], 3],
    ]);
    expect(moved[0]?.room_name).toBe("Zimmer 102 neu");
    await db.updateTable("system_tree_nodes").set({ text_long: room.text_long }).where("id", "=", roomOf[24]!).execute();
    await db.updateTable("system_tree_nodes").set({ parent_id: device.parent_id }).where("id", "=", 23).execute();
    expect((await ask(PERIOD)).data!.callAnalytics.by_room.map((r) => r.room_id)).toEqual([roomOf[24], roomOf[10], roomOf[23]]);
    expect(a.by_call_type.map((r) => [r.call_type_id, r.calls, r.median_seconds, r.p90_seconds])).toEqual([
      [2, 2, 120, 600],
      [3, 3, 200, 300],
      [4, 3, 60, 90],
    ]);
  });

  it("counts calls per local day, hour of day and weekday × hour", async () => {
    const a = (await ask(PERIOD)).data!.callAnalytics;
    expect(a.by_day).toEqual([
      { date: "2026-03-24", opened: 5, mean_response_seconds: Math.round((30_900 + 60_000 + 90_000 + 45_000 + 300_000) / 5 / 1000) },
      { date: "2026-03-25", opened: 2, mean_response_seconds: 360 },
      { date: "2026-03-27", opened: 1, mean_response_seconds: null },
      { date: "2026-03-29", opened: 1, mean_response_seconds: 200 },
    ]);
    expect(a.by_hour).toHaveLength(24);
    expect(a.by_hour[19]).toEqual({ hour: 19, opened: 2, calls: 2, median_seconds: 200, p90_seconds: 300 });
    expect(a.by_hour[0]).toMatchObject({ hour: 0, opened: 1, calls: 0, median_seconds: null });
    expect(a.heat_map).toHaveLength(168);
    const cell = (weekday: number, hour: number) => a.heat_map.find((c) => c.weekday === weekday && c.hour === hour)?.opened;
    // 24 March 2026 is a Tuesday (1), 27 March a Friday (4), 29 March a Sunday (6).
    expect([cell(1, 6), cell(1, 7), cell(1, 18), cell(1, 19), cell(4, 0), cell(6, 19), cell(6, 18)]).toEqual([1, 1, 1, 1, 1, 1, 0]);
    expect(a.heat_map.reduce((sum, c) => sum + c.opened, 0)).toBe(9);
  });

  it("lists the longest waits with their call and room for the drill-down", async () => {
    const a = (await ask(PERIOD)).data!.callAnalytics;
    expect(a.longest_waits.map((w) => [w.id, w.response_seconds, w.room_id])).toEqual([
      [ids["d5"], 600, roomOf[24]],
      [ids["n2"], 300, roomOf[10]],
      [ids["n3"], 200, roomOf[10]],
    ]);
    // The call form opens for the analytics user (spec route /analytics/call/edit/:id).
    const call = await manager.gql<{ call: { id: number; response_time: number } }>(`{ call(id: ${ids["d5"]}) { id response_time } }`);
    expect(call.errors).toBeUndefined();
    expect(call.data?.call).toEqual({ id: ids["d5"], response_time: 600 });
  });

  it("opens a room's node form for the drill-down, read-only without the tree module", async () => {
    const node = await manager.gql<{ systemTreeNode: { node: { id: number; name: string }; editable_fields: string[] } }>(
      `{ systemTreeNode(id: ${roomOf[24]}) { node { id name } editable_fields } }`,
    );
    expect(node.errors).toBeUndefined();
    expect(node.data?.systemTreeNode.node).toMatchObject({ id: roomOf[24], name: expect.stringMatching(/102/) });
    expect(node.data?.systemTreeNode.editable_fields).toEqual([]);
    const change = await manager.gql(`mutation { updateSystemTreeNode(id: ${roomOf[24]}, data: { name: "Zimmer X" }) { id } }`);
    expect(change.errors?.[0]?.extensions).toMatchObject({ code: "MISSING_PERMISSION" });
    const denied = await nurse.gql(`{ systemTreeNode(id: ${roomOf[24]}) { node { id } } }`);
    expect(denied.errors?.[0]?.extensions).toMatchObject({ code: "MISSING_PERMISSION" });
  });

  it("filters by section and call type", async () => {
    const night = (await ask(`${PERIOD}, section_ids: [2]`)).data!.callAnalytics;
    expect(night.by_shift).toEqual([
      { shift: "DAY", opened: 0, calls: 0, median_seconds: null, p90_seconds: null },
      { shift: "NIGHT", opened: 4, calls: 3, median_seconds: 200, p90_seconds: 300 },
    ]);
    const type2 = (await ask(`${PERIOD}, call_type_ids: [2]`)).data!.callAnalytics;
    expect(type2.overall).toEqual({ calls: 2, median_seconds: 120, p90_seconds: 600 });
    expect(type2.opened).toBe(2);
  });

  it("shows defect calls only to users who may see them", async () => {
    const root = (await ask(PERIOD, admin)).data!.callAnalytics;
    expect(root.opened).toBe(10);
    expect(root.longest_waits[0]).toMatchObject({ id: ids["defect"], response_seconds: 5000, device_id: 17 });
  });

  it("leaves staff presence out unless the filter names its call type", async () => {
    const presence = (await ask(`${PERIOD}, call_type_ids: [6]`, manager, "opened overall { calls p90_seconds }")).data!.callAnalytics;
    expect(presence).toEqual({ opened: 1, overall: { calls: 1, p90_seconds: 1800 } });
    const options = await manager.gql<{ analyticsFilterOptions: { call_types: { id: number }[] } }>("{ analyticsFilterOptions { call_types { id } } }");
    expect(options.data?.analyticsFilterOptions.call_types.map((t) => t.id)).not.toContain(6);
    expect(options.data?.analyticsFilterOptions.call_types.map((t) => t.id)).toContain(2);
  });

  it("resolves the named periods in the system's zone", async () => {
    const week = (await ask("range: DAYS_7", manager, "from to opened")).data!.callAnalytics;
    expect(week.from).toBe("2026-03-23T10:00:00.000Z");
    expect(week.opened).toBe(9);
    const all = (await ask("range: SINCE_BEGINNING", manager, "from opened")).data!.callAnalytics;
    expect(all).toEqual({ from: null, opened: 10 });
  });

  it("refuses bad filters field by field, and users without the permission", async () => {
    const bad = await ask('range: DAYS_7, from: "2026-03-01", call_type_ids: [999], section_ids: [999]', manager, "opened");
    expect(bad.errors?.[0]?.extensions).toMatchObject({
      code: "VALIDATION",
      fields: { range: [{ message: expect.any(String) }], call_type_ids: [{ message: expect.any(String) }], section_ids: [{ message: expect.any(String) }] },
    });
    const long = await ask('from: "2025-01-01", to: "2026-01-02"', manager, "opened");
    expect(long.errors?.[0]?.extensions).toMatchObject({
      code: "VALIDATION",
      fields: { to: [{ message: "validation.range_too_long_days", data: { days: 366 } }] },
    });
    const year = await ask('from: "2025-01-01", to: "2026-01-01"', manager, "opened");
    expect(year.errors).toBeUndefined();
    const limit = await ask(PERIOD, manager, "longest_waits(limit: 1000) { id }");
    expect(limit.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION" });
    const denied = await ask(PERIOD, nurse, "opened");
    expect(denied.errors?.[0]?.extensions).toMatchObject({ code: "MISSING_PERMISSION" });
    const anonymous = await ask(PERIOD, new TestClient(server.app), "opened");
    expect(anonymous.errors?.[0]?.extensions).toMatchObject({ code: "MISSING_AUTH" });
  });

  it("fills the low battery and not reachable boxes from the tree's device health, each with its permission", async () => {
    // The demo hospital reports a few weak batteries of its own: all full, then one low.
    await server.db.kysely.updateTable("system_tree_nodes").set({ battery: 90 }).where("battery", "is not", null).execute();
    await server.db.kysely.updateTable("system_tree_nodes").set({ battery: 5, battery_reported_at: NOW }).where("id", "=", 23).execute();
    await server.db.kysely.updateTable("system_tree_nodes").set({ battery: 90, battery_reported_at: NOW }).where("id", "=", 24).execute();
    await server.db.kysely
      .updateTable("system_tree_nodes")
      .set({ reachable: 0, last_reachable_at: NOW - 86_400_000 })
      .where("id", "=", 10)
      .execute();
    const low = await manager.gql<{ analyticsLowBattery: { total: number; items: { id: number; battery: number; room_id: number }[] } }>(
      "{ analyticsLowBattery { total items { id battery room_id } } }",
    );
    expect(low.errors).toBeUndefined();
    expect(low.data?.analyticsLowBattery).toEqual({ total: 1, items: [{ id: 23, battery: 5, room_id: roomOf[23] }] });
    // The manager holds see_low_battery_box, not see_not_reachable_box.
    const unreachable = await manager.gql("{ analyticsNotReachable { total } }");
    expect(unreachable.errors?.[0]?.extensions).toMatchObject({ code: "MISSING_PERMISSION" });
    const rootView = await admin.gql<{ analyticsNotReachable: { total: number; items: { id: number }[] } }>("{ analyticsNotReachable { total items { id } } }");
    expect(rootView.data?.analyticsNotReachable.items.map((d) => d.id)).toContain(10);
  });

  it("fills the defect boxes with the devices and repeaters that have an open Defect call, each with its permission", async () => {
    const nodes = await server.db.kysely.selectFrom("system_tree_nodes").select(["id", "kind"]).where("system_id", "=", 1).orderBy("id").execute();
    const repeater = nodes.find((n) => n.kind === "device" && ![23, 24, 10, 17].includes(n.id))!.id;
    await server.db.kysely.updateTable("system_tree_nodes").set({ kind: "repeater" }).where("system_id", "=", 1).where("id", "=", repeater).execute();
    // Call type 1 has flag Defect: open on the heating (17) since 08:00, on the repeater since 09:00; closed ones do not count.
    await insert("openDefect", 17, 1, "2026-03-30T08:00:00.000Z", null);
    await insert("openDefect2", 17, 1, "2026-03-30T08:30:00.000Z", null);
    await insert("repeaterDefect", repeater, 1, "2026-03-30T09:00:00.000Z", null);
    await insert("closedDefect", repeater, 1, "2026-03-30T07:00:00.000Z", 60_000);
    type Box = { total: number; items: { id: number; reported_at: string }[] };
    const defects = await admin.gql<{ analyticsDefects: Box; analyticsRepeaterDefects: Box }>(
      "{ analyticsDefects { total items { id reported_at } } analyticsRepeaterDefects { total items { id reported_at } } }",
    );
    expect(defects.errors).toBeUndefined();
    expect(defects.data?.analyticsDefects).toEqual({ total: 1, items: [{ id: 17, reported_at: "2026-03-30T08:00:00.000Z" }] });
    expect(defects.data?.analyticsRepeaterDefects).toEqual({ total: 1, items: [{ id: repeater, reported_at: "2026-03-30T09:00:00.000Z" }] });
    // The open defects are in section 1: a filter on section 2 finds none.
    const other = await admin.gql<{ analyticsDefects: Box }>("{ analyticsDefects(section_ids: [2]) { total } }");
    expect(other.data?.analyticsDefects.total).toBe(0);
    // The manager holds neither analytics::see_defects nor analytics::see_repeater_defects.
    for (const field of ["analyticsDefects", "analyticsRepeaterDefects"]) {
      const denied = await manager.gql(`{ ${field} { total } }`);
      expect(denied.errors?.[0]?.extensions).toMatchObject({ code: "MISSING_PERMISSION" });
    }
  });
});
