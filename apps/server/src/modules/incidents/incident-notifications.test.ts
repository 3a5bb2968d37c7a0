import { demoHospital } from "@caresuite/simulator";
import { ASSIGNED_NOTIFICATION_PAUSE_MS } from "@caresuite/domain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildSystem, buildUser } from "../../test-support/builders.ts";
import { buildActivationCode } from "../../test-support/licences.ts";
import { startTestSmtp, type TestSmtp } from "../../test-support/smtp.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { importControllerConfig } from "../calls/import-config.ts";
import { createLinkHandlers } from "../calls/link-handlers.ts";
import { smtpMailer } from "../reports/mailer.ts";
import { startIncidentEngine, type IncidentEngine } from "./incident-engine.ts";
import { planIncidentNotifications, startIncidentNotifier, type IncidentNotifier } from "./incident-notifier.ts";

const NOW = Date.parse("2026-11-20T08:00:00.000Z");
const HOUR = 3_600_000;

const SETTINGS = `query($user: Int) { incidentNotificationSettings(user_id: $user) { user_id name emails subscriptions { subject severity } deliveries { incident_id subject severity kind device status last_error } } }`;
const SAVE = `mutation($data: IncidentNotificationSettingsInput!) { saveIncidentNotificationSettings(data: $data) { user_id subscriptions { subject severity } } }`;
const LIST = `query($node: Int) { incidents(filter: All, node_id: $node) { id status severity } }`;
const ONE = `query($id: Int!) { incident(id: $id) { id } }`;
const ASSIGN = `mutation($id: Int!) { assignIncident(id: $id) { id status } }`;
const CLOSE = `mutation($id: Int!) { closeIncident(id: $id) { id status } }`;
const UPDATE_SMTP = `mutation($data: SmtpSettingsInput!) { updateSmtpSettings(data: $data) { host } }`;
const AUDIT = `query($input: AuditLogFilter!) { auditLogs(input: $input) { entity_type entity_id changes { field value_old value_new } } }`;

type Errors = { message: string; extensions?: Record<string, unknown> }[] | undefined;
const code = (errors: Errors): unknown => errors?.[0]?.extensions?.["code"];
const fields = (errors: Errors): unknown => errors?.[0]?.extensions?.["fields"];

interface Delivery {
  incident_id: number;
  subject: string;
  severity: string;
  kind: string;
  device: string;
  status: string;
  last_error: string | null;
}

