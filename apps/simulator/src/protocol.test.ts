import { callType, DEMO_CALL_TYPES, DEMO_NODE_IDS, hub, section } from "@caresuite/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  controllerConfigSchema,
  EVENT_DATA_SCHEMAS,
  EVENT_TYPES,
  eventEnvelopeSchema,
  type ControllerConfig,
  type SimEvent,
  type TreeNode,
} from "@caresuite/protocol";
import { api, AUTH, openEvents, startTestSimulator, eventually, type TestSimulator } from "./test-support.ts";

const press = (sim: TestSimulator, id: number, kind: string, extra: object = {}) =>
  api<{ events: SimEvent[] }>(sim, "POST", `/api/devices/${id}/press`, { kind, ...extra });

describe("simulator protocol contract", () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterAll(() => sim.dispose());

  describe("basic auth on every route", () => {
    it.each([
      ["no credentials", null],
      ["a wrong password", `Basic ${Buffer.from("admin:nope").toString("base64")}`],
      ["a wrong user", `Basic ${Buffer.from("root:admin").toString("base64")}`],
      ["garbage", "Basic !!!"],
      ["another scheme", "Bearer admin"],
    ])("answers 401 Unauthorized to %s", async (_case, auth) => {
      for (const path of ["/api/firmware", "/api/config", "/api/nope"]) {
        const response = await api(sim, "GET", path, undefined, auth);
        expect(response.status).toBe(401);
        // spec §8: "'failed to fetch firmware version' with 'Unauthorized'" is how setup tells a wrong password.
        expect(response.text).toBe("Unauthorized");
      }
      expect((await api(sim, "POST", "/api/devices/23/press", { kind: "alert" }, auth)).status).toBe(401);
    });

    it("refuses the event socket's upgrade without credentials", async () => {
      await expect(openEvents(sim, 0, `Basic ${Buffer.from("admin:x").toString("base64")}`)).rejects.toThrow("HTTP 401");
    });
  });

  it("reports its firmware version", async () => {
    const response = await api<{ version: string }>(sim, "GET", "/api/firmware");
    expect(response.status).toBe(200);
    expect(response.body.version).toMatch(/^GETS 5\.\d+\.\d+ \(virtual\)$/);
  });

  describe("GET /api/config: the demo hospital", () => {
    let config: ControllerConfig;
    const node = (id: number): TreeNode => {
      const found = config.system_tree.find((candidate) => candidate.id === id);
      if (!found) throw new Error(`node ${id} missing`);
      return found;
    };
    const floorOf = (id: number): string | undefined => {
      for (let current: TreeNode | undefined = node(id); current; current = current.parent_id ? node(current.parent_id) : undefined) {
        if (current.kind === "floor") return current.name;
      }
      return undefined;
    };
    beforeAll(async () => {
      config = (await api<ControllerConfig>(sim, "GET", "/api/config")).body;
    });

    it("has every collection, with the domain entities' field names", () => {
      expect(Object.keys(config).sort()).toEqual(
        ["call_sources", "call_types", "display_group_connections", "display_groups", "hubs", "revision", "schedules", "sections", "system_tree"].sort(),
      );
      expect(config.revision).toBeGreaterThanOrEqual(1);
      // Keys a record has beyond `id`, the entity's fields and the named extras: none.
      const foreign = (record: object, fields: object, extra: string[] = []) =>
        Object.keys(record).filter((key) => key !== "id" && !extra.includes(key) && !(key in fields));
      for (const record of config.call_types) expect(foreign(record, callType.fields, ["sort_order"])).toEqual([]);
      for (const record of config.sections) expect(foreign(record, section.fields)).toEqual([]);
      for (const record of config.hubs) {
        expect(foreign(record, hub.fields)).toEqual([]);
        expect(record).not.toHaveProperty("password");
      }
    });

    it("has the spec's demo call types: 2 emergency, 4 alert, 6 presence", () => {
      const type = (id: number) => config.call_types.find((candidate) => candidate.id === id);
      expect(type(DEMO_CALL_TYPES.emergency)).toMatchObject({ urgency: "EMERGENCY", color: "#E03131" });
      expect(type(DEMO_CALL_TYPES.alert)).toMatchObject({ urgency: "NORMAL", flag: "None" });
      expect(type(DEMO_CALL_TYPES.presence)).toMatchObject({ flag: "Presence", color: "#2F9E44" });
    });

    it("puts the demo nodes 23 and 24 in rooms on 1. OG and 10 on 2. OG", () => {
      const [first, second, third] = DEMO_NODE_IDS as [number, number, number];
      for (const id of DEMO_NODE_IDS) {
        expect(node(id).kind).toBe("device");
        expect(node(node(id).parent_id ?? 0).kind).toBe("room");
      }
      expect([floorOf(first), floorOf(second), floorOf(third)]).toEqual(["1. OG", "1. OG", "2. OG"]);
      expect(node(first).parent_id).not.toBe(node(second).parent_id);
    });

    it("is a real site: two buildings, ~60 rooms, short and long texts within the spec's limits", () => {
      const kinds = (kind: string) => config.system_tree.filter((candidate) => candidate.kind === kind);
      expect(kinds("building").map((building) => building.name)).toEqual(["Haus A", "Haus B"]);
      expect(kinds("room").length).toBeGreaterThanOrEqual(55);
      expect(kinds("tech").length).toBeGreaterThan(0);
      for (const candidate of config.system_tree) {
        expect(candidate.text_short.length).toBeLessThanOrEqual(7);
        expect(candidate.text_long.length).toBeLessThanOrEqual(19);
      }
      expect(config.sections.map((record) => record.name)).toEqual(expect.arrayContaining(["Station 1", "Station 2", "Station 3"]));
      expect(config.schedules.find((record) => record.name === "Tag/Nacht")).toMatchObject({ time_1: "07:00", time_2: "19:00" });
      expect(config.hubs).toHaveLength(2);
    });

    it("shows batteries low and critical, and one device unreachable", () => {
      const hardware = config.system_tree.filter((candidate) => candidate.battery !== null);
      expect(hardware.some((candidate) => (candidate.battery ?? 100) < 25)).toBe(true);
      expect(hardware.some((candidate) => (candidate.battery ?? 0) >= 25 && (candidate.battery ?? 0) < 40)).toBe(true);
      expect(config.system_tree.filter((candidate) => !candidate.reachable)).toHaveLength(1);
    });
  });

  describe("calls over the event socket", () => {
    it("streams call.opened for a press, with the call's section and call source", async () => {
      const events = await openEvents(sim, (await api<{ last_seq: number }>(sim, "GET", "/api/journal?limit=1")).body.last_seq);
      const pressed = await press(sim, 23, "alert");
      expect(pressed.status).toBe(200);
      const opened = await events.waitFor((event) => event.type === "call.opened" && event.data.device_id === 23);
      expect(opened).toMatchObject({
        type: "call.opened",
        data: { device_id: 23, call_type_id: DEMO_CALL_TYPES.alert, section_id: 1, call_source_id: 101 },
      });
      expect(opened.data).toHaveProperty("call_id", opened.seq);
      expect(new Date(opened.at).toISOString()).toBe(opened.at);
      // A second press of the same button doubles nothing.
      expect((await press(sim, 23, "alert")).body.events).toEqual([]);
      await events.close();
    });

    it("replays every event after `from`, in order, then streams live ones", async () => {
      const before = (await api<{ last_seq: number }>(sim, "GET", "/api/journal?limit=1")).body.last_seq;
      await press(sim, 24, "emergency");
      await press(sim, 10, "alert");
      const events = await openEvents(sim, before);
      await events.waitFor((event) => event.type === "call.opened" && event.data.device_id === 10);
      await press(sim, 24, "cancel");
      await events.waitFor((event) => event.type === "call.closed" && event.data.device_id === 24);
      const seqs = events.events.map((event) => event.seq);
      expect(seqs[0]).toBe(before + 1);
      expect(seqs).toEqual(seqs.map((_, index) => before + 1 + index));
      const journal = await api<{ events: SimEvent[] }>(sim, "GET", `/api/journal?from=${before}`);
      expect(events.events).toEqual(journal.body.events);
      await events.close();
    });

    it("ends a device's calls on EndCalls with call.closed (reason action)", async () => {
      await press(sim, 10, "alert");
      const events = await openEvents(sim, (await api<{ last_seq: number }>(sim, "GET", "/api/journal?limit=1")).body.last_seq);
      const response = await api<{ success: boolean }>(sim, "POST", "/api/devices/10/actions", { action: "EndCalls" });
      expect(response.body.success).toBe(true);
      const closed = await events.waitFor((event) => event.type === "call.closed");
      expect(closed.data).toMatchObject({ device_id: 10, reason: "action" });
      const open = await api<{ calls: { device_id: number }[] }>(sim, "GET", "/api/calls/open");
      expect(open.body.calls.filter((call) => call.device_id === 10)).toEqual([]);
      await events.close();
    });

    it("resets a room's calls when staff presence comes in (ARCHITECTURE «Product rules»)", async () => {
      const opened = (await press(sim, 27, "alert")).body.events[0];
      const { events } = (await press(sim, 24, "presence")).body;
      expect(events.map((event) => event.type)).toEqual(["presence.on", "call.closed", "call.opened"]);
      expect(events[1]?.data).toMatchObject({ call_id: opened?.seq, reason: "presence" });
      expect(events[2]?.data).toMatchObject({ device_id: 24, call_type_id: DEMO_CALL_TYPES.presence });
      // spec "Demo buttons": alert while presence is on -> presence closed, emergency sent.
      const alert = (await press(sim, 24, "alert")).body.events;
      expect(alert.map((event) => event.type)).toEqual(["presence.off", "call.closed", "call.opened"]);
      expect(alert[2]?.data).toMatchObject({ call_type_id: DEMO_CALL_TYPES.emergency });
      // "pressing either while both on cancels emergency and clears both": the cancel press.
      const cancel = (await press(sim, 24, "cancel")).body.events;
      expect(cancel.map((event) => event.type)).toEqual(["call.closed"]);
    });

    it("records the client's acks", async () => {
      const events = await openEvents(sim, 0);
      const last = await events.waitFor((event) => event.seq >= 3);
      events.socket.send(JSON.stringify({ type: "ack", seq: last.seq }));
      events.socket.send("not json");
      const acked = await eventually(async () => {
        const status = await api<{ clients: { client: string; acked_seq: number }[] }>(sim, "GET", "/api/status");
        return status.body.clients.find((client) => client.client === "test" && client.acked_seq === last.seq);
      });
      expect(acked.acked_seq).toBe(last.seq);
      await events.close();
    });
  });

  describe("fault hooks", () => {
    it("drops every event socket abruptly; a reconnect from the last seq misses nothing", async () => {
      const events = await openEvents(sim, 0);
      await events.waitFor((event) => event.seq >= 1);
      const closed = new Promise<number>((resolve) => events.socket.once("close", (code) => resolve(code)));
      const dropped = await api<{ dropped: number }>(sim, "POST", "/api/debug/drop-sockets");
      expect(dropped.body.dropped).toBeGreaterThanOrEqual(1);
      // 1006: closed without a close frame, as a cut cable would.
      expect(await closed).toBe(1006);
      const lastSeen = events.events.at(-1)?.seq ?? 0;
      await press(sim, 23, "emergency");
      const again = await openEvents(sim, lastSeen);
      const opened = await again.waitFor((event) => event.type === "call.opened" && event.data.device_id === 23);
      expect(again.events[0]?.seq).toBe(lastSeen + 1);
      expect(opened.seq).toBeGreaterThan(lastSeen);
      await again.close();
    });

    it("answers slowly while stalled", async () => {
      // A long stall: the unstalled answer's margin must hold at CI load (both cores busy).
      await api(sim, "POST", "/api/debug/stall", { ms: 1000 });
      const started = performance.now();
      await api(sim, "GET", "/api/firmware");
      expect(performance.now() - started).toBeGreaterThanOrEqual(980);
      await api(sim, "POST", "/api/debug/stall", { ms: 0 });
      const fast = performance.now();
      await api(sim, "GET", "/api/firmware");
      expect(performance.now() - fast).toBeLessThan(800);
    });
  });

  // The server's adapter parses with the same schemas: what the simulator sends, it must accept.
  describe("speaks @caresuite/protocol", () => {
    it("serves a configuration that parses with controllerConfigSchema", async () => {
      const config = (await api<ControllerConfig>(sim, "GET", "/api/config")).body;
      expect(controllerConfigSchema.parse(config)).toMatchObject({ revision: config.revision, call_types: config.call_types });
    });

    it("journals every event type with data of exactly its schema's shape", async () => {
      await press(sim, 24, "alert");
      await press(sim, 24, "presence");
      await press(sim, 24, "presence");
      await api(sim, "POST", "/api/devices/24/report", { battery: 41, reachable: false });
      await api(sim, "POST", "/api/devices/24/report", { reachable: true });
      await api(sim, "POST", "/api/hubs/1/printer", { address: "10.20.1.50", error: "paper out" });
      await api(sim, "POST", "/api/hubs/1/status", { status: "Offline", last_sync: null });
      await api(sim, "POST", "/api/checkpoints/3/defect", { defect: true });
      await api(sim, "POST", "/api/checkpoints/3/defect", { defect: false });
      const { events } = (await api<{ events: SimEvent[] }>(sim, "GET", "/api/journal?from=0&limit=10000")).body;
      for (const event of events) {
        const envelope = eventEnvelopeSchema.parse(event);
        const schema = EVENT_DATA_SCHEMAS[event.type];
        // Parsed data equal to the sent data: no field the schema does not know.
        expect(schema.parse(envelope.data), `${event.seq} ${event.type}`).toEqual(event.data);
      }
      expect(new Set(events.map((event) => event.type))).toEqual(new Set(EVENT_TYPES));
    });
  });

  it("uses the credentials it is given", async () => {
    const other = await startTestSimulator({ user: "gets", password: "s3cret" });
    try {
      expect((await api(other, "GET", "/api/firmware")).status).toBe(401);
      const auth = `Basic ${Buffer.from("gets:s3cret").toString("base64")}`;
      expect((await api(other, "GET", "/api/firmware", undefined, auth)).status).toBe(200);
      expect(AUTH).not.toBe(auth);
    } finally {
      await other.dispose();
    }
  });
});
