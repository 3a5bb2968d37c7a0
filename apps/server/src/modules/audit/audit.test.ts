import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildSystem, buildUser } from "../../test-support/builders.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";

const AUDIT = `query AuditLog($input: AuditLogFilter!) { auditLogs(input: $input) {
  id action entity_type entity_id entity_display_name created_at user { name } changes { field value_old value_new } } }`;
const SETTINGS = `mutation($data: GlobalSettingsInput!) { updateGlobalSettings(data: $data) { battery_threshold_low battery_threshold_critical } }`;
const DEFAULTS = {
  ignore_linkable_node_pool_for_super_users: false,
  system_tree_text_long_required: false,
  allow_empty_call_source_names: false,
  battery_threshold_low: 40,
  battery_threshold_critical: 25,
  defects_timeout: 300,
  monitoring_timeout_radio: 1440,
  monitoring_timeout_tech: 1440,
  monitoring_timeout_wired: 60,
  locale: "de",
};

type Entry = {
  action: string;
  entity_type: string;
  user: { name: string } | null;
  changes: { field: string; value_old: string | null; value_new: string | null }[];
};

describe.each(TEST_DIALECTS)("audit log and global settings on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    await buildSystem(server.db.kysely, 1);
    const user = await buildUser(server.db.kysely, { username: "chef", permissions: ["admin::manage_system", "admin::see_auditlog"] });
    admin = new TestClient(server.app);
    await admin.login(user.username, user.password);
  });
  afterAll(() => server.close());

  it("validates global settings: critical must stay below low", async () => {
    const result = await admin.gql(SETTINGS, { data: { ...DEFAULTS, battery_threshold_critical: 50 } });
    expect(result.errors?.[0]?.extensions).toMatchObject({
      code: "VALIDATION",
      fields: { battery_threshold_critical: [{ message: "validation.critical_below_low" }] },
    });
    const out = await admin.gql(SETTINGS, { data: { ...DEFAULTS, battery_threshold_low: 150 } });
    expect(out.errors?.[0]?.extensions).toMatchObject({ fields: { battery_threshold_low: [{ message: "validation.between", data: { min: 0, max: 100 } }] } });
  });

  it("saves global settings and the audit log shows who changed what, newest first", async () => {
    const saved = await admin.gql(SETTINGS, { data: { ...DEFAULTS, battery_threshold_low: 45 } });
    expect(saved.data).toEqual({ updateGlobalSettings: { battery_threshold_low: 45, battery_threshold_critical: 25 } });
    const log = await admin.gql<{ auditLogs: Entry[] }>(AUDIT, { input: { limit: 60 } });
    expect(log.data?.auditLogs[0]).toMatchObject({
      action: "updated",
      entity_type: "globalSettings",
      user: { name: "chef" },
      changes: [{ field: "battery_threshold_low", value_old: "40", value_new: "45" }],
    });
    expect(log.data?.auditLogs.at(-1)).toMatchObject({ action: "loggedin" });
  });

  it("pages with limit/offset, filters by entity and start time", async () => {
    const first = await admin.gql<{ auditLogs: Entry[] }>(AUDIT, { input: { limit: 1, offset: 0 } });
    const second = await admin.gql<{ auditLogs: Entry[] }>(AUDIT, { input: { limit: 1, offset: 1 } });
    expect(first.data?.auditLogs[0]?.action).toBe("updated");
    expect(second.data?.auditLogs[0]?.action).toBe("loggedin");
    const byType = await admin.gql<{ auditLogs: Entry[] }>(AUDIT, { input: { entity_type: "user" } });
    expect(byType.data?.auditLogs.map((e) => e.action)).toEqual(["loggedin"]);
    const past = await admin.gql<{ auditLogs: Entry[] }>(AUDIT, { input: { start_time: "2000-01-01T00:00:00Z" } });
    expect(past.data?.auditLogs).toEqual([]);
  });

  it("needs admin::see_auditlog", async () => {
    const user = await buildUser(server.db.kysely, { permissions: ["admin::manage_system"] });
    const client = new TestClient(server.app);
    await client.login(user.username, user.password);
    expect((await client.gql(AUDIT, { input: {} })).errors?.[0]?.extensions?.code).toBe("MISSING_PERMISSION");
    expect((await new TestClient(server.app).gql(AUDIT, { input: {} })).errors?.[0]?.extensions?.code).toBe("MISSING_AUTH");
  });
});
