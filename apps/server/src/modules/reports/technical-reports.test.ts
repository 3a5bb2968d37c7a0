import { demoHospital } from "@caresuite/simulator";
import { toLocale } from "@caresuite/domain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildSystem, buildUser } from "../../test-support/builders.ts";
import { activateTestLicence } from "../../test-support/licences.ts";
import { startTestSmtp, type TestSmtp } from "../../test-support/smtp.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { readGlobalSettings } from "../appdata/global-settings.repo.ts";
import { importControllerConfig } from "../calls/import-config.ts";
import { devicePaths } from "../defects/device-paths.ts";
import { smtpMailer } from "./mailer.ts";
import type { ReportSchedulerDeps } from "./report-scheduler.ts";
import { runDueTechnicalReports } from "./technical-report-scheduler.ts";
import { translateTechnical } from "./technical-report-messages.ts";

/**
 * Technical e-mail reports (spec data §3.8 "Report: ..."; spec §9 "Daily report 08:00"):
 * the generic entity CRUD with its validation, licence and audit, and the scheduler that sends a
 * due report once to a real SMTP server with only the included sections.
 */

const CREATE = `mutation($data: TechnicalReportInput!) { createTechnicalReport(data: $data) { id email enabled send_daily battery_threshold probable_defect_criterion } }`;
const LIST = `{ technicalReports { total items { id email } } }`;
const AUDIT = `query($input: AuditLogFilter!) { auditLogs(input: $input) { entity_type action changes { field value_new } } }`;
const UPDATE_SMTP = `mutation($data: SmtpSettingsInput!) { updateSmtpSettings(data: $data) { host } }`;
const MIN = 60_000;
const t = (iso: string): number => Date.parse(iso);

type Errors = { message: string; extensions?: Record<string, unknown> }[] | undefined;
const code = (errors: Errors): unknown => errors?.[0]?.extensions?.["code"];
const fields = (errors: Errors): Record<string, { message: string }[]> => (errors?.[0]?.extensions?.["fields"] ?? {}) as Record<string, { message: string }[]>;

