import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSystem } from "../../test-support/builders.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import type { EventEnvelope as ControllerEvent } from "@caresuite/protocol";
import { entityTables } from "../entities/entity-tables.ts";
import { applyControllerEvent, applyControllerEvents } from "./apply-event.ts";

const at = "2026-11-25T10:00:00.000Z";
const opened = (seq: number, callId = seq, device = 23): ControllerEvent => ({
  seq,
  type: "call.opened",
  at,
  data: { call_id: callId, device_id: device, call_type_id: 4, section_id: null, call_source_id: null, opened_at: at },
});
const closed = (seq: number, callId: number): ControllerEvent => ({
  seq,
  type: "call.closed",
  at,
  data: { call_id: callId, device_id: 23, closed_at: at, reason: "reset" },
});

/** Bad input: malformed, out-of-order, duplicated and unknown events; unknown devices. */
describe.each(TEST_DIALECTS)("applying controller events on %s", (dialect) => {
  let server: TestServer;
  const calls = async () => server.db.kysely.selectFrom("calls").select(["external_id", "closed_at"]).orderBy("external_id").execute();
  const position = async () =>
    (await server.db.kysely.selectFrom("callsystem_links").select("last_seq").where("system_id", "=", 1).executeTakeFirst())?.last_seq;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    await buildSystem(server.db.kysely, 1);
  });
  afterAll(() => server.close());

  it("applies an event once: a duplicate changes nothing", async () => {
    expect(await applyControllerEvent(server.db.kysely, 1, opened(1), Date.now())).toBe("applied");
    expect(await applyControllerEvent(server.db.kysely, 1, opened(1), Date.now())).toBe("duplicate");
    expect(await calls()).toHaveLength(1);
    expect(await position()).toBe(1);
  });

  it("skips events at or below the position (out of order), keeps the position", async () => {
    await applyControllerEvent(server.db.kysely, 1, opened(5), Date.now());
    expect(await applyControllerEvent(server.db.kysely, 1, opened(3), Date.now())).toBe("duplicate");
    expect(await position()).toBe(5);
    expect((await calls()).map((c) => c.external_id)).toEqual([1, 5]);
  });

  it.each([
    ["unknown type", { seq: 6, type: "coffee.ready", at, data: {} }, "ignored"],
    ["malformed data", { seq: 7, type: "call.opened", at, data: { call_id: "x" } }, "malformed"],
    ["negative device", { seq: 8, type: "device.battery", at, data: { device_id: -1, battery: 50 } }, "malformed"],
  ])("moves past %s without a change", async (_name, event, outcome) => {
    const before = await calls();
    expect(await applyControllerEvent(server.db.kysely, 1, event as ControllerEvent, Date.now())).toBe(outcome);
    expect(await calls()).toEqual(before);
    expect(await position()).toBe(event.seq);
  });

  it("keeps a call of an unknown device (the controller is the truth), with empty texts", async () => {
    expect(await applyControllerEvent(server.db.kysely, 1, opened(9, 9, 99999), Date.now())).toBe("applied");
    const row = await server.db.kysely.selectFrom("calls").select(["device_text_long", "device_id"]).where("external_id", "=", 9).executeTakeFirst();
    expect(row).toEqual({ device_text_long: "", device_id: 99999 });
  });

  it("applies a batch in order in one transaction, closing what it opened", async () => {
    const outcomes = await applyControllerEvents(server.db.kysely, 1, [opened(10), closed(11, 10), opened(10), closed(12, 1)], Date.now());
    expect(outcomes).toEqual(["applied", "applied", "duplicate", "applied"]);
    const rows = await calls();
    expect(rows.filter((c) => c.closed_at !== null).map((c) => c.external_id)).toEqual([1, 10]);
    expect(await position()).toBe(12);
  });

  // The live bug of config.changed was "ignored", so the link never re-imported.
  it("applies config.changed (the link re-imports after the commit); presence.on is applied", async () => {
    const outcomes = await applyControllerEvents(
      server.db.kysely,
      1,
      [
        { seq: 13, type: "config.changed", at, data: { revision: 2 } },
        { seq: 14, type: "presence.on", at, data: { device_id: 23, section_id: 1 } },
        { seq: 15, type: "config.changed", at, data: { revision: "two" } },
      ],
      Date.now(),
    );
    expect(outcomes).toEqual(["applied", "applied", "malformed"]);
    expect(await position()).toBe(15);
  });

  it("marks the import due (imported_at null) with the position on config.changed of another revision only", async () => {
    const link = () => server.db.kysely.selectFrom("callsystem_links").select(["imported_at", "last_seq"]).where("system_id", "=", 1).executeTakeFirstOrThrow();
    await server.db.kysely.updateTable("callsystem_links").set({ config_revision: 2, imported_at: 1000 }).where("system_id", "=", 1).execute();
    expect(await applyControllerEvent(server.db.kysely, 1, { seq: 16, type: "config.changed", at, data: { revision: 2 } }, Date.now())).toBe("applied");
    expect(await link()).toEqual({ imported_at: 1000, last_seq: 16 });
    expect(await applyControllerEvent(server.db.kysely, 1, { seq: 17, type: "config.changed", at, data: { revision: 3 } }, Date.now())).toBe("applied");
    expect(await link()).toEqual({ imported_at: null, last_seq: 17 });
  });

  it('records reachability periods and keeps 14 days of them (spec §9 "Reachability shown for 14 days")', async () => {
    const day = 86_400_000;
    const start = Date.parse(at);
    const reach = (seq: number, reachable: boolean, ms: number): ControllerEvent => ({
      seq,
      type: "device.reachability",
      at: new Date(ms).toISOString(),
      data: { device_id: 42, reachable },
    });
    const history = () =>
      server.db.kysely
        .selectFrom("device_reachability_history")
        .select(["from_at", "to_at", "reachable"])
        .where("node_id", "=", 42)
        .orderBy("from_at")
        .execute();
    await applyControllerEvents(
      server.db.kysely,
      1,
      [reach(20, true, start), reach(21, false, start + day), reach(22, false, start + 2 * day), reach(23, true, start + 3 * day)],
      Date.now(),
    );
    // The repeated "unreachable" is no new period.
    expect(await history()).toEqual([
      { from_at: start, to_at: start + day, reachable: 1 },
      { from_at: start + day, to_at: start + 3 * day, reachable: 0 },
      { from_at: start + 3 * day, to_at: null, reachable: 1 },
    ]);
    // Sixteen days later the periods that ended before the last 14 days are gone; the open one stays.
    await applyControllerEvent(server.db.kysely, 1, reach(24, false, start + 17 * day + 1), Date.now());
    expect(await history()).toEqual([
      { from_at: start + 3 * day, to_at: start + 17 * day + 1, reachable: 1 },
      { from_at: start + 17 * day + 1, to_at: null, reachable: 0 },
    ]);
  });

  it("stores a hub's reported status and last sync; a printer message moves the position and stores nothing", async () => {
    const hubs = entityTables(server.db.kysely);
    await hubs
      .insertInto("hubs")
      .values({
        system_id: 1,
        id: 1,
        name: "Hub A",
        ip: "10.0.0.1",
        username: "admin",
        password: null,
        status: "Ready",
        last_sync: null,
        created_at: 0,
        updated_at: 0,
      })
      .execute();
    const outcomes = await applyControllerEvents(
      server.db.kysely,
      1,
      [
        { seq: 25, type: "hub.status", at, data: { hub_id: 1, status: "Offline", last_sync: "2026-11-20T08:00:00Z" } },
        { seq: 26, type: "hub.printer", at, data: { hub_id: 1, address: "10.0.0.1:9100", error: "Papierstau", node_id: null } },
        { seq: 27, type: "hub.status", at, data: { hub_id: 1, status: "Asleep", last_sync: null } },
      ],
      Date.now(),
    );
    expect(outcomes).toEqual(["applied", "applied", "malformed"]);
    expect(await hubs.selectFrom("hubs").select(["status", "last_sync"]).where("system_id", "=", 1).executeTakeFirst()).toEqual({
      status: "Offline",
      last_sync: "2026-11-20T08:00:00.000Z",
    });
    expect(await position()).toBe(27);
  });

  it("records when staff presence came to the room of an open call (the call log's response time), once", async () => {
    const presenceAt = "2026-11-25T10:03:00.000Z";
    await applyControllerEvent(server.db.kysely, 1, opened(100, 100, 31), Date.now());
    await applyControllerEvent(server.db.kysely, 1, { seq: 101, type: "presence.on", at: presenceAt, data: { device_id: 31, section_id: null } }, Date.now());
    await applyControllerEvent(
      server.db.kysely,
      1,
      { seq: 102, type: "presence.on", at: "2026-11-25T10:09:00.000Z", data: { device_id: 31, section_id: null } },
      Date.now(),
    );
    const row = await server.db.kysely.selectFrom("calls").select(["presence_at"]).where("external_id", "=", 100).executeTakeFirstOrThrow();
    expect(Number(row.presence_at)).toBe(Date.parse(presenceAt));
  });
});
