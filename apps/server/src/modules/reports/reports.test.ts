import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildSystem, buildUser } from "../../test-support/builders.ts";
import { startTestSmtp, startSilentServer, type TestSmtp } from "../../test-support/smtp.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { createOpenCallsCache, type OpenCallsCache } from "../calls/open-calls-cache.ts";
import { LOCALES } from "@caresuite/domain";
import { smtpMailer } from "./mailer.ts";
import { REPORT_LIMITS } from "./report-calls.ts";
import { translateReport } from "./report-messages.ts";
import { RETRY_BACKOFF_MS, runDueReports, STALE_SENDING_MS, startReportScheduler, type ReportSchedulerDeps } from "./report-scheduler.ts";

const SMTP = `{ smtpSettings { host port security user has_password from } }`;
const UPDATE_SMTP = `mutation($data: SmtpSettingsInput!) { updateSmtpSettings(data: $data) { host port security user has_password from } }`;
const TEST_MAIL = `mutation($to: String!) { sendTestMail(to: $to) { ok failure } }`;
const CREATE_FILTER = `mutation($data: CallFilterInput!) { createCallFilter(data: $data) { id } }`;
const SAVE_SUB = `mutation($data: ReportSubscriptionInput!) { saveReportSubscription(data: $data) { id kind emails status next_send_at last_error } }`;
const SUBS = `query($user: Int) { reportSubscriptions(user_id: $user) { id kind status last_sent_period last_error attempts next_attempt_at } }`;
const PROBLEMS = `{ reportDeliveryProblems { id status last_error user_name filter_name } }`;
const AUDIT = `query($input: AuditLogFilter!) { auditLogs(input: $input) { entity_type changes { field value_old value_new } } }`;

type Errors = { message: string; extensions?: Record<string, unknown> }[] | undefined;
const fields = (errors: Errors): unknown => errors?.[0]?.extensions?.["fields"];
const t = (iso: string): number => Date.parse(iso);

