import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildSystem, buildUser } from "../../test-support/builders.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";

const FIELDS = "id name shared range custom_from custom_to call_type_ids section_ids node_ids state min_duration can_edit owner_user_id";
const CREATE = `mutation($data: CallFilterInput!) { createCallFilter(data: $data) { ${FIELDS} } }`;
const UPDATE = `mutation($id: Int!, $data: CallFilterInput!) { updateCallFilter(id: $id, data: $data) { ${FIELDS} } }`;
const DELETE = `mutation($id: Int!) { deleteCallFilter(id: $id) { id } }`;
const LIST = `{ callFilters { id name shared can_edit owner_name } }`;
const ONE = `query($id: Int!) { callFilter(id: $id) { id name } }`;
const AUDIT = `query($input: AuditLogFilter!) { auditLogs(input: $input) { action entity_type entity_id entity_display_name changes { field value_old value_new } } }`;

type Filter = {
  id: number;
  name: string;
  shared: boolean;
  can_edit: boolean;
  owner_name?: string;
  call_type_ids: number[];
  range: string;
  custom_from: string | null;
};
type Errors = { message: string; extensions?: Record<string, unknown> }[] | undefined;
const code = (errors: Errors): unknown => errors?.[0]?.extensions?.["code"];
const fields = (errors: Errors): unknown => errors?.[0]?.extensions?.["fields"];