describe.each(TEST_DIALECTS)("technical e-mail reports on %s", (dialect) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let admin: TestClient;
  let manager: TestClient;
  let nurse: TestClient;
  let deps: ReportSchedulerDeps;
  let external = 0;

  const insertCall = async (device: number, type: number, opened: string, closedAfterMin: number | null) => {
    const openedAt = t(opened);
    external += 1;
    await server.db.kysely
      .insertInto("calls")
      .values({
        system_id: 1,
        journal_id: "test",
        external_id: external,
        device_id: device,
        call_type_id: type,
        call_source_id: null,
        section_id: 1,
        opened_at: openedAt,
        closed_at: closedAfterMin === null ? null : openedAt + closedAfterMin * MIN,
        presence_at: null,
        close_reason: null,
        manually_closed_by_username: null,
        handled_by_app_username: null,
        call_type_text: `Rufart ${type}`,
        call_source_text: "",
        device_text_short: "",
        device_text_long: "",
        section_name: "",
        seq: external,
      })
      .execute();
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    smtp = await startTestSmtp();
    // 07:30 in Zurich (UTC+1 in March): before the day's 08:00 send time.
    server.clock.now = t("2026-03-20T06:30:00Z");
    await buildSystem(server.db.kysely, 1, "Haus Linde");
    await importControllerConfig(server.db.kysely, 1, demoHospital(server.clock.now), server.clock.now);
    const root = await buildUser(server.db.kysely, { username: "root", is_superuser: true });
    const m = await buildUser(server.db.kysely, { username: "technik", permissions: ["admin::use_module", "admin::manage_reports"] });
    const n = await buildUser(server.db.kysely, { username: "pflege", permissions: ["calllog::use_module"] });
    admin = new TestClient(server.app);
    manager = new TestClient(server.app);
    nurse = new TestClient(server.app);
    await admin.login(root.username, root.password);
    await manager.login(m.username, m.password);
    await nurse.login(n.username, n.password);
    await admin.gql(UPDATE_SMTP, { data: { host: "127.0.0.1", port: smtp.port, security: "none", user: "", password: "", from: "caresuite@example.org" } });
    deps = { services: { db: server.db, config: server.config, pubsub: server.pubsub, now: () => server.clock.now }, mailer: smtpMailer(2_000) };

    // Devices: 23 a radio bed with a low battery, 24 a radio bed with a good one, 10 a wired bed
    // that is unreachable, 17 a technical device with an empty battery (technical devices are
    // left out of the report below).
    const node = (id: number, values: Record<string, number | string | null>) =>
      server.db.kysely.updateTable("system_tree_nodes").set(values).where("system_id", "=", 1).where("id", "=", id).execute();
    await server.db.kysely.updateTable("system_tree_nodes").set({ reachable: 1, battery: null }).where("system_id", "=", 1).execute();
    await node(23, { kind: "device", radio: 1, is_tech: 0, battery: 20, reachable: 1 });
    await node(24, { kind: "device", radio: 1, is_tech: 0, battery: 80, reachable: 1 });
    await node(10, { kind: "device", radio: 0, is_tech: 0, battery: null, reachable: 0, last_reachable_at: t("2026-03-18T09:15:00Z") });
    await node(17, { kind: "tech", radio: 0, is_tech: 1, battery: 5, reachable: 1 });
    // A long call (45 min) and a short one (5 min) yesterday.
    await insertCall(23, 2, "2026-03-19T10:00:00Z", 45);
    await insertCall(24, 2, "2026-03-19T11:00:00Z", 5);
    // Call type 4 (criterion 0x4): three at 24, two at 23 within the last 24 hours.
    for (const at of ["2026-03-19T12:00:00Z", "2026-03-19T13:00:00Z", "2026-03-19T14:00:00Z"]) await insertCall(24, 4, at, 1);
    for (const at of ["2026-03-19T15:00:00Z", "2026-03-19T16:00:00Z"]) await insertCall(23, 4, at, 1);
  });
  afterAll(async () => {
    await smtp.close();
    await server.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  it("is for admin::manage_reports; bad input answers translated field errors; a valid report is saved and audited", async () => {
    expect(code((await nurse.gql(LIST)).errors)).toBe("MISSING_PERMISSION");
    // Route table: "admin::manage_reports and analytics licence".
    expect(code((await manager.gql(LIST)).errors)).toBe("MISSING_PERMISSION");
    await activateTestLicence(admin);
    expect((await manager.gql(LIST)).errors).toBeUndefined();
    expect(code((await new TestClient(server.app).gql(LIST)).errors)).toBe("MISSING_AUTH");
    const bad = await manager.gql(CREATE, {
      data: {
        email: "technik",
        probable_defect_criterion: "6A",
        battery_threshold: 101,
        call_duration_threshold: 0,
        probable_defect_count_threshold: 101,
        probable_defect_duration: 0,
      },
    });
    expect(code(bad.errors)).toBe("VALIDATION");
    const errors = fields(bad.errors);
    expect(errors["email"]?.[0]?.message).toBe("validation.email");
    expect(errors["probable_defect_criterion"]?.[0]?.message).toBe("validation.criterion");
    expect(errors["battery_threshold"]?.[0]?.message).toBe("validation.between");
    expect(errors["call_duration_threshold"]?.[0]?.message).toBe("validation.between");
    expect(errors["probable_defect_count_threshold"]?.[0]?.message).toBe("validation.between");
    expect(errors["probable_defect_duration"]?.[0]?.message).toBe("validation.between");
    // The monitors' criterion rule: at most four hex digits.
    expect(
      fields((await manager.gql(CREATE, { data: { email: "a@example.org", probable_defect_criterion: "0x12345" } })).errors)["probable_defect_criterion"]?.[0]
        ?.message,
    ).toBe("validation.criterion");
    const noPeriod = await manager.gql(CREATE, { data: { email: "a@example.org", send_daily: false } });
    expect(fields(noPeriod.errors)["send_daily"]?.[0]?.message).toBe("validation.one_option_required");
    expect((await manager.gql<{ technicalReports: { total: number } }>(LIST)).data?.technicalReports.total).toBe(0);

    const saved = await manager.gql<{ createTechnicalReport: Record<string, unknown> }>(CREATE, {
      data: {
        email: "technik@example.org",
        battery_threshold: 30,
        call_duration_threshold: 30,
        technical_enabled: false,
        include_probable_defects: true,
        probable_defect_criterion: "0x4",
        probable_defect_count_threshold: 3,
        probable_defect_duration: 24,
      },
    });
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.createTechnicalReport).toMatchObject({
      email: "technik@example.org",
      enabled: true,
      send_daily: true,
      battery_threshold: 30,
      probable_defect_criterion: "0x4",
    });
    expect((await manager.gql<{ technicalReports: { items: { email: string }[] } }>(LIST)).data?.technicalReports.items.map((r) => r.email)).toEqual([
      "technik@example.org",
    ]);
    const audit = await admin.gql<{ auditLogs: { entity_type: string; action: string; changes: { field: string; value_new: string }[] }[] }>(AUDIT, {
      input: { limit: 60, entity_type: "technicalReport" },
    });
    expect(audit.data?.auditLogs[0]?.action).toBe("created");
    expect(audit.data?.auditLogs[0]?.changes).toContainEqual({ field: "email", value_new: "technik@example.org" });
  });

  it("a report due at 08:00 sends one e-mail with the included sections, and not twice for the same period", async () => {
    // 07:50 local: yesterday's 08:00 was before the report existed, nothing is due.
    server.clock.now = t("2026-03-20T06:50:00Z");
    expect(await runDueTechnicalReports(deps)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);

    server.clock.now = t("2026-03-20T07:00:30Z");
    expect(await runDueTechnicalReports(deps)).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    const locale = toLocale((await readGlobalSettings(server.db.kysely)).locale) ?? "de";
    expect(mail?.to).toEqual(["technik@example.org"]);
    expect(mail?.parsed.subject).toBe(translateTechnical("subject.daily", locale, { system: "Haus Linde", period: "19.03.2026" }));
    const text = mail?.parsed.text ?? "";
    const name = async (id: number) =>
      (await server.db.kysely.selectFrom("system_tree_nodes").select("name").where("system_id", "=", 1).where("id", "=", id).executeTakeFirstOrThrow()).name;
    const sections = text.split("\n\n");
    const section = (title: string) => sections.find((s) => s.startsWith(`${title}:`)) ?? "";
    const battery = section(translateTechnical("section.battery", locale, { threshold: 30 }));
    expect(battery).toContain(`${await name(23)}: 20 %`);
    // Battery 80 is above the threshold; the technical device is not a type this report covers.
    expect(battery).not.toContain(await name(24));
    expect(battery).not.toContain(await name(17));
    const long = section(translateTechnical("section.long_calls", locale, { threshold: 30 }));
    expect(long.split("\n")).toHaveLength(2);
    expect(long).toContain(`${await name(23)}: Rufart 2`);
    expect(long).toContain("45");
    const unreachable = section(translateTechnical("section.not_reachable", locale));
    expect(unreachable.split("\n")).toHaveLength(2);
    expect(unreachable).toContain(await name(10));
    const probable = section(translateTechnical("section.probable_defects", locale, { count: 3, criterion: "0x4", hours: 24 }));
    // Three calls 0x4 at 24 reach the count of 3; two at 23 do not.
    expect(probable.split("\n").slice(1)).toEqual([`- ${translateTechnical("line.probable_defect", locale, { device: await devicePathOf(24), count: 3 })}`]);

    // The same period again: a later tick, and two ticks at once, send nothing more.
    server.clock.now = t("2026-03-20T07:05:00Z");
    const again = await Promise.all([runDueTechnicalReports(deps), runDueTechnicalReports(deps)]);
    expect(again.reduce((sum, r) => sum + r.sent, 0)).toBe(0);
    expect(smtp.received).toHaveLength(1);
    const sends = await server.db.kysely.selectFrom("technical_report_sends").selectAll().execute();
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ kind: "daily", period_key: "2026-03-19", status: "sent" });
  });

  it("only included sections; a disabled report is not sent", async () => {
    // Sessions expire after an hour idle on the test clock: the tests jump days.
    const m = await buildUser(server.db.kysely, { username: "technik2", permissions: ["admin::use_module", "admin::manage_reports"] });
    await manager.login(m.username, m.password);
    const id = (await manager.gql<{ technicalReports: { items: { id: number }[] } }>(LIST)).data?.technicalReports.items[0]?.id ?? 0;
    const updated = await manager.gql(`mutation($id: Int!, $data: TechnicalReportInput!) { updateTechnicalReport(id: $id, data: $data) { id } }`, {
      id,
      data: { email: "technik@example.org", include_battery: false, include_long_calls: false, include_probable_defects: false },
    });
    expect(updated.errors).toBeUndefined();
    server.clock.now = t("2026-03-21T07:00:30Z");
    expect(await runDueTechnicalReports(deps)).toEqual({ sent: 1, failed: 0 });
    const locale = toLocale((await readGlobalSettings(server.db.kysely)).locale) ?? "de";
    const text = smtp.received[0]?.parsed.text ?? "";
    expect(text).toContain(`${translateTechnical("section.not_reachable", locale)}:`);
    expect(text).not.toContain(translateTechnical("section.battery", locale, { threshold: 30 }));
    expect(text).not.toContain(translateTechnical("section.long_calls", locale, { threshold: 30 }));

    await manager.login("technik2", "correct horse battery");
    const disabled = await manager.gql(`mutation($id: Int!, $data: TechnicalReportInput!) { updateTechnicalReport(id: $id, data: $data) { id enabled } }`, {
      id,
      data: { email: "technik@example.org", enabled: false },
    });
    expect(disabled.data).toEqual({ updateTechnicalReport: { id, enabled: false } });
    smtp.received.length = 0;
    server.clock.now = t("2026-03-22T07:00:30Z");
    expect(await runDueTechnicalReports(deps)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it("sends a saved report at once on request, without touching its schedule; only for who manages reports", async () => {
    const SEND = `mutation($id: Int!) { sendTechnicalReportNow(id: $id) { ok failure } }`;
    const m = await buildUser(server.db.kysely, { username: "technik3", permissions: ["admin::use_module", "admin::manage_reports"] });
    await manager.login(m.username, m.password);
    const n = await buildUser(server.db.kysely, { username: "pflege3", permissions: ["calllog::use_module"] });
    await nurse.login(n.username, n.password);
    const id = (await manager.gql<{ technicalReports: { items: { id: number }[] } }>(LIST)).data?.technicalReports.items[0]?.id ?? 0;
    const sendsBefore = await server.db.kysely.selectFrom("technical_report_sends").selectAll().execute();
    smtp.received.length = 0;

    expect(code((await nurse.gql(SEND, { id })).errors)).toBe("MISSING_PERMISSION");
    expect(code((await new TestClient(server.app).gql(SEND, { id })).errors)).toBe("MISSING_AUTH");
    expect(code((await manager.gql(SEND, { id: 999_999 })).errors)).toBe("NOT_FOUND");
    expect(smtp.received).toHaveLength(0);

    // The report is disabled (previous test): sending it now is how its content is checked.
    expect((await manager.gql(SEND, { id })).data).toEqual({ sendTechnicalReportNow: { ok: true, failure: null } });
    expect(smtp.received).toHaveLength(1);
    const locale = toLocale((await readGlobalSettings(server.db.kysely)).locale) ?? "de";
    expect(smtp.received[0]?.to).toEqual(["technik@example.org"]);
    expect(smtp.received[0]?.parsed.subject).toBe(translateTechnical("subject.daily", locale, { system: "Haus Linde", period: "21.03.2026" }));
    expect(await server.db.kysely.selectFrom("technical_report_sends").selectAll().execute()).toEqual(sendsBefore);

    // A mail server that is not there answers with its class, not an error page.
    await admin.login("root", "correct horse battery");
    await admin.gql(UPDATE_SMTP, { data: { host: "127.0.0.1", port: 1, security: "none", user: "", password: "", from: "caresuite@example.org" } });
    expect((await manager.gql(SEND, { id })).data).toEqual({ sendTechnicalReportNow: { ok: false, failure: "connection" } });
    await admin.gql(UPDATE_SMTP, { data: { host: "127.0.0.1", port: smtp.port, security: "none", user: "", password: "", from: "caresuite@example.org" } });
  });

  async function devicePathOf(id: number): Promise<string> {
    return (await devicePaths(server.db.kysely, 1, [id])).get(id)?.path ?? "";
  }
});
