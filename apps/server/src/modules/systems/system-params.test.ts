import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildUser } from "../../test-support/builders.ts";
import { buildActivationCode } from "../../test-support/licences.ts";
import { startTestSimulator, type TestSimulator } from "../../test-support/simulator.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { SYSTEM_MESSAGES_TOPIC, type SystemMessage } from "../../realtime/topics.ts";

const FIELDS = `id name ip username has_password tcp_port dhcp gateway subnet ntp_server timezone daylight_savings display_language
  night_start night_stop weekend_start weekend_stop auto_commit call_suppression_enabled call_suppression_sections
  call_suppression_time_start call_suppression_time_end version`;
const LIST = `{ systemParams { ${FIELDS} } }`;
const GET = `query($id: Int!) { systemParam(id: $id) { ${FIELDS} } }`;
const CREATE = `mutation($data: SystemParamInput!) { createSystemParam(data: $data) { ${FIELDS} } }`;
const UPDATE = `mutation($id: Int!, $data: SystemParamInput!) { updateSystemParam(id: $id, data: $data) { ${FIELDS} } }`;
const DELETE = "mutation($ids: [Int!]!) { deleteSystemParam(ids: $ids) { id name } }";
const PUBLIC = "{ publicSystemParams { id name weekend_start weekend_stop } }";

type Result = { data: Record<string, unknown> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };
const code = (r: Result) => r.errors?.[0]?.extensions?.["code"];
const reason = (r: Result) => r.errors?.[0]?.extensions?.["reason"];
const firstMessages = (r: Result) =>
  Object.fromEntries(
    Object.entries((r.errors?.[0]?.extensions?.["fields"] ?? {}) as Record<string, { message: string }[]>).map(([f, list]) => [f, list[0]?.message]),
  );