describe.each(TEST_DIALECTS)("incident e-mail notifications on %s", (dialect) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let admin: TestClient;
  let nurse: TestClient;
  let other: TestClient;
  let userAdmin: TestClient;
  let viewer: TestClient;
  let nurseId: number;
  let otherId: number;
  let devices: { id: number }[];
  let engine: IncidentEngine;
  let notifier: IncidentNotifier;
  let handlers: ReturnType<typeof createLinkHandlers>;
  let clock = NOW;
  let seq = 0;
  let nurseLogin: () => Promise<void>;
  let adminLogin: () => Promise<void>;
  /** The server's clock follows the engine's (people's actions carry its time); sessions expire after an hour idle, so sign in again. */
  const serverAt = async (t: number): Promise<void> => {
    server.clock.now = t;
    await nurseLogin();
  };

  /** A battery report through the call path, as the controller sends it; the engine and the notifier follow, queued. */
  const battery = async (device: number, level: number): Promise<void> => {
    await handlers.apply(1, [{ seq: ++seq, type: "device.battery", at: new Date(clock).toISOString(), data: { device_id: device, battery: level } }], clock);
    await engine.idle();
    await notifier.idle();
  };
  const incidentsOf = async (device: number): Promise<{ id: number; status: string; severity: string }[]> =>
    (await nurse.gql<{ incidents: { id: number; status: string; severity: string }[] }>(LIST, { node: device })).data?.incidents ?? [];
  const deliveries = async (): Promise<Delivery[]> =>
    (await nurse.gql<{ incidentNotificationSettings: { deliveries: Delivery[] } }>(SETTINGS)).data?.incidentNotificationSettings.deliveries ?? [];

  beforeAll(async () => {
    server = await startTestServer(dialect);
    server.clock.now = NOW;
    smtp = await startTestSmtp();
    await buildSystem(server.db.kysely, 1, "Haus Linde");
    await importControllerConfig(server.db.kysely, 1, demoHospital(NOW), NOW);
    devices = await server.db.kysely
      .selectFrom("system_tree_nodes")
      .select("id")
      .where("system_id", "=", 1)
      .where("kind", "=", "device")
      .where("reachable", "=", 1)
      .where((eb) => eb.or([eb("battery", "is", null), eb("battery", ">=", 40)]))
      .orderBy("id")
      .limit(4)
      .execute();
    const root = await buildUser(server.db.kysely, { username: "root", is_superuser: true });
    const n = await buildUser(server.db.kysely, { username: "nurse", permissions: ["analytics::manage_incidents"], locale: "en" });
    const o = await buildUser(server.db.kysely, { username: "other", permissions: ["analytics::manage_incidents"], locale: "de" });
    const ua = await buildUser(server.db.kysely, { username: "useradmin", permissions: ["analytics::manage_incidents", "admin::manage_users"] });
    const v = await buildUser(server.db.kysely, { username: "viewer", permissions: ["analytics::use_module"] });
    nurseId = n.id;
    otherId = o.id;
    await server.db.kysely
      .updateTable("users")
      .set({ emails: JSON.stringify(["nurse@example.org"]), name: "Nora Nurse" })
      .where("id", "=", n.id)
      .execute();
    await server.db.kysely
      .updateTable("users")
      .set({ emails: JSON.stringify(["other@example.org"]) })
      .where("id", "=", o.id)
      .execute();
    admin = new TestClient(server.app);
    adminLogin = async () => {
      await admin.login(root.username, root.password);
    };
    await adminLogin();
    expect(
      (
        await admin.gql("mutation($c: String!, $code: String!) { activateLicense(customer: $c, code: $code) { id } }", {
          c: "123456",
          code: buildActivationCode(),
        })
      ).errors,
    ).toBeUndefined();
    expect(
      (await admin.gql(UPDATE_SMTP, { data: { host: "127.0.0.1", port: smtp.port, security: "none", user: "", password: "", from: "caresuite@example.org" } }))
        .errors,
    ).toBeUndefined();
    [nurse, other, userAdmin, viewer] = [new TestClient(server.app), new TestClient(server.app), new TestClient(server.app), new TestClient(server.app)];
    nurseLogin = async () => {
      await nurse.login(n.username, n.password);
    };
    await nurseLogin();
    await other.login(o.username, o.password);
    await userAdmin.login(ua.username, ua.password);
    await viewer.login(v.username, v.password);
    notifier = startIncidentNotifier({
      db: server.db.kysely,
      mailer: smtpMailer(2_000),
      now: () => clock,
      publicUrl: "https://care.example.org/",
      log: { error: (e) => console.error(e) },
    });
    engine = startIncidentEngine({ db: server.db.kysely, bus: server.pubsub, now: () => clock, log: { error: () => undefined }, onEvaluated: notifier.kick });
    handlers = createLinkHandlers({ db: server.db, bus: server.pubsub, incidents: engine });
  });
  afterAll(async () => {
    await engine.stop();
    await notifier.stop();
    await smtp.close();
    await server.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  it("settings: one's own with analytics::manage_incidents, another user's with admin::manage_users; validated and audited", async () => {
    expect(code((await viewer.gql(SETTINGS)).errors)).toBe("MISSING_PERMISSION");
    expect(code((await new TestClient(server.app).gql(SETTINGS)).errors)).toBe("MISSING_AUTH");
    const own = await nurse.gql(SETTINGS);
    expect(own.data).toEqual({
      incidentNotificationSettings: { user_id: nurseId, name: "Nora Nurse", emails: ["nurse@example.org"], subscriptions: [], deliveries: [] },
    });
    // Somebody else's need admin::manage_users.
    expect(code((await nurse.gql(SETTINGS, { user: otherId })).errors)).toBe("MISSING_PERMISSION");
    expect(code((await nurse.gql(SAVE, { data: { user_id: otherId, subscriptions: [{ subject: "Battery", severity: "Critical" }] } })).errors)).toBe(
      "MISSING_PERMISSION",
    );
    expect(code((await userAdmin.gql(SETTINGS, { user: 999_999 })).errors)).toBe("NOT_FOUND");
    // The shared schema's words for bad input.
    const bad = await nurse.gql(SAVE, { data: { subscriptions: [{ subject: "Fire", severity: "Critical" }] } });
    expect(code(bad.errors)).toBe("VALIDATION");
    expect(fields(bad.errors)).toMatchObject({ "subscriptions.0.subject": [{ message: "validation.no_match" }] });
    const twice = await nurse.gql(SAVE, {
      data: {
        subscriptions: [
          { subject: "Battery", severity: "Critical" },
          { subject: "Battery", severity: "Critical" },
        ],
      },
    });
    expect(fields(twice.errors)).toMatchObject({ subscriptions: [{ message: "validation.duplicate" }] });

    const saved = await nurse.gql(SAVE, {
      data: {
        subscriptions: [
          { subject: "Battery", severity: "Warning" },
          { subject: "Battery", severity: "Critical" },
        ],
      },
    });
    expect(saved.data).toEqual({
      saveIncidentNotificationSettings: {
        user_id: nurseId,
        subscriptions: [
          { subject: "Battery", severity: "Critical" },
          { subject: "Battery", severity: "Warning" },
        ],
      },
    });
    // The user administrator may read (and change) the nurse's.
    expect(
      (await userAdmin.gql<{ incidentNotificationSettings: { subscriptions: unknown[] } }>(SETTINGS, { user: nurseId })).data?.incidentNotificationSettings
        .subscriptions,
    ).toHaveLength(2);
    const log = await admin.gql<{
      auditLogs: { entity_type: string; entity_id: number; changes: { field: string; value_old: string; value_new: string }[] }[];
    }>(AUDIT, { input: { limit: 10, entity_type: "incidentNotificationSettings" } });
    expect(log.data?.auditLogs[0]).toMatchObject({
      entity_id: nurseId,
      changes: [{ field: "subscriptions", value_old: null, value_new: "Battery:Critical, Battery:Warning" }],
    });
  });

  it("a Critical battery incident mails the subscribed user once, with subject, severity, device path and link; the unsubscribed one gets nothing", async () => {
    const device = devices[0]?.id ?? 0;
    clock = NOW + HOUR;
    await battery(device, 5);
    const [incident] = await incidentsOf(device);
    expect(incident).toMatchObject({ severity: "Critical", status: "New" });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail?.to).toEqual(["nurse@example.org"]);
    expect(mail?.parsed.subject).toMatch(/^CareSuite: Critical – Battery – /);
    expect(mail?.parsed.text).toContain(`Open the incident: https://care.example.org/analytics/incidents/${incident?.id}`);
    expect(mail?.parsed.text).toContain("Severity: Critical");
    expect(mail?.parsed.text).toMatch(/Device: .+ \/ .+/);
    expect(smtp.received.some((m) => m.to.includes("other@example.org"))).toBe(false);
    expect(await deliveries()).toMatchObject([{ incident_id: incident?.id, subject: "Battery", severity: "Critical", kind: "raised", status: "sent" }]);

    // A replayed report, a second evaluation, planning twice: nothing more.
    await battery(device, 5);
    expect(await planIncidentNotifications(server.db.kysely, 1, clock)).toBe(0);
    notifier.kick(1);
    await notifier.idle();
    expect(smtp.received).toHaveLength(1);

    // Following the link marks it opened.
    expect((await nurse.gql(ONE, { id: incident?.id })).errors).toBeUndefined();
    expect((await deliveries())[0]?.status).toBe("opened");
  });

  it("while Assigned nothing is sent, not even a rise; when the pause ends one reminder goes", async () => {
    const device = devices[1]?.id ?? 0;
    clock = NOW + 2 * HOUR;
    await serverAt(clock);
    await battery(device, 30);
    const [incident] = await incidentsOf(device);
    expect(incident).toMatchObject({ severity: "Warning", status: "New" });
    expect(smtp.received.map((m) => m.parsed.subject)).toEqual([expect.stringMatching(/^CareSuite: Warning – Battery/)]);
    expect((await nurse.gql(ASSIGN, { id: incident?.id })).errors).toBeUndefined();
    expect((await deliveries()).find((d) => d.incident_id === incident?.id)?.status).toBe("confirmed");
    smtp.received.length = 0;

    clock += HOUR;
    await battery(device, 5);
    expect((await incidentsOf(device))[0]).toMatchObject({ severity: "Critical", status: "Assigned" });
    expect(smtp.received).toHaveLength(0);

    clock = NOW + 2 * HOUR + ASSIGNED_NOTIFICATION_PAUSE_MS;
    await serverAt(clock);
    await battery(device, 5);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.parsed.subject).toMatch(/^CareSuite: reminder Critical – Battery/);
    expect(smtp.received[0]?.parsed.text).toContain("assigned for 8 hours");
    clock += HOUR;
    await battery(device, 5);
    expect(smtp.received).toHaveLength(1);
  });

  it("after Closed nothing while the condition lasts; a recurrence is a new incident and a new mail", async () => {
    const device = devices[0]?.id ?? 0;
    await serverAt(clock);
    const [first] = await incidentsOf(device);
    expect((await nurse.gql(CLOSE, { id: first?.id })).data).toMatchObject({ closeIncident: { status: "Closed" } });
    await battery(device, 5);
    expect(smtp.received).toHaveLength(0);
    clock += HOUR;
    await battery(device, 90);
    clock += HOUR;
    await battery(device, 5);
    const list = await incidentsOf(device);
    expect(list).toHaveLength(2);
    expect(list[0]?.id).not.toBe(first?.id);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.parsed.text).toContain(`/analytics/incidents/${list[0]?.id}`);
  });

  it("a refusing mail server leaves the delivery retrying, the incident raised; after the backoff it goes once", async () => {
    const device = devices[2]?.id ?? 0;
    smtp.refuseWith = 451;
    clock += HOUR;
    await serverAt(clock);
    try {
      await battery(device, 5);
    } finally {
      smtp.refuseWith = null;
    }
    const [incident] = await incidentsOf(device);
    expect(incident?.status).toBe("New");
    expect((await deliveries()).find((d) => d.incident_id === incident?.id)).toMatchObject({ status: "retrying", last_error: "smtp:rejected" });
    // The retry after the backoff goes out, once.
    clock += 2 * 60_000;
    notifier.kick(1);
    await notifier.idle();
    expect(smtp.received).toHaveLength(1);
    expect((await deliveries()).find((d) => d.incident_id === incident?.id)?.status).toBe("sent");
  });

  it("a technical report's notify_battery mails its address when a Battery incident is raised, once; without the opt-in or disabled, nothing", async () => {
    const device = devices[3]?.id ?? 0;
    clock += HOUR;
    await serverAt(clock);
    await adminLogin();
    const CREATE_REPORT = `mutation($data: TechnicalReportInput!) { createTechnicalReport(data: $data) { id } }`;
    for (const data of [
      { email: "technik@example.org", notify_battery: true },
      { email: "quiet@example.org", notify_battery: false, notify_defects: true },
      { email: "off@example.org", notify_battery: true, enabled: false },
    ]) {
      expect((await admin.gql(CREATE_REPORT, { data })).errors).toBeUndefined();
    }
    clock += 60_000;
    await battery(device, 5);
    const [incident] = await incidentsOf(device);
    // In the installation's language (German here): the address is not a user with a locale.
    const toReports = smtp.received.filter((m) => !m.to.includes("nurse@example.org"));
    expect(toReports.map((m) => m.to)).toEqual([["technik@example.org"]]);
    expect(toReports[0]?.parsed.subject).toMatch(/^CareSuite: Kritisch – Batterie – /);
    expect(toReports[0]?.parsed.text).toContain(`/analytics/incidents/${incident?.id}`);
    const rows = await server.db.kysely
      .selectFrom("incident_report_notifications")
      .selectAll()
      .where("incident_id", "=", incident?.id ?? 0)
      .execute();
    expect(rows).toMatchObject([{ email: "technik@example.org", event_key: "severity:Critical", status: "sent" }]);

    // Planning again, a replayed report: nothing more for the report.
    await battery(device, 5);
    notifier.kick(1);
    await notifier.idle();
    expect(smtp.received.filter((m) => m.to.includes("technik@example.org"))).toHaveLength(1);
  });
});