describe.each(TEST_DIALECTS)("scheduled call reports on %s", (dialect) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let admin: TestClient;
  let nurse: TestClient;
  let nurseId: number;
  let relogin: () => Promise<void>;
  let openCalls: OpenCallsCache;
  let deps: ReportSchedulerDeps;
  let callTypeId: number;
  let otherTypeId: number;
  let subscriptionId: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    smtp = await startTestSmtp();
    await buildSystem(server.db.kysely, 1, "Haus Linde");
    const chef = await buildUser(server.db.kysely, { username: "chef", is_superuser: true });
    const n = await buildUser(server.db.kysely, { username: "nurse", permissions: ["calllog::use_module"], locale: "de" });
    nurseId = n.id;
    await server.db.kysely
      .updateTable("users")
      .set({ emails: JSON.stringify(["pflege@example.org", "leitung@example.org"]), name: "Anna Muster" })
      .where("id", "=", n.id)
      .execute();
    admin = new TestClient(server.app);
    nurse = new TestClient(server.app);
    server.clock.now = t("2026-03-20T10:00:00Z");
    // Sessions expire after an hour idle on the test clock: the tests jump days.
    relogin = async () => {
      await admin.login(chef.username, chef.password);
      await nurse.login(n.username, n.password);
    };
    await relogin();
    const type = await admin.gql<{ createCallType: { id: number } }>(
      'mutation { createCallType(data: { name: "Herzalarm", char: "H", color: "#ff0000" }) { id } }',
    );
    const other = await admin.gql<{ createCallType: { id: number } }>(
      'mutation { createCallType(data: { name: "Toilette", char: "T", color: "#00ff00" }) { id } }',
    );
    callTypeId = type.data?.createCallType.id ?? 0;
    otherTypeId = other.data?.createCallType.id ?? 0;
    openCalls = createOpenCallsCache(server.db.kysely, server.pubsub, () => server.clock.now);
    deps = {
      services: { db: server.db, config: server.config, pubsub: server.pubsub, openCalls, now: () => server.clock.now },
      mailer: smtpMailer(2_000),
    };
  });
  afterAll(async () => {
    await openCalls.close();
    await smtp.close();
    await server.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
    smtp.refuseWith = null;
  });

  async function insertCall(openedAt: string, durationS: number, typeId: number, text: string): Promise<void> {
    const opened = t(openedAt);
    await server.db.kysely
      .insertInto("calls")
      .values({
        system_id: 1,
        external_id: Math.floor(Math.random() * 1e9),
        device_id: 5,
        call_type_id: typeId,
        call_source_id: null,
        section_id: null,
        opened_at: opened,
        closed_at: opened + durationS * 1000,
        close_reason: "test",
        manually_closed_by_username: null,
        handled_by_app_username: null,
        call_type_text: "Ruf",
        call_source_text: "Taster",
        device_text_short: "Z 101",
        device_text_long: text,
        section_name: "Station A",
        seq: Math.floor(Math.random() * 1e9),
      })
      .execute();
  }

  it("SMTP settings: the password never reaches the client, the audit shows ***, a changed host needs it again", async () => {
    const saved = await admin.gql(UPDATE_SMTP, {
      data: { host: "127.0.0.1", port: smtp.port, security: "none", user: "", password: "geheim", from: "caresuite@example.org" },
    });
    expect(saved.data).toEqual({
      updateSmtpSettings: { host: "127.0.0.1", port: smtp.port, security: "none", user: "", has_password: true, from: "caresuite@example.org" },
    });
    expect(JSON.stringify(await admin.gql(SMTP))).not.toContain("geheim");
    const log = await admin.gql<{ auditLogs: { entity_type: string; changes: { field: string; value_new: string }[] }[] }>(AUDIT, {
      input: { limit: 60, entity_type: "smtpSettings" },
    });
    expect(log.data?.auditLogs[0]?.changes).toContainEqual({ field: "password", value_old: null, value_new: "***" });
    expect(JSON.stringify(log)).not.toContain("geheim");
    const moved = await admin.gql(UPDATE_SMTP, {
      data: { host: "mail.example.org", port: 25, security: "starttls", user: "", password: "", from: "caresuite@example.org" },
    });
    expect(fields(moved.errors)).toEqual({ password: [{ message: "validation.password_reentry", data: { field: "password" } }] });
    const bad = await admin.gql(UPDATE_SMTP, { data: { host: "127.0.0.1", port: 0, security: "ssl", user: "", password: "", from: "no address" } });
    expect(fields(bad.errors)).toMatchObject({
      port: [{ message: "validation.between" }],
      security: [{ message: "validation.one_option_required" }],
      from: [{ message: "validation.email" }],
    });
    expect((await nurse.gql(SMTP)).errors?.[0]?.extensions?.["code"]).toBe("MISSING_PERMISSION");
  });

  it("test send reaches the SMTP server; a closed port answers with a failure class", async () => {
    const sent = await admin.gql(TEST_MAIL, { to: "admin@example.org" });
    expect(sent.data).toEqual({ sendTestMail: { ok: true, failure: null } });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(["admin@example.org"]);
    expect(smtp.received[0]?.parsed.subject).toBe("CareSuite: Test-E-Mail");
    const invalid = await admin.gql(TEST_MAIL, { to: "nobody" });
    expect(fields(invalid.errors)).toMatchObject({ to: [{ message: "validation.email" }] });
    const gone = await startSilentServer();
    await gone.close();
    const settings = { host: "127.0.0.1", security: "none", user: "", password: "geheim", from: "caresuite@example.org" };
    await admin.gql(UPDATE_SMTP, { data: { ...settings, port: gone.port } });
    expect((await admin.gql(TEST_MAIL, { to: "admin@example.org" })).data).toEqual({ sendTestMail: { ok: false, failure: "connection" } });
    await admin.gql(UPDATE_SMTP, { data: { ...settings, port: smtp.port } });
  });

  it("a subscription goes only to the user's own addresses", async () => {
    const filter = await nurse.gql<{ createCallFilter: { id: number } }>(CREATE_FILTER, {
      data: { name: "Herzalarme", range: "HOURS_24", call_type_ids: [callTypeId], min_duration: 30 },
    });
    const filterId = filter.data?.createCallFilter.id ?? 0;
    const foreign = await nurse.gql(SAVE_SUB, {
      data: { filter_id: filterId, user_id: nurseId, kind: "daily", emails: ["pflege@example.org", "fremd@example.com"] },
    });
    expect(fields(foreign.errors)).toEqual({ emails: [{ message: "validation.no_match", data: { field: "emails", value: "fremd@example.com" } }] });
    const saved = await nurse.gql<{ saveReportSubscription: { id: number; next_send_at: string; status: string } }>(SAVE_SUB, {
      data: { filter_id: filterId, user_id: nurseId, kind: "daily", emails: ["pflege@example.org", "leitung@example.org"] },
    });
    expect(saved.errors).toBeUndefined();
    // Friday 20.03.2026 11:00 in Zurich: the next daily report is Saturday 08:00 CET.
    expect(saved.data?.saveReportSubscription).toMatchObject({ status: "ok", next_send_at: "2026-03-21T07:00:00.000Z" });
    subscriptionId = saved.data?.saveReportSubscription.id ?? 0;
  });

  it("sends yesterday's calls at 08:00 (the spring-forward day: 23 hours), once, with a CSV Excel opens", async () => {
    // The subscription is from Friday; pretend the reports up to Sunday went out.
    await server.db.kysely
      .updateTable("report_subscriptions")
      .set({ last_sent_period: "2026-03-28", claimed_period: "2026-03-28" })
      .where("id", "=", subscriptionId)
      .execute();
    await insertCall("2026-03-28T22:59:00Z", 120, callTypeId, "Vor Mitternacht"); // Saturday 23:59 CET: not in the period
    await insertCall("2026-03-29T00:30:00Z", 45, callTypeId, "Zimmer 101; Fenster"); // Sunday 01:30 CET
    await insertCall("2026-03-29T10:15:07Z", 600, callTypeId, "=Zimmer 102"); // Sunday 12:15:07 CEST
    await insertCall("2026-03-29T11:00:00Z", 10, callTypeId, "Zu kurz"); // below min_duration
    await insertCall("2026-03-29T12:00:00Z", 300, otherTypeId, "Andere Rufart");
    await insertCall("2026-03-29T22:00:00Z", 60, callTypeId, "Schon Montag"); // Monday 00:00 CEST

    server.clock.now = t("2026-03-30T05:59:00Z"); // 07:59 CEST: not yet
    expect(await runDueReports(deps)).toEqual({ sent: 0, failed: 0 });
    server.clock.now = t("2026-03-30T06:00:00Z");
    expect(await runDueReports(deps)).toEqual({ sent: 1, failed: 0 });
    expect(await runDueReports(deps)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail?.to).toEqual(["pflege@example.org", "leitung@example.org"]);
    expect(mail?.from).toBe("caresuite@example.org");
    expect(mail?.parsed.subject).toBe("Tagesbericht «Herzalarme» vom 29.03.2026");
    expect(mail?.parsed.text).toContain("2 Rufe");
    const attachment = mail?.parsed.attachments[0];
    expect(attachment?.filename).toBe("rufe-herzalarme-2026-03-29.csv");
    const bytes = attachment?.content ?? Buffer.alloc(0);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString("utf8").slice(1).split("\r\n");
    expect(lines[0]).toBe("Geöffnet;Geschlossen;Dauer (s);Rufart;Abteilung;Gerät;Rufquelle;Bearbeitet von (App);Manuell geschlossen von");
    expect(lines.slice(1, -1)).toEqual([
      '29.03.2026 01:30:00;29.03.2026 01:30:45;45;Herzalarm;Station A;"Zimmer 101; Fenster";Taster;;',
      "29.03.2026 12:15:07;29.03.2026 12:25:07;600;Herzalarm;Station A;'=Zimmer 102;Taster;;",
    ]);
    await relogin();
    const subs = await nurse.gql<{ reportSubscriptions: { status: string; last_sent_period: string }[] }>(SUBS);
    expect(subs.data?.reportSubscriptions[0]).toMatchObject({ status: "ok", last_sent_period: "2026-03-29" });
  });

  it("after downtime only the latest missed report goes out, once; a report over the cap says its attachment was cut", async () => {
    await insertCall("2026-04-01T08:00:00Z", 60, callTypeId, "Zimmer 103");
    await insertCall("2026-04-01T09:00:00Z", 60, callTypeId, "Zimmer 104");
    await insertCall("2026-04-01T10:00:00Z", 60, callTypeId, "Zimmer 105");
    server.clock.now = t("2026-04-02T09:30:00Z"); // three days later
    REPORT_LIMITS.maxCalls = 2;
    try {
      expect(await runDueReports(deps)).toEqual({ sent: 1, failed: 0 });
    } finally {
      REPORT_LIMITS.maxCalls = 50_000;
    }
    expect(await runDueReports(deps)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received.map((m) => m.parsed.subject)).toEqual(["Tagesbericht «Herzalarme» vom 01.04.2026"]);
    const mail = smtp.received[0];
    expect(mail?.parsed.text).toContain("2 Rufe.\n\nMehr Rufe passen zum Filter, als ein Bericht enthält: der Anhang ist auf die ersten 2 Rufe gekürzt.");
    expect(mail?.parsed.attachments[0]?.content.toString("utf8").trim().split("\r\n")).toHaveLength(3);
  });

  it("the note on a cut attachment is translated in every report language", () => {
    const texts = LOCALES.map((locale) => translateReport("report.truncated", locale, { max: 50_000 }));
    expect(texts.every((text) => text.includes("50000"))).toBe(true);
    expect(new Set(texts).size).toBe(LOCALES.length);
  });

  it("an SMTP refusal retries with backoff, visible to the administrator, and is sent once when the server accepts", async () => {
    server.clock.now = t("2026-04-03T06:00:00Z");
    smtp.refuseWith = 451;
    expect(await runDueReports(deps)).toEqual({ sent: 0, failed: 1 });
    await relogin();
    const problems = await admin.gql<{ reportDeliveryProblems: { status: string; last_error: string; user_name: string }[] }>(PROBLEMS);
    expect(problems.data?.reportDeliveryProblems).toEqual([
      { id: subscriptionId, status: "retrying", last_error: "smtp:rejected", user_name: "Anna Muster", filter_name: "Herzalarme" },
    ]);
    expect((await nurse.gql(PROBLEMS)).errors?.[0]?.extensions?.["code"]).toBe("MISSING_PERMISSION");
    smtp.refuseWith = null;
    server.clock.now += RETRY_BACKOFF_MS[0] - 1; // the backoff has not passed
    expect(await runDueReports(deps)).toEqual({ sent: 0, failed: 0 });
    server.clock.now += 1;
    expect(await runDueReports(deps)).toEqual({ sent: 1, failed: 0 });
    expect(await runDueReports(deps)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received.map((m) => m.parsed.subject)).toEqual(["Tagesbericht «Herzalarme» vom 02.04.2026"]);
    await relogin();
    expect((await admin.gql<{ reportDeliveryProblems: unknown[] }>(PROBLEMS)).data?.reportDeliveryProblems).toEqual([]);
  });

  it("a mail server that never answers times out and is retried; a send interrupted by a crash is not repeated", async () => {
    const silent = await startSilentServer();
    try {
      await relogin();
      await admin.gql(UPDATE_SMTP, {
        data: { host: "127.0.0.1", port: silent.port, security: "none", user: "", password: "geheim", from: "caresuite@example.org" },
      });
      server.clock.now = t("2026-04-04T06:00:00Z");
      expect(await runDueReports(deps)).toEqual({ sent: 0, failed: 1 });
      await relogin();
      const subs = await nurse.gql<{ reportSubscriptions: { status: string; last_error: string; attempts: number }[] }>(SUBS);
      expect(subs.data?.reportSubscriptions[0]).toMatchObject({ status: "retrying", last_error: "smtp:timeout", attempts: 1 });
    } finally {
      await silent.close();
      await admin.gql(UPDATE_SMTP, {
        data: { host: "127.0.0.1", port: smtp.port, security: "none", user: "", password: "geheim", from: "caresuite@example.org" },
      });
    }
    // The process died between claiming the next period and hearing back from the SMTP server.
    server.clock.now = t("2026-04-05T06:00:00Z");
    await server.db.kysely
      .updateTable("report_subscriptions")
      .set({ status: "sending", claimed_period: "2026-04-04", claimed_at: server.clock.now })
      .where("id", "=", subscriptionId)
      .execute();
    expect(await runDueReports(deps)).toEqual({ sent: 0, failed: 0 }); // still within the send's lifetime
    server.clock.now += STALE_SENDING_MS + 1;
    expect(await runDueReports(deps)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toEqual([]);
    await relogin();
    const problems = await admin.gql<{ reportDeliveryProblems: { status: string; last_error: string }[] }>(PROBLEMS);
    expect(problems.data?.reportDeliveryProblems[0]).toMatchObject({ status: "unknown", last_error: "interrupted" });
  });

  it("two passes at once (two instances) send a report once", async () => {
    server.clock.now = t("2026-04-06T06:00:00Z");
    const results = await Promise.all([runDueReports(deps), runDueReports(deps)]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(smtp.received).toHaveLength(1);
  });

  it("another user's subscriptions need admin::manage_reports; private filters reach only their owner; deleting is audited", async () => {
    await relogin();
    const colleague = await buildUser(server.db.kysely, { username: `kollegin${dialect}`, permissions: ["calllog::use_module"] });
    await server.db.kysely
      .updateTable("users")
      .set({ emails: JSON.stringify(["kollegin@example.org"]) })
      .where("id", "=", colleague.id)
      .execute();
    const private_ = await nurse.gql<{ createCallFilter: { id: number } }>(CREATE_FILTER, { data: { name: `Privat ${dialect}`, range: "YESTERDAY" } });
    const filterId = private_.data?.createCallFilter.id ?? 0;
    const forColleague = { filter_id: filterId, user_id: colleague.id, kind: "weekly", emails: ["kollegin@example.org"] };
    expect((await nurse.gql(SAVE_SUB, { data: forColleague })).errors?.[0]?.extensions?.["code"]).toBe("MISSING_PERMISSION");
    expect((await nurse.gql(SUBS, { user: colleague.id })).errors?.[0]?.extensions?.["code"]).toBe("MISSING_PERMISSION");
    // The subscription form's choices: one's own addresses; another user's only for a report administrator.
    const RECIPIENT = `query($user: Int) { reportRecipient(user_id: $user) { user_id name emails } }`;
    expect((await nurse.gql(RECIPIENT, {})).data).toEqual({
      reportRecipient: { user_id: nurseId, name: "Anna Muster", emails: ["pflege@example.org", "leitung@example.org"] },
    });
    expect((await nurse.gql(RECIPIENT, { user: colleague.id })).errors?.[0]?.extensions?.["code"]).toBe("MISSING_PERMISSION");
    expect((await admin.gql(RECIPIENT, { user: colleague.id })).data).toEqual({
      reportRecipient: { user_id: colleague.id, name: colleague.username, emails: ["kollegin@example.org"] },
    });
    expect((await admin.gql(RECIPIENT, { user: 999_999 })).errors?.[0]?.extensions?.["code"]).toBe("NOT_FOUND");
    // Even an administrator cannot mail someone a filter that is private to another user.
    expect(fields((await admin.gql(SAVE_SUB, { data: forColleague })).errors)).toEqual({
      filter_id: [{ message: "validation.no_match", data: { field: "filter_id" } }],
    });
    await server.db.kysely.updateTable("call_filters").set({ shared: 1 }).where("id", "=", filterId).execute();
    const saved = await admin.gql<{ saveReportSubscription: { id: number; kind: string } }>(SAVE_SUB, { data: forColleague });
    expect(saved.data?.saveReportSubscription.kind).toBe("weekly");
    const id = saved.data?.saveReportSubscription.id ?? 0;
    const listed = await admin.gql<{ reportSubscriptions: { id: number }[] }>(SUBS, { user: colleague.id });
    expect(listed.data?.reportSubscriptions.map((sub) => sub.id)).toEqual([id]);
    expect((await nurse.gql(`mutation($id: Int!) { deleteReportSubscription(id: $id) { id } }`, { id })).errors?.[0]?.extensions?.["code"]).toBe("NOT_FOUND");
    expect((await admin.gql(`mutation($id: Int!) { deleteReportSubscription(id: $id) { id } }`, { id })).errors).toBeUndefined();
    const log = await admin.gql<{ auditLogs: { entity_type: string; changes: { field: string }[] }[] }>(
      `query($input: AuditLogFilter!) { auditLogs(input: $input) { entity_type changes { field } } }`,
      { input: { limit: 60, entity_type: "reportSubscription", entity_id: id } },
    );
    expect(log.data?.auditLogs).toHaveLength(2);
  });

  it("the server's start sends what came due while it was down; a restart does not send it again", async () => {
    server.clock.now = t("2026-04-07T07:00:00Z"); // Tuesday 09:00 CEST: Monday's report is owed
    await startReportScheduler(deps, 3_600_000)(); // start (one pass), then shut down
    await startReportScheduler(deps, 3_600_000)(); // a restart a moment later
    expect(smtp.received.map((m) => m.parsed.subject)).toEqual(["Tagesbericht «Herzalarme» vom 06.04.2026"]);
  });
});