describe.each(TEST_DIALECTS)("system parameters (configurators) on %s", (dialect) => {
  let server: TestServer;
  let simulator: TestSimulator;
  let admin: TestClient;
  let base: Record<string, unknown>;

  beforeAll(async () => {
    simulator = await startTestSimulator();
    server = await startTestServer(dialect, {}, { links: true });
    // System 1 with a stale password: its link cannot connect until the password is fixed.
    const now = Date.now();
    await server.db.kysely
      .insertInto("systems")
      .values({ id: 1, name: "Haus A", ip: "127.0.0.1", username: "admin", password: "old-secret", tcp_port: simulator.port, created_at: now, updated_at: now })
      .execute();
    await server.links?.refresh();
    const user = await buildUser(server.db.kysely, { username: "sysadmin", permissions: ["admin::use_module", "admin::manage_system"] });
    admin = new TestClient(server.app);
    await admin.login(user.username, user.password);
    base = { name: "Haus A", ip: "127.0.0.1", username: "admin", tcp_port: simulator.port };
  });
  afterAll(async () => {
    await server.close();
    await simulator.stop();
  });

  it("refuses anonymous visitors and users without admin::manage_system", async () => {
    expect(code((await new TestClient(server.app).gql(LIST)) as Result)).toBe("MISSING_AUTH");
    const plain = await buildUser(server.db.kysely, { username: "nurse", permissions: ["admin::use_module"] });
    const nurse = new TestClient(server.app);
    await nurse.login(plain.username, plain.password);
    expect(code((await nurse.gql(LIST)) as Result)).toBe("MISSING_PERMISSION");
    expect(code((await nurse.gql(UPDATE, { id: 1, data: { ...base, night_start: "20:00" } })) as Result)).toBe("MISSING_PERMISSION");
  });

  it("lists the configurators with the migration's defaults and never the password", async () => {
    const result = (await admin.gql(LIST)) as Result;
    expect(result.errors).toBeUndefined();
    expect(result.data?.["systemParams"]).toEqual([
      {
        id: 1,
        name: "Haus A",
        ip: "127.0.0.1",
        username: "admin",
        has_password: true,
        tcp_port: simulator.port,
        dhcp: false,
        gateway: "",
        subnet: "255.255.255.0",
        ntp_server: "",
        timezone: "Europe/Zurich",
        daylight_savings: true,
        display_language: "de",
        night_start: "22:00",
        night_stop: "06:00",
        weekend_start: 7200,
        weekend_stop: 10080,
        auto_commit: false,
        call_suppression_enabled: false,
        call_suppression_sections: [],
        call_suppression_time_start: "22:00",
        call_suppression_time_end: "06:00",
        version: null,
      },
    ]);
    const type = (await admin.gql('{ __type(name: "SystemParams") { fields { name } } }')) as Result;
    expect(JSON.stringify(type.data)).not.toMatch(/"password"/);
    expect(JSON.stringify(result)).not.toContain("old-secret");
  });

  it("reports invalid input per field with the spec's messages", async () => {
    const result = (await admin.gql(UPDATE, {
      id: 1,
      data: { ...base, gateway: "10.0.0.300", tcp_port: 0, night_start: "25:00", ntp_server: "ntp server", timezone: "Mars/Base", display_language: "es" },
    })) as Result;
    expect(code(result)).toBe("VALIDATION");
    expect(firstMessages(result)).toEqual({
      gateway: "validation.ip",
      tcp_port: "validation.between",
      night_start: "validation.format",
      ntp_server: "validation.host",
      timezone: "validation.one_option_required",
      display_language: "validation.one_option_required",
    });
    expect(code((await admin.gql(GET, { id: 99 })) as Result)).toBe("NOT_FOUND");
  });

  it("saves night time and weekend, audits field by field and pushes the change to displays", async () => {
    const pushes = server.pubsub.subscribe(SYSTEM_MESSAGES_TOPIC) as AsyncGenerator<SystemMessage>;
    const pushed = pushes.next();
    const result = (await admin.gql(UPDATE, {
      id: 1,
      data: { ...base, night_start: "21:00", night_stop: "05:30", weekend_start: 4 * 1440 + 18 * 60 },
    })) as Result;
    expect(result.errors).toBeUndefined();
    expect(result.data?.["updateSystemParam"]).toMatchObject({ night_start: "21:00", night_stop: "05:30", weekend_start: 6840, has_password: true });
    expect((await pushed).value).toMatchObject({ subject: "systemparams.updated", payload: JSON.stringify({ system_ids: [1] }) });
    await pushes.return(undefined);
    // spec: "publicSystemParams (id, name, weekend_start, weekend_stop in minutes from a Monday-start week)".
    expect(((await new TestClient(server.app).gql(PUBLIC)) as Result).data).toEqual({
      publicSystemParams: [{ id: 1, name: "Haus A", weekend_start: 6840, weekend_stop: 10080 }],
    });
    const changes = await server.db.kysely
      .selectFrom("audit_log_changes")
      .innerJoin("audit_logs", "audit_logs.id", "audit_log_changes.audit_log_id")
      .select(["audit_logs.action", "audit_logs.entity_type", "audit_log_changes.field", "audit_log_changes.value_old", "audit_log_changes.value_new"])
      .where("audit_logs.entity_type", "=", "systemparams")
      .orderBy("audit_log_changes.id")
      .execute();
    expect(changes).toEqual([
      { action: "updated", entity_type: "systemparams", field: "night_start", value_old: "22:00", value_new: "21:00" },
      { action: "updated", entity_type: "systemparams", field: "night_stop", value_old: "06:00", value_new: "05:30" },
      { action: "updated", entity_type: "systemparams", field: "weekend_start", value_old: "7200", value_new: "6840" },
    ]);
    // The password was left empty: the stored one stays and is not audited.
    expect((await server.db.kysely.selectFrom("systems").select("password").where("id", "=", 1).executeTakeFirstOrThrow()).password).toBe("old-secret");
  });

  it("checks new connection data against the controller (spec §8 wording) and keeps the old on failure", async () => {
    const unauthorized = (await admin.gql(UPDATE, { id: 1, data: { ...base, password: "still-wrong" } })) as Result;
    expect(code(unauthorized)).toBe("VALIDATION");
    expect(unauthorized.errors?.[0]?.message).toMatch(/^failed to fetch firmware version: .*Unauthorized/);
    // A new address needs the password typed again (the stored one goes nowhere else).
    const unreachable = (await admin.gql(UPDATE, { id: 1, data: { ...base, tcp_port: 1, password: "typed" } })) as Result;
    expect(unreachable.errors?.[0]?.message).toMatch(/^failed to fetch firmware version/);
    expect(unreachable.errors?.[0]?.message).not.toMatch(/Unauthorized/);
    const row = await server.db.kysely.selectFrom("systems").select(["password", "tcp_port"]).where("id", "=", 1).executeTakeFirstOrThrow();
    expect(row).toEqual({ password: "old-secret", tcp_port: simulator.port });
  });

  it("stores a working password (audited as ***), records the firmware and reconnects the link with it", async () => {
    const before = server.links?.get(1);
    expect(before?.state().connected).toBe(false);
    const result = (await admin.gql(UPDATE, { id: 1, data: { ...base, password: "admin" } })) as Result;
    expect(result.errors).toBeUndefined();
    expect(JSON.stringify(result)).not.toContain('"admin"}');
    expect((result.data?.["updateSystemParam"] as { version: string | null }).version).toEqual(expect.any(String));
    const link = server.links?.get(1);
    expect(link).not.toBe(before);
    await expect.poll(() => link?.state().connected, { timeout: 10_000 }).toBe(true);
    const audit = await server.db.kysely.selectFrom("audit_log_changes").select(["field", "value_old", "value_new"]).where("field", "=", "password").execute();
    expect(audit).toEqual([{ field: "password", value_old: "***", value_new: "***" }]);
    // A save without connection changes keeps the running link.
    await admin.gql(UPDATE, { id: 1, data: { ...base, auto_commit: true } });
    expect(server.links?.get(1)).toBe(link);
  });

  it("accepts only sections of this system for call suppression", async () => {
    const section = (await admin.gql('mutation { createSection(data: { name: "Testabteilung X" }) { id } }')) as Result;
    expect(section.errors).toBeUndefined();
    const sectionId = (section.data?.["createSection"] as { id: number }).id;
    const unknown = (await admin.gql(UPDATE, {
      id: 1,
      data: { ...base, call_suppression_enabled: true, call_suppression_sections: [sectionId + 100] },
    })) as Result;
    expect(firstMessages(unknown)).toEqual({ call_suppression_sections: "validation.invalid" });
    const none = (await admin.gql(UPDATE, { id: 1, data: { ...base, call_suppression_enabled: true, call_suppression_sections: [] } })) as Result;
    expect(firstMessages(none)).toEqual({ call_suppression_sections: "validation.one_option_required" });
    const ok = (await admin.gql(UPDATE, {
      id: 1,
      data: {
        ...base,
        call_suppression_enabled: true,
        call_suppression_sections: [sectionId],
        call_suppression_time_start: "23:00",
        call_suppression_time_end: "05:00",
      },
    })) as Result;
    expect(ok.data?.["updateSystemParam"]).toMatchObject({
      call_suppression_enabled: true,
      call_suppression_sections: [sectionId],
      call_suppression_time_start: "23:00",
    });
    // The form offers the sections of the system it edits.
    const sections = (await admin.gql("query($id: Int!) { systemParam(id: $id) { sections { id name } } }", { id: 1 })) as Result;
    expect((sections.data?.["systemParam"] as { sections: { id: number; name: string }[] }).sections).toContainEqual({
      id: sectionId,
      name: "Testabteilung X",
    });
  });

  it("adds configurators only within the licence's systems limit", async () => {
    const data = { ...base, name: "Haus B", password: "admin" };
    // spec: "The default systems limit is 1." and §8 "Max reached for ... configurators".
    const unlicensed = (await admin.gql(CREATE, { data })) as Result;
    expect(code(unlicensed)).toBe("CONFLICT");
    expect(reason(unlicensed)).toBe("max_reached");
    const activated = (await admin.gql("mutation($c: String!, $code: String!) { activateLicense(customer: $c, code: $code) { id } }", {
      c: "123456",
      code: buildActivationCode(),
    })) as Result;
    expect(activated.errors).toBeUndefined();
    expect(firstMessages((await admin.gql(CREATE, { data: { ...data, name: "haus a" } })) as Result)).toEqual({ name: "validation.unique" });
    expect(firstMessages((await admin.gql(CREATE, { data: { ...data, password: "" } })) as Result)).toEqual({ password: "validation.required" });
    const created = (await admin.gql(CREATE, { data })) as Result;
    expect(created.errors).toBeUndefined();
    expect(created.data?.["createSystemParam"]).toMatchObject({ id: 2, name: "Haus B", has_password: true, night_start: "22:00" });
    const audit = await server.db.kysely
      .selectFrom("audit_logs")
      .select(["id", "action"])
      .where("entity_type", "=", "systemparams")
      .where("entity_id", "=", 2)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe("created");
    const password = await server.db.kysely
      .selectFrom("audit_log_changes")
      .select(["value_new"])
      .where("audit_log_id", "=", audit.id)
      .where("field", "=", "password")
      .executeTakeFirstOrThrow();
    expect(password.value_new).toBe("***");
    // The licence allows two systems.
    expect(reason((await admin.gql(CREATE, { data: { ...data, name: "Haus C" } })) as Result)).toBe("max_reached");
    expect(((await admin.gql(LIST)) as Result).data?.["systemParams"]).toHaveLength(2);
  });

  it("refuses deleting a system with open calls and the last system", async () => {
    const now = Date.now();
    const call = await server.db.kysely
      .insertInto("calls")
      .values({
        system_id: 2,
        external_id: 1,
        device_id: 1,
        call_type_id: 1,
        call_source_id: null,
        section_id: null,
        opened_at: now,
        closed_at: null,
        close_reason: null,
        manually_closed_by_username: null,
        handled_by_app_username: null,
        call_type_text: "Ruf",
        call_source_text: "",
        device_text_short: "",
        device_text_long: "",
        section_name: "",
        seq: 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(reason((await admin.gql(DELETE, { ids: [2] })) as Result)).toBe("open_calls");
    await server.db.kysely.updateTable("calls").set({ closed_at: now, close_reason: "test" }).where("id", "=", call.id).execute();
    expect(reason((await admin.gql(DELETE, { ids: [1, 2] })) as Result)).toBe("last_system");
    expect(code((await admin.gql(DELETE, { ids: [7] })) as Result)).toBe("NOT_FOUND");
    const deleted = (await admin.gql(DELETE, { ids: [2] })) as Result;
    expect(deleted.data).toEqual({ deleteSystemParam: [{ id: 2, name: "Haus B" }] });
    expect(reason((await admin.gql(DELETE, { ids: [1] })) as Result)).toBe("last_system");
    // The closed call stays for the call log.
    expect(await server.db.kysely.selectFrom("calls").select("id").where("system_id", "=", 2).execute()).toHaveLength(1);
    expect(server.links?.get(2)).toBeUndefined();
  });
});
