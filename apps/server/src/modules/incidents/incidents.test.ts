import { demoHospital } from "@caresuite/simulator";
import type { EventEnvelope } from "@caresuite/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildSystem, buildUser } from "../../test-support/builders.ts";
import { activateTestLicence } from "../../test-support/licences.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { SYSTEM_MESSAGES_TOPIC, type SystemMessage } from "../../realtime/topics.ts";
import { readAppState, updateAppState } from "../appdata/app-state.repo.ts";
import { applyControllerEvents } from "../calls/apply-event.ts";
import { importControllerConfig } from "../calls/import-config.ts";
import { createLinkHandlers } from "../calls/link-handlers.ts";
import { evaluateIncidents, startIncidentEngine } from "./incident-engine.ts";

const NOW = Date.parse("2026-11-20T08:00:00.000Z");
const MIN = 60_000;
const HOUR = 60 * MIN;

const FIELDS =
  "id severity status subject created_at assigned_at closed_at notifications_paused_until user { id name } closed_by { id } target { id name kind } monitor { id name }";
const LIST = `query($filter: IncidentFilter, $node: Int, $subject: IncidentSubject) { incidents(filter: $filter, node_id: $node, subject: $subject) { ${FIELDS} } }`;
const ONE = `query($id: Int!) { incident(id: $id) { ${FIELDS} } }`;
const ASSIGN = `mutation($id: Int!, $user: Int) { assignIncident(id: $id, user_id: $user) { ${FIELDS} } }`;
const CLOSE = `mutation($id: Int!) { closeIncident(id: $id) { ${FIELDS} } }`;
const REOPEN = `mutation($id: Int!) { reopenIncident(id: $id) { ${FIELDS} } }`;
const CREATE_MONITOR = `mutation($data: IncidentMonitorInput!) { createIncidentMonitor(data: $data) { id name criterion threshold timeframe } }`;
const UPDATE_MONITOR = `mutation($id: Int!, $data: IncidentMonitorInput!) { updateIncidentMonitor(id: $id, data: $data) { id name criterion } }`;
const DELETE_MONITOR = `mutation($id: Int!) { deleteIncidentMonitor(id: $id) { id } }`;
const AUDIT = `query($input: AuditLogFilter!) { auditLogs(input: $input) { action entity_type entity_id user { id } changes { field value_old value_new } } }`;

interface Incident {
  id: number;
  severity: string;
  status: string;
  subject: string;
  created_at: string;
  assigned_at: string | null;
  closed_at: string | null;
  notifications_paused_until: string | null;
  user: { id: number; name: string } | null;
  closed_by: { id: number } | null;
  target: { id: number; name: string; kind: string } | null;
  monitor: { id: number; name: string } | null;
}
type Errors = { message: string; extensions?: Record<string, unknown> }[] | undefined;
const code = (errors: Errors): unknown => errors?.[0]?.extensions?.["code"];
const reason = (errors: Errors): unknown => errors?.[0]?.extensions?.["reason"];
const fields = (errors: Errors): unknown => errors?.[0]?.extensions?.["fields"];