describe.each(TEST_DIALECTS)("saved call filters on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let nurse: TestClient;
  let other: TestClient;
  let outsider: TestClient;
  let callTypeId: number;
  let sectionId: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await buildSystem(server.db.kysely, 1);
    const chef = await buildUser(server.db.kysely, { username: "chef", is_superuser: true });
    const n = await buildUser(server.db.kysely, { username: "nurse", permissions: ["calllog::use_module"] });
    const o = await buildUser(server.db.kysely, { username: "other", permissions: ["calllog::use_module"] });
    const x = await buildUser(server.db.kysely, { username: "outsider", permissions: ["systemtree::use_module"] });
    [admin, nurse, other, outsider] = [new TestClient(server.app), new TestClient(server.app), new TestClient(server.app), new TestClient(server.app)];
    await admin.login(chef.username, chef.password);
    await nurse.login(n.username, n.password);
    await other.login(o.username, o.password);
    await outsider.login(x.username, x.password);
    const type = await admin.gql<{ createCallType: { id: number } }>(
      'mutation { createCallType(data: { name: "Herzalarm", char: "H", color: "#ff0000" }) { id } }',
    );
    const section = await admin.gql<{ createSection: { id: number } }>('mutation { createSection(data: { name: "Station A" }) { id } }');
    callTypeId = type.data?.createCallType.id ?? 0;
    sectionId = section.data?.createSection.id ?? 0;
  });
  afterAll(() => server.close());

  const valid = (): Record<string, unknown> => ({
    name: "Nachtrufe",
    range: "DAYS_7",
    call_type_ids: [callTypeId],
    section_ids: [sectionId],
    state: "CLOSED",
    min_duration: 60,
  });

  it("anonymous: MISSING_AUTH; without calllog::use_module: MISSING_PERMISSION", async () => {
    const anonymous = new TestClient(server.app);
    expect(code((await anonymous.gql(LIST)).errors)).toBe("MISSING_AUTH");
    expect(code((await outsider.gql(LIST)).errors)).toBe("MISSING_PERMISSION");
    expect(code((await outsider.gql(CREATE, { data: valid() })).errors)).toBe("MISSING_PERMISSION");
  });

  it("creates a filter, owned by its creator, and audits it", async () => {
    const created = await nurse.gql<{ createCallFilter: Filter }>(CREATE, { data: valid() });
    expect(created.errors).toBeUndefined();
    expect(created.data?.createCallFilter).toMatchObject({
      name: "Nachtrufe",
      range: "DAYS_7",
      call_type_ids: [callTypeId],
      state: "CLOSED",
      can_edit: true,
      shared: false,
    });
    const log = await admin.gql<{ auditLogs: { action: string; entity_type: string; entity_display_name: string; changes: { field: string }[] }[] }>(AUDIT, {
      input: { limit: 60, entity_type: "callFilter" },
    });
    expect(log.data?.auditLogs[0]).toMatchObject({ action: "created", entity_type: "callFilter", entity_display_name: "Nachtrufe" });
    expect(log.data?.auditLogs[0]?.changes.map((c) => c.field)).toContain("call_type_ids");
  });

  it("refuses a duplicate name per system with a translated field error", async () => {
    const result = await other.gql(CREATE, { data: { ...valid(), shared: true } });
    expect(code(result.errors)).toBe("VALIDATION");
    expect(fields(result.errors)).toEqual({ name: [{ message: "validation.unique", data: { field: "name" } }] });
  });

  it("refuses unknown ids per field", async () => {
    const result = await nurse.gql(CREATE, { data: { ...valid(), name: "Kaputt", call_type_ids: [callTypeId, 999], section_ids: [998], node_ids: [997] } });
    expect(code(result.errors)).toBe("VALIDATION");
    expect(fields(result.errors)).toEqual({
      call_type_ids: [{ message: "validation.no_match", data: { field: "call_type_ids", value: "999" } }],
      section_ids: [{ message: "validation.no_match", data: { field: "section_ids", value: "998" } }],
      node_ids: [{ message: "validation.no_match", data: { field: "node_ids", value: "997" } }],
    });
  });

  it("validates the time range: one of the spec's log date ranges, custom needs from before to", async () => {
    const unknown = await nurse.gql(CREATE, { data: { ...valid(), name: "X", range: "fortnight" } });
    expect(fields(unknown.errors)).toMatchObject({ range: [{ message: "validation.one_option_required" }] });
    const missing = await nurse.gql(CREATE, { data: { ...valid(), name: "X", range: "CUSTOM" } });
    expect(fields(missing.errors)).toMatchObject({ custom_from: [{ message: "validation.required" }], custom_to: [{ message: "validation.required" }] });
    const reversed = await nurse.gql(CREATE, {
      data: { ...valid(), name: "X", range: "CUSTOM", custom_from: "2026-03-02T00:00:00Z", custom_to: "2026-03-01T00:00:00Z" },
    });
    expect(fields(reversed.errors)).toMatchObject({ custom_to: [{ message: "validation.date_after" }] });
    const ok = await nurse.gql<{ createCallFilter: Filter }>(CREATE, {
      data: { ...valid(), name: "März", range: "CUSTOM", custom_from: "2026-03-01T00:00:00Z", custom_to: "2026-04-01T00:00:00Z" },
    });
    expect(ok.data?.createCallFilter.custom_from).toBe("2026-03-01T00:00:00.000Z");
  });

  it("others see shared filters only and may not change them; admin::manage_reports may", async () => {
    const list = async (client: TestClient): Promise<string[]> =>
      ((await client.gql<{ callFilters: Filter[] }>(LIST)).data?.callFilters ?? []).map((f) => f.name);
    const mine = (await nurse.gql<{ callFilters: Filter[] }>(LIST)).data?.callFilters.find((f) => f.name === "Nachtrufe");
    expect(mine).toBeDefined();
    const id = mine?.id ?? 0;
    expect(await list(other)).not.toContain("Nachtrufe");
    expect(code((await other.gql(ONE, { id })).errors)).toBe("NOT_FOUND");
    await nurse.gql(UPDATE, { id, data: { ...valid(), shared: true } });
    expect(await list(other)).toContain("Nachtrufe");
    const theirs = (await other.gql<{ callFilters: Filter[] }>(LIST)).data?.callFilters.find((f) => f.id === id);
    expect(theirs?.can_edit).toBe(false);
    // The list names the owner of a shared filter (the web list's "owner").
    expect(theirs?.owner_name).toBeTruthy();
    expect(theirs?.owner_name).toBe(mine?.owner_name);
    expect(code((await other.gql(UPDATE, { id, data: { ...valid(), name: "Meins" } })).errors)).toBe("MISSING_PERMISSION");
    expect(code((await other.gql(DELETE, { id })).errors)).toBe("MISSING_PERMISSION");
    const renamed = await admin.gql<{ updateCallFilter: Filter }>(UPDATE, { id, data: { ...valid(), name: "Nachtrufe B", shared: true } });
    expect(renamed.data?.updateCallFilter.name).toBe("Nachtrufe B");
    // Renaming to its own name is no duplicate.
    expect((await nurse.gql(UPDATE, { id, data: { ...valid(), name: "Nachtrufe B", shared: true } })).errors).toBeUndefined();
  });

  it("deletes a filter (owner) with an audit entry", async () => {
    const created = await nurse.gql<{ createCallFilter: Filter }>(CREATE, { data: { ...valid(), name: "Weg damit" } });
    const id = created.data?.createCallFilter.id ?? 0;
    expect((await nurse.gql(DELETE, { id })).errors).toBeUndefined();
    expect(code((await nurse.gql(ONE, { id })).errors)).toBe("NOT_FOUND");
    const log = await admin.gql<{ auditLogs: { action: string; entity_id: number }[] }>(AUDIT, {
      input: { limit: 60, entity_type: "callFilter", entity_id: id },
    });
    expect(log.data?.auditLogs.map((e) => e.action)).toEqual(["deleted", "created"]);
  });
});