describe.each(TEST_DIALECTS)("incidents on %s", (dialect) => {
  let server: TestServer;
  let tech: TestClient;
  let tech2: TestClient;
  let viewer: TestClient;
  let callReader: TestClient;
  let admin: TestClient;
  let techId: number;
  let devices: { id: number }[];
  let seq = 0;
  const pushes: SystemMessage[] = [];

  /** Scripted device events through the call path, as the controller would send them. */
  const report = async (at: number, ...events: { type: string; data: Record<string, unknown> }[]): Promise<void> => {
    const envelopes: EventEnvelope[] = events.map((e) => ({ seq: ++seq, type: e.type, at: new Date(at).toISOString(), data: e.data }));
    await applyControllerEvents(server.db.kysely, 1, envelopes, at);
  };
  const battery = (device: number, level: number) => ({ type: "device.battery", data: { device_id: device, battery: level } });
  const reachability = (device: number, reachable: boolean) => ({ type: "device.reachability", data: { device_id: device, reachable } });
  /** An evaluation of the scripted devices (the demo site's other devices have their own incidents). */
  const evaluate = (at: number) =>
    evaluateIncidents(
      server.db.kysely,
      server.pubsub,
      1,
      at,
      devices.map((d) => d.id),
    );
  const list = async (variables: Record<string, unknown>): Promise<Incident[]> => {
    const result = await tech.gql<{ incidents: Incident[] }>(LIST, variables);
    expect(result.errors).toBeUndefined();
    return result.data?.incidents ?? [];
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    server.clock.now = NOW;
    await buildSystem(server.db.kysely, 1);
    await importControllerConfig(server.db.kysely, 1, demoHospital(NOW), NOW);
    // Healthy devices of the demo site: battery fine or none, reachable.
    devices = await server.db.kysely
      .selectFrom("system_tree_nodes")
      .select("id")
      .where("system_id", "=", 1)
      .where("kind", "=", "device")
      .where("reachable", "=", 1)
      .where((eb) => eb.or([eb("battery", "is", null), eb("battery", ">=", 40)]))
      .orderBy("id")
      .limit(8)
      .execute();
    expect(devices).toHaveLength(8);
    const root = await buildUser(server.db.kysely, { username: "root", is_superuser: true });
    const t = await buildUser(server.db.kysely, { username: "tech", permissions: ["analytics::manage_incidents"] });
    const t2 = await buildUser(server.db.kysely, { username: "tech2", permissions: ["analytics::manage_incidents"] });
    const v = await buildUser(server.db.kysely, { username: "viewer", permissions: ["analytics::use_module"] });
    const c = await buildUser(server.db.kysely, { username: "callreader", permissions: ["analytics::manage_incidents", "calllog::use_module"] });
    techId = t.id;
    admin = new TestClient(server.app);
    await admin.login(root.username, root.password);
    await activateTestLicence(admin);
    [tech, tech2, viewer, callReader] = [new TestClient(server.app), new TestClient(server.app), new TestClient(server.app), new TestClient(server.app)];
    await callReader.login(c.username, c.password);
    await tech.login(t.username, t.password);
    await tech2.login(t2.username, t2.password);
    await viewer.login(v.username, v.password);
    void (async () => {
      for await (const message of server.pubsub.subscribe(SYSTEM_MESSAGES_TOPIC)) pushes.push(message as SystemMessage);
    })();
  });
  afterAll(() => server.close());

  it("is for analytics::manage_incidents with the analytics licence and the incidents feature", async () => {
    expect(code((await new TestClient(server.app).gql(LIST)).errors)).toBe("MISSING_AUTH");
    expect(code((await viewer.gql(LIST)).errors)).toBe("MISSING_PERMISSION");
    expect(code((await viewer.gql(ASSIGN, { id: 1 })).errors)).toBe("MISSING_PERMISSION");
    const state = await readAppState(server.db.kysely);
    await updateAppState(server.db.kysely, { features: { ...state.features, incidents: false } }, NOW);
    const off = await tech.gql(LIST);
    expect(code(off.errors)).toBe("MISSING_PERMISSION");
    expect(reason(off.errors)).toBe("feature_disabled");
    await updateAppState(server.db.kysely, { features: { ...state.features, incidents: true } }, NOW);
    expect((await tech.gql(LIST)).errors).toBeUndefined();
  });

  it("a low battery raises one Warning; a replayed or repeated report never doubles it; below critical it turns Critical", async () => {
    const device = devices[0]?.id ?? 0;
    await report(NOW, battery(device, 35));
    expect(await evaluate(NOW)).toMatchObject({ opened: 1 });
    // The same event again (a replay after a reconnect) is a duplicate on the call path...
    await applyControllerEvents(
      server.db.kysely,
      1,
      [{ seq, type: "device.battery", at: new Date(NOW).toISOString(), data: { device_id: device, battery: 35 } }],
      NOW,
    );
    // ...and the same level reported again, and evaluations twice at once, find the open incident.
    await report(NOW + MIN, battery(device, 35));
    // A whole pass too: the demo site's own low batteries get theirs, this device none more.
    await Promise.all([evaluate(NOW + MIN), evaluate(NOW + MIN), evaluateIncidents(server.db.kysely, server.pubsub, 1, NOW + MIN)]);
    let mine = await list({ node: device });
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ subject: "Battery", severity: "Warning", status: "New", target: { id: device, kind: "device" }, user: null });
    expect(pushes.filter((p) => p.subject === "incidents.updated").map((p) => JSON.parse(p.payload))).toContainEqual({ system_id: 1 });

    await report(NOW + 2 * MIN, battery(device, 20));
    expect(await evaluate(NOW + 2 * MIN)).toMatchObject({ opened: 0, changed: 1 });
    mine = await list({ node: device });
    expect(mine).toHaveLength(1);
    expect(mine[0]?.severity).toBe("Critical");
  });

  it("assigning pauses notifications for a shift; the engine leaves an assigned incident as it is", async () => {
    const device = devices[0]?.id ?? 0;
    const [incident] = await list({ node: device });
    server.clock.now = NOW + 3 * MIN;
    // tech2 gives it to tech.
    const assigned = await tech2.gql<{ assignIncident: Incident }>(ASSIGN, { id: incident?.id, user: techId });
    expect(assigned.errors).toBeUndefined();
    expect(assigned.data?.assignIncident).toMatchObject({
      status: "Assigned",
      user: { id: techId, name: "tech" },
      assigned_at: new Date(NOW + 3 * MIN).toISOString(),
      notifications_paused_until: new Date(NOW + 3 * MIN + 8 * HOUR).toISOString(),
    });
    await report(NOW + 4 * MIN, battery(device, 19));
    expect(await evaluate(NOW + 4 * MIN)).toMatchObject({ opened: 0, changed: 0, resolved: 0 });
    expect((await list({ node: device, filter: "Open" })).map((i) => i.status)).toEqual(["Assigned"]);
    // Audited with who did it.
    const log = await admin.gql<{
      auditLogs: { action: string; entity_id: number; user: { id: number } | null; changes: { field: string; value_new: string }[] }[];
    }>(AUDIT, {
      input: { limit: 60, entity_type: "incident", entity_id: incident?.id },
    });
    expect(log.errors).toBeUndefined();
    expect(log.data?.auditLogs.map((a) => a.action)).toEqual(["assigned", "updated", "created"]);
    expect(log.data?.auditLogs[0]?.user?.id).not.toBe(techId);
    expect(log.data?.auditLogs[0]?.changes).toContainEqual({ field: "user_id", value_old: null, value_new: String(techId) });
  });

  it("the device recovers: the engine closes it; a closed incident cannot be assigned", async () => {
    const device = devices[0]?.id ?? 0;
    await report(NOW + 10 * MIN, battery(device, 100));
    expect(await evaluate(NOW + 10 * MIN)).toMatchObject({ resolved: 1 });
    const [closed] = await list({ node: device, filter: "Settled" });
    expect(closed).toMatchObject({ status: "Closed", closed_by: null, closed_at: new Date(NOW + 10 * MIN).toISOString() });
    expect(await list({ node: device, filter: "Open" })).toEqual([]);
    const refused = await tech.gql(ASSIGN, { id: closed?.id });
    expect(code(refused.errors)).toBe("CONFLICT");
    expect(reason(refused.errors)).toBe("incident_closed");
  });

  it("recurrence after Closed: a person's close holds while the battery stays low; once it recovered and drops again, a new incident", async () => {
    const device = devices[1]?.id ?? 0;
    await report(NOW, battery(device, 30));
    await evaluate(NOW);
    const [first] = await list({ node: device });
    server.clock.now = NOW + MIN;
    const closed = await tech.gql<{ closeIncident: Incident }>(CLOSE, { id: first?.id });
    expect(closed.data?.closeIncident).toMatchObject({ status: "Closed", closed_by: { id: techId } });
    expect(code((await tech.gql(CLOSE, { id: first?.id })).errors)).toBe("CONFLICT");
    // Still low: closing said "we know"; nothing new.
    await report(NOW + 2 * MIN, battery(device, 29));
    expect(await evaluate(NOW + 2 * MIN)).toMatchObject({ opened: 0 });
    expect(await list({ node: device })).toHaveLength(1);
    // Battery changed, then low again: a recurrence.
    await report(NOW + HOUR, battery(device, 100));
    await evaluate(NOW + HOUR);
    await report(NOW + 2 * HOUR, battery(device, 30));
    expect(await evaluate(NOW + 2 * HOUR)).toMatchObject({ opened: 1 });
    const all = await list({ node: device });
    expect(all.map((i) => i.status)).toEqual(["New", "Closed"]);
  });

  it("two concurrent assigns: exactly one wins, the other gets CONFLICT", async () => {
    const device = devices[1]?.id ?? 0;
    const [open] = await list({ node: device, filter: "Open" });
    const results = await Promise.all([tech.gql(ASSIGN, { id: open?.id }), tech2.gql(ASSIGN, { id: open?.id })]);
    const won = results.filter((r) => r.errors === undefined);
    const lost = results.filter((r) => r.errors !== undefined);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(code(lost[0]?.errors)).toBe("CONFLICT");
    expect(reason(lost[0]?.errors)).toBe("incident_already_assigned");
    // Only to someone who manages incidents.
    const unknownUser = await tech.gql(ASSIGN, { id: open?.id, user: 99999 });
    expect(code(unknownUser.errors)).toBe("VALIDATION");
    const viewerId = (await server.db.kysely.selectFrom("users").select("id").where("username", "=", "viewer").executeTakeFirstOrThrow()).id;
    const toViewer = await tech.gql(ASSIGN, { id: open?.id, user: viewerId });
    expect(toViewer.errors, JSON.stringify(toViewer)).toBeDefined();
    expect(fields(toViewer.errors), JSON.stringify(toViewer.errors)).toEqual({
      user_id: [{ message: "validation.no_match", data: { field: "user_id", value: String(viewerId) } }],
    });
  });

  it("reopen: a closed incident opens again and stays open until a person closes it; never next to an open one", async () => {
    const device = devices[0]?.id ?? 0;
    const [closed] = await list({ node: device, filter: "Settled" });
    const reopened = await tech.gql<{ reopenIncident: Incident }>(REOPEN, { id: closed?.id });
    expect(reopened.data?.reopenIncident).toMatchObject({ status: "New", closed_at: null, user: null });
    expect(reason((await tech.gql(REOPEN, { id: closed?.id })).errors)).toBe("incident_not_closed");
    // The battery is fine, yet the engine does not close what a person reopened.
    expect(await evaluate(NOW + 3 * HOUR)).toMatchObject({ resolved: 0 });
    expect((await tech.gql<{ incident: Incident }>(ONE, { id: closed?.id })).data?.incident.status).toBe("New");
    // An older closed incident of device 1 cannot reopen beside its open recurrence.
    const older = (await list({ node: devices[1]?.id, filter: "Settled" }))[0];
    const refused = await tech.gql(REOPEN, { id: older?.id });
    expect(code(refused.errors)).toBe("CONFLICT");
    expect(reason(refused.errors)).toBe("incident_open_exists");
    expect(code((await tech.gql(ONE, { id: 424242 })).errors)).toBe("NOT_FOUND");
  });

  it("reachability: unreachable beyond the monitoring timeout of its type is Critical; back again, closed", async () => {
    const device = devices[2]?.id ?? 0;
    await report(NOW, reachability(device, false));
    expect(await evaluate(NOW + MIN)).toMatchObject({ opened: 0 });
    // Beyond every type's default timeout (at most 24 h).
    await evaluate(NOW + 25 * HOUR);
    const [incident] = await list({ node: device, subject: "Reachability" });
    expect(incident).toMatchObject({ severity: "Critical", status: "New" });
    await report(NOW + 26 * HOUR, reachability(device, true));
    expect(await evaluate(NOW + 26 * HOUR)).toMatchObject({ resolved: 1 });
    expect((await list({ node: device, subject: "Reachability" }))[0]?.status).toBe("Closed");
  });

  it("defects: a defect call open beyond defects_timeout is Critical; it closes when the call does", async () => {
    const device = devices[3]?.id ?? 0;
    const at = NOW + 30 * HOUR;
    await report(at, {
      type: "call.opened",
      data: { call_id: 90001, device_id: device, call_type_id: 1, section_id: null, call_source_id: null, opened_at: new Date(at).toISOString() },
    });
    expect(await evaluate(at + MIN)).toMatchObject({ opened: 0 });
    await evaluate(at + 6 * MIN);
    expect((await list({ node: device, subject: "Defect" }))[0]).toMatchObject({ severity: "Critical", status: "New" });
    await report(at + 7 * MIN, {
      type: "call.closed",
      data: { call_id: 90001, device_id: device, closed_at: new Date(at + 7 * MIN).toISOString(), reason: "reset" },
    });
    await evaluate(at + 7 * MIN);
    expect((await list({ node: device, subject: "Defect" }))[0]?.status).toBe("Closed");
  });

  it("a Defect names its call (the latest defect call of the device), shown only to a viewer who may read calls", async () => {
    const device = devices[3]?.id ?? 0;
    const at = NOW + 40 * HOUR;
    const open = (external: number, when: number) =>
      report(when, {
        type: "call.opened",
        data: { call_id: external, device_id: device, call_type_id: 1, section_id: null, call_source_id: null, opened_at: new Date(when).toISOString() },
      });
    const callId = async (external: number): Promise<number> =>
      (await server.db.kysely.selectFrom("calls").select("id").where("system_id", "=", 1).where("external_id", "=", external).executeTakeFirstOrThrow()).id;
    const CALL = `query($node: Int) { incidents(filter: Open, node_id: $node, subject: Defect) { id call_id } }`;
    const seen = async (client: TestClient) => {
      const result = await client.gql<{ incidents: { id: number; call_id: number | null }[] }>(CALL, { node: device });
      expect(result.errors).toBeUndefined();
      return result.data?.incidents ?? [];
    };
    await open(90011, at);
    await evaluate(at + 6 * MIN);
    const [incident] = await seen(callReader);
    expect(incident?.call_id).toBe(await callId(90011));
    // Without call-log (or analytics) rights: no link.
    expect((await seen(tech))[0]).toEqual({ id: incident?.id, call_id: null });
    const one = await callReader.gql<{ incident: { call_id: number | null } }>(`query($id: Int!) { incident(id: $id) { call_id } }`, { id: incident?.id });
    expect(one.data?.incident.call_id).toBe(await callId(90011));

    // A newer defect call of the device: the link follows it; evaluating again changes nothing.
    await open(90012, at + 8 * MIN);
    await evaluate(at + 9 * MIN);
    await evaluate(at + 9 * MIN);
    const after = await seen(callReader);
    expect(after).toEqual([{ id: incident?.id, call_id: await callId(90012) }]);

    // Both calls close: the incident closes; a recurrence names its own call.
    for (const external of [90011, 90012])
      await report(at + 10 * MIN, {
        type: "call.closed",
        data: { call_id: external, device_id: device, closed_at: new Date(at + 10 * MIN).toISOString(), reason: "reset" },
      });
    await evaluate(at + 10 * MIN);
    expect(await seen(callReader)).toEqual([]);
    await open(90013, at + 20 * MIN);
    await evaluate(at + 30 * MIN);
    const recurrence = await seen(callReader);
    expect(recurrence).toHaveLength(1);
    expect(recurrence[0]?.id).not.toBe(incident?.id);
    expect(recurrence[0]?.call_id).toBe(await callId(90013));
    await report(at + 31 * MIN, {
      type: "call.closed",
      data: { call_id: 90013, device_id: device, closed_at: new Date(at + 31 * MIN).toISOString(), reason: "reset" },
    });
    await evaluate(at + 31 * MIN);
  });

  it("refuses bad monitors with translated field errors", async () => {
    const valid = { name: "Zugschalter", criterion: "0x4", threshold: 3, timeframe: 1 };
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ criterion: "4" }, { criterion: [{ message: "validation.criterion", data: {} }] }],
      [{ threshold: -1 }, { threshold: [{ message: "validation.between", data: { min: 1, max: 100 } }] }],
      [{ threshold: 101 }, { threshold: [{ message: "validation.between", data: { min: 1, max: 100 } }] }],
      [{ timeframe: 0 }, { timeframe: [{ message: "validation.between", data: { min: 1, max: 720 } }] }],
    ];
    for (const [change, expected] of cases) {
      const result = await tech.gql(CREATE_MONITOR, { data: { ...valid, ...change } });
      expect(code(result.errors)).toBe("VALIDATION");
      expect(fields(result.errors)).toMatchObject(expected);
    }
    expect((await tech.gql<{ incidentMonitors: unknown[] }>("{ incidentMonitors { id } }")).data?.incidentMonitors).toEqual([]);
  });

  it("a probable-defect monitor raises a Warning for a device with too many calls of its criterion's call type", async () => {
    const created = await tech.gql<{ createIncidentMonitor: { id: number; criterion: string } }>(CREATE_MONITOR, {
      data: { name: "Patientenruf-Häufung", criterion: "0x4", threshold: 3, timeframe: 1 },
    });
    expect(created.errors).toBeUndefined();
    const monitorId = created.data?.createIncidentMonitor.id ?? 0;
    const duplicate = await tech.gql(CREATE_MONITOR, { data: { name: "Patientenruf-Häufung", criterion: "0x04", threshold: 3, timeframe: 1 } });
    expect(fields(duplicate.errors)).toMatchObject({ name: [{ message: "validation.unique" }] });
    const device = devices[4]?.id ?? 0;
    const at = NOW + 40 * HOUR;
    for (let i = 0; i < 3; i++) {
      const opened = at + i * MIN;
      await report(opened, {
        type: "call.opened",
        data: { call_id: 91000 + i, device_id: device, call_type_id: 4, section_id: null, call_source_id: null, opened_at: new Date(opened).toISOString() },
      });
    }
    await evaluate(at + 5 * MIN);
    expect((await list({ node: device, subject: "ProbableDefect" }))[0]).toMatchObject({ severity: "Warning", status: "New", monitor: { id: monitorId } });
    // A stricter monitor no longer sees a probable defect; deleting it closes what it raised.
    expect(
      (await tech.gql(UPDATE_MONITOR, { id: monitorId, data: { name: "Patientenruf-Häufung", criterion: "0x4", threshold: 10, timeframe: 1 } })).errors,
    ).toBeUndefined();
    await evaluate(at + 6 * MIN);
    expect((await list({ node: device, subject: "ProbableDefect" }))[0]?.status).toBe("Closed");
    expect((await tech.gql(DELETE_MONITOR, { id: monitorId })).errors).toBeUndefined();
    expect(code((await tech.gql(DELETE_MONITOR, { id: monitorId })).errors)).toBe("NOT_FOUND");
  });

  it("the engine runs on what the call path reports: a device's battery report is evaluated after the commit", async () => {
    const at = NOW + 50 * HOUR;
    const engine = startIncidentEngine({ db: server.db.kysely, bus: server.pubsub, now: () => at, log: { error: () => undefined } });
    const handlers = createLinkHandlers({ db: server.db, bus: server.pubsub, incidents: engine });
    const device = devices[5]?.id ?? 0;
    await handlers.apply(1, [{ seq: ++seq, type: "device.battery", at: new Date(at).toISOString(), data: { device_id: device, battery: 5 } }], at);
    await engine.idle();
    expect((await list({ node: device, subject: "Battery" }))[0]).toMatchObject({ severity: "Critical", status: "New" });
    await engine.stop();
  });

  it("reports arriving while an evaluation waits join it: no device is left out", async () => {
    const [a, b] = [devices[7]?.id ?? 0, devices[3]?.id ?? 0];
    const at = NOW + 55 * HOUR;
    await report(at, battery(a, 10), battery(b, 30));
    const engine = startIncidentEngine({ db: server.db.kysely, bus: server.pubsub, now: () => at, log: { error: () => undefined } });
    engine.devicesReported(1, [a]);
    engine.devicesReported(1, [b]);
    await engine.idle();
    expect((await list({ node: a, subject: "Battery" }))[0]).toMatchObject({ severity: "Critical", status: "New" });
    expect((await list({ node: b, subject: "Battery" }))[0]).toMatchObject({ severity: "Warning", status: "New" });
    await engine.stop();
  });

  it("the periodic pass raises what no event announces: a monitoring timeout running out", async () => {
    const device = devices[6]?.id ?? 0;
    const down = NOW + 60 * HOUR;
    let clock = down;
    const engine = startIncidentEngine({ db: server.db.kysely, bus: server.pubsub, now: () => clock, log: { error: () => undefined } });
    const handlers = createLinkHandlers({ db: server.db, bus: server.pubsub, incidents: engine });
    await handlers.apply(
      1,
      [{ seq: ++seq, type: "device.reachability", at: new Date(down).toISOString(), data: { device_id: device, reachable: false } }],
      down,
    );
    await engine.idle();
    expect(await list({ node: device, subject: "Reachability" })).toEqual([]);
    clock = down + 25 * HOUR;
    await engine.pass();
    expect((await list({ node: device, subject: "Reachability" }))[0]).toMatchObject({ severity: "Critical", status: "New" });
    await engine.stop();
  });

  it("pages the growing lists by offset: newest first, ties by id, no row twice, bad pages refused", async () => {
    // 25 settled incidents of the past, three of them at the same instant.
    const at = (i: number) => NOW - 86_400_000 * 30 + (i < 3 ? 0 : i * 60_000);
    for (let i = 0; i < 25; i++)
      await server.db.kysely
        .insertInto("incidents")
        .values({
          system_id: 1,
          node_id: devices[i % devices.length]!.id,
          subject: "Battery",
          severity: "Warning",
          status: "Closed",
          open_guard: null,
          user_id: null,
          closed_by_user_id: null,
          created_at: at(i),
          assigned_at: null,
          closed_at: at(i) + 1000,
          condition_ended_at: null,
          updated_at: at(i) + 1000,
        })
        .execute();
    const PAGE = `query($limit: Int, $offset: Int) { incidents(filter: Settled, limit: $limit, offset: $offset) { id created_at } }`;
    const page = async (limit: number, offset: number) => {
      const result = await tech.gql<{ incidents: { id: number; created_at: string }[] }>(PAGE, { limit, offset });
      expect(result.errors).toBeUndefined();
      return result.data!.incidents;
    };
    const all = await page(500, 0);
    expect(all.length).toBeGreaterThanOrEqual(25);
    const paged = [...(await page(10, 0)), ...(await page(10, 10)), ...(await page(10, 20)), ...(await page(10, 30))];
    expect(paged.map((i) => i.id)).toEqual(all.slice(0, 40).map((i) => i.id));
    expect(new Set(paged.map((i) => i.id)).size).toBe(paged.length);
    const order = all.map((i) => [Date.parse(i.created_at), i.id] as const);
    expect(order.every(([c, id], k) => k === 0 || c < order[k - 1]![0] || (c === order[k - 1]![0] && id < order[k - 1]![1]))).toBe(true);
    for (const bad of [
      { limit: 0, offset: 0 },
      { limit: 501, offset: 0 },
      { limit: 10, offset: -1 },
    ])
      expect(code((await tech.gql(PAGE, bad)).errors)).toBe("VALIDATION");
  });

  it("a checkpoint's defect flag raises a Defect of the checkpoint after defects_timeout; a replay never doubles it; cleared, it closes", async () => {
    const at = NOW + 80 * HOUR;
    const flag = (defect: boolean, seqOf = ++seq): EventEnvelope => ({
      seq: seqOf,
      type: "checkpoint.defect",
      at: new Date(at).toISOString(),
      data: { checkpoint: 7, defect },
    });
    const CHECKPOINT = `query { incidents(filter: All, subject: Defect) { id status severity target { id } checkpoint { number id text } } }`;
    const ofCheckpoint = async () => {
      const result = await tech.gql<{ incidents: { id: number; status: string; severity: string; target: null; checkpoint: { number: number } | null }[] }>(
        CHECKPOINT,
      );
      expect(result.errors).toBeUndefined();
      return (result.data?.incidents ?? []).filter((i) => i.checkpoint?.number === 7);
    };
    const set = flag(true);
    await applyControllerEvents(server.db.kysely, 1, [set], at);
    await evaluateIncidents(server.db.kysely, server.pubsub, 1, at + MIN);
    expect(await ofCheckpoint()).toEqual([]);
    await evaluateIncidents(server.db.kysely, server.pubsub, 1, at + 6 * MIN);
    const [raised] = await ofCheckpoint();
    expect(raised).toMatchObject({ status: "New", severity: "Critical", target: null, checkpoint: { number: 7, id: null, text: null } });

    // The same event replayed (a duplicate seq) and the flag reported again later: still one incident, the same since.
    expect(await applyControllerEvents(server.db.kysely, 1, [set], at + 7 * MIN)).toEqual(["duplicate"]);
    await applyControllerEvents(server.db.kysely, 1, [{ ...flag(true), at: new Date(at + 7 * MIN).toISOString() }], at + 7 * MIN);
    expect(await server.db.kysely.selectFrom("checkpoint_defects").select(["number", "since"]).where("system_id", "=", 1).execute()).toEqual([
      { number: 7, since: at },
    ]);
    await evaluateIncidents(server.db.kysely, server.pubsub, 1, at + 8 * MIN);
    await evaluateIncidents(server.db.kysely, server.pubsub, 1, at + 8 * MIN);
    expect(await ofCheckpoint()).toEqual([raised]);

    await applyControllerEvents(server.db.kysely, 1, [flag(false)], at + 9 * MIN);
    await evaluateIncidents(server.db.kysely, server.pubsub, 1, at + 9 * MIN);
    expect((await ofCheckpoint()).map((i) => i.status)).toEqual(["Closed"]);
    const audits = await admin.gql<{ auditLogs: { action: string; entity_id: number }[] }>(
      `query($input: AuditLogFilter!) { auditLogs(input: $input) { action entity_id entity_display_name } }`,
      { input: { entity_type: "incident", entity_id: raised?.id } },
    );
    expect(audits.errors).toBeUndefined();
    expect(audits.data?.auditLogs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "created", entity_display_name: "Defect: checkpoint 7" }),
        expect.objectContaining({ action: "resolved" }),
      ]),
    );
  });
});
