import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildSystem, buildUser } from "../../test-support/builders.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";

const FIELDS = "id sort_order name char color urgency flag text fullscreen";
const CREATE = `mutation($data: CallTypeInput!) { createCallType(data: $data) { ${FIELDS} } }`;
const UPDATE = `mutation($id: Int!, $data: CallTypeInput!) { updateCallType(id: $id, data: $data) { ${FIELDS} } }`;
const DELETE = "mutation($ids: [Int!]!) { deleteCallType(ids: $ids) { id name } }";
const LIST = `query($filter: ListFilter) { callTypes(filter: $filter) { total items { ${FIELDS} } } }`;
const SORT = "mutation($ids: [Int!]!) { sortCallTypes(ids: $ids) }";

type CallTypeRow = { id: number; sort_order: number; name: string; char: string; color: string; urgency: string };
type Errors = { message: string; extensions?: Record<string, unknown> }[] | undefined;

const fieldsOf = (errors: Errors): Record<string, { message: string; data: Record<string, unknown> }[]> =>
  (errors?.[0]?.extensions?.["fields"] ?? {}) as Record<string, { message: string; data: Record<string, unknown> }[]>;

describe.each(TEST_DIALECTS)("registry entity API (call types) on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await buildSystem(server.db.kysely, 1);
    await buildSystem(server.db.kysely, 2);
    const user = await buildUser(server.db.kysely, { permissions: ["admin::use_module", "admin::manage_system"] });
    admin = new TestClient(server.app);
    await admin.login(user.username, user.password);
  });
  afterAll(() => server.close());

  it("refuses anonymous visitors with MISSING_AUTH and users without the permission with MISSING_PERMISSION", async () => {
    const anonymous = await new TestClient(server.app).gql(LIST);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe("MISSING_AUTH");
    const nurse = await buildUser(server.db.kysely, { permissions: ["calllog::use_module"] });
    const client = new TestClient(server.app);
    await client.login(nurse.username, nurse.password);
    for (const [query, variables] of [
      [LIST, {}],
      [CREATE, { data: { name: "X", char: "X", color: "#000000" } }],
      [DELETE, { ids: [1] }],
    ] as const) {
      const result = await client.gql(query, variables);
      expect(result.errors?.[0]?.extensions?.code).toBe("MISSING_PERMISSION");
    }
  });

  it("creates with defaults, applies the input filter and audits every field", async () => {
    const result = await admin.gql<{ createCallType: CallTypeRow }>(CREATE, { data: { name: "Patientenruf", char: "p", color: "#E03131" } });
    expect(result.errors).toBeUndefined();
    // spec: "value uppercased"; "sort_order default 999"; urgency default NORMAL.
    expect(result.data?.createCallType).toMatchObject({ name: "Patientenruf", char: "P", urgency: "NORMAL", sort_order: 999, fullscreen: false });
    const audit = await server.db.kysely
      .selectFrom("audit_logs")
      .innerJoin("audit_log_changes", "audit_log_changes.audit_log_id", "audit_logs.id")
      .select(["audit_logs.action", "audit_logs.entity_type", "audit_log_changes.field", "audit_log_changes.value_new"])
      .where("audit_logs.entity_id", "=", result.data?.createCallType.id ?? 0)
      .where("audit_logs.entity_type", "=", "callType")
      .execute();
    expect(audit).toContainEqual({ action: "created", entity_type: "callType", field: "name", value_new: "Patientenruf" });
  });

  it.each([
    // spec §5: "required: {field} is needed."
    ["required name", { char: "A", color: "#000000" }, "name", "validation.required"],
    ["colour format", { name: "A", char: "A", color: "red" }, "color", "validation.colour"],
    ["char too long", { name: "A", char: "AB", color: "#000000" }, "char", "validation.max_length"],
    ["unknown urgency", { name: "A", char: "A", color: "#000000", urgency: "PANIC" }, "urgency", "validation.one_option_required"],
    ["long text with umlauts", { name: "A", char: "A", color: "#000000", text: "Bad Küche" }, "text", "validation.format"],
    // spec §5: "unique: already used."
    ["duplicate name", { name: "patientenruf ", char: "A", color: "#000000" }, "name", "validation.unique"],
  ])("answers %s with a per-field error and stores nothing", async (_case, data, field, message) => {
    const before = await admin.gql<{ callTypes: { total: number } }>(LIST);
    const result = await admin.gql(CREATE, { data });
    expect(result.errors?.[0]?.extensions?.code).toBe("VALIDATION");
    expect(fieldsOf(result.errors)[field]?.[0]?.message).toBe(message);
    const after = await admin.gql<{ callTypes: { total: number } }>(LIST);
    expect(after.data?.callTypes.total).toBe(before.data?.callTypes.total);
  });

  it("rejects unknown fields and wrong types without a 500", async () => {
    const unknown = await admin.gql(CREATE, { data: { name: "A", char: "A", color: "#000000", admin: true } });
    expect(unknown.errors?.[0]?.extensions?.code).toBe("VALIDATION");
    const wrongType = await admin.gql(CREATE, { data: { name: 5, char: "A", color: "#000000" } });
    expect(wrongType.errors?.[0]?.extensions?.code).toBe("VALIDATION");
  });

  it("lists with search, sort and pagination", async () => {
    for (const name of ["Bad", "WC", "Notruf", "Anwesenheit"]) {
      await admin.gql(CREATE, { data: { name, char: name.charAt(0), color: "#1C7ED6" } });
    }
    const page = await admin.gql<{ callTypes: { total: number; items: CallTypeRow[] } }>(LIST, {
      filter: { sort: "name", direction: "DESC", offset: 1, limit: 2 },
    });
    expect(page.data?.callTypes.total).toBe(5);
    expect(page.data?.callTypes.items.map((i) => i.name)).toEqual(["Patientenruf", "Notruf"]);
    const search = await admin.gql<{ callTypes: { items: CallTypeRow[] } }>(LIST, { filter: { search: "RUF" } });
    expect(search.data?.callTypes.items.map((i) => i.name).sort()).toEqual(["Notruf", "Patientenruf"]);
    const injection = await admin.gql<{ callTypes: { total: number } }>(LIST, { filter: { search: "%' OR 1=1 --", sort: "name; drop table call_types" } });
    expect(injection.data?.callTypes.total).toBe(0);
  });

  it("updates only what changed and audits old and new values", async () => {
    const list = await admin.gql<{ callTypes: { items: CallTypeRow[] } }>(LIST, { filter: { search: "Notruf" } });
    const notruf = list.data?.callTypes.items[0] as CallTypeRow;
    const result = await admin.gql<{ updateCallType: CallTypeRow }>(UPDATE, {
      id: notruf.id,
      data: { name: "Notruf", char: "N", color: "#C92A2A", urgency: "EMERGENCY" },
    });
    expect(result.data?.updateCallType).toMatchObject({ urgency: "EMERGENCY", color: "#C92A2A" });
    const changes = await server.db.kysely
      .selectFrom("audit_log_changes")
      .innerJoin("audit_logs", "audit_logs.id", "audit_log_changes.audit_log_id")
      .select(["audit_log_changes.field", "audit_log_changes.value_old", "audit_log_changes.value_new"])
      .where("audit_logs.action", "=", "updated")
      .where("audit_logs.entity_id", "=", notruf.id)
      .execute();
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: "urgency", value_old: "NORMAL", value_new: "EMERGENCY" },
        { field: "color", value_old: "#1C7ED6", value_new: "#C92A2A" },
      ]),
    );
    expect(changes.map((c) => c.field)).not.toContain("name");
  });

  it("an update leaves the fields it does not send as they are; a field sent as null goes back to its default", async () => {
    const created = await admin.gql<{ createCallType: CallTypeRow & { text: string | null; fullscreen: boolean; flag: string } }>(CREATE, {
      data: { name: "Sturz", char: "S", color: "#F08C00", urgency: "URGENT", flag: "Presence", text: "Sturzmelder", fullscreen: true },
    });
    const id = created.data?.createCallType.id ?? 0;
    const renamed = await admin.gql<{ updateCallType: Record<string, unknown> }>(UPDATE, { id, data: { name: "Sturzmeldung" } });
    expect(renamed.errors).toBeUndefined();
    expect(renamed.data?.updateCallType).toMatchObject({
      name: "Sturzmeldung",
      char: "S",
      color: "#F08C00",
      urgency: "URGENT",
      flag: "Presence",
      text: "Sturzmelder",
      fullscreen: true,
    });
    const cleared = await admin.gql<{ updateCallType: Record<string, unknown> }>(UPDATE, { id, data: { text: null, flag: null } });
    expect(cleared.data?.updateCallType).toMatchObject({ name: "Sturzmeldung", urgency: "URGENT", text: "", flag: "None" });
  });

  it("keeps systems apart: system 02 sees none of system 01's records and cannot touch them", async () => {
    const system1 = await admin.gql<{ callTypes: { items: CallTypeRow[] } }>(LIST);
    const someId = system1.data?.callTypes.items[0]?.id ?? 0;
    admin.system = "02";
    const other = await admin.gql<{ callTypes: { total: number } }>(LIST);
    expect(other.data?.callTypes.total).toBe(0);
    const update = await admin.gql(UPDATE, { id: someId, data: { name: "Hijack", char: "H", color: "#000000" } });
    expect(update.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const removal = await admin.gql(DELETE, { ids: [someId] });
    expect(removal.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    // The same name is fine in another system.
    const created = await admin.gql(CREATE, { data: { name: "Patientenruf", char: "P", color: "#E03131" } });
    expect(created.errors).toBeUndefined();
    admin.system = "01";
  });

  it("sorts: the order of ids becomes sort_order; an incomplete list is refused", async () => {
    const list = await admin.gql<{ callTypes: { items: CallTypeRow[] } }>(LIST, { filter: { sort: "name" } });
    const ids = (list.data?.callTypes.items ?? []).map((i) => i.id);
    const incomplete = await admin.gql(SORT, { ids: ids.slice(1) });
    expect(incomplete.errors?.[0]?.extensions?.code).toBe("VALIDATION");
    const reversed = [...ids].reverse();
    expect((await admin.gql<{ sortCallTypes: boolean }>(SORT, { ids: reversed })).data?.sortCallTypes).toBe(true);
    const sorted = await admin.gql<{ callTypes: { items: CallTypeRow[] } }>(LIST);
    expect(sorted.data?.callTypes.items.map((i) => i.id)).toEqual(reversed);
    expect(sorted.data?.callTypes.items.map((i) => i.sort_order)).toEqual(reversed.map((_, i) => i));
  });

  it("deletes with an audit entry; unknown ids are NOT_FOUND and delete nothing", async () => {
    const list = await admin.gql<{ callTypes: { items: CallTypeRow[] } }>(LIST, { filter: { search: "WC" } });
    const wc = list.data?.callTypes.items[0] as CallTypeRow;
    const missing = await admin.gql(DELETE, { ids: [wc.id, 999999] });
    expect(missing.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const result = await admin.gql<{ deleteCallType: { id: number; name: string }[] }>(DELETE, { ids: [wc.id] });
    expect(result.data?.deleteCallType).toEqual([{ id: wc.id, name: "WC" }]);
    const audit = await server.db.kysely.selectFrom("audit_logs").select("action").where("entity_id", "=", wc.id).where("action", "=", "deleted").execute();
    expect(audit).toHaveLength(1);
  });
});

describe.each(TEST_DIALECTS)("call sources on %s: duplicates, integer search, settings rule", (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  const CREATE_SOURCE = "mutation($data: CallSourceInput!) { createCallSource(data: $data) { id char number text } }";
  beforeAll(async () => {
    server = await startTestServer(dialect);
    await buildSystem(server.db.kysely, 1);
    const user = await buildUser(server.db.kysely, { is_superuser: true });
    admin = new TestClient(server.app);
    await admin.login(user.username, user.password);
  });
  afterAll(() => server.close());

  it("refuses a second call source with the same char and number (spec: duplicate)", async () => {
    expect((await admin.gql(CREATE_SOURCE, { data: { char: "a", number: 12, text: "Zimmer 12" } })).errors).toBeUndefined();
    const again = await admin.gql(CREATE_SOURCE, { data: { char: "A", number: 12, text: "Zimmer 12b" } });
    expect(fieldsOf(again.errors)["number"]?.[0]?.message).toBe("validation.duplicate");
  });

  it("needs a name unless allow_empty_call_source_names is on", async () => {
    const result = await admin.gql(CREATE_SOURCE, { data: { char: "B", number: 1 } });
    expect(fieldsOf(result.errors)["text"]?.[0]?.message).toBe("validation.required");
  });

  it("searches integer columns", async () => {
    const found = await admin.gql<{ callSources: { items: { number: number }[] } }>('{ callSources(filter: { search: "12" }) { items { number } } }');
    expect(found.errors).toBeUndefined();
    expect(found.data?.callSources.items.map((i) => i.number)).toEqual([12]);
  });
});

describe("change announcements", () => {
  it("publishes schedule.updated on systemMessages when a schedule changes (spec §7)", async () => {
    const server = await startTestServer("sqlite");
    await buildSystem(server.db.kysely, 1);
    const root = await buildUser(server.db.kysely, { is_superuser: true });
    const admin = new TestClient(server.app);
    await admin.login(root.username, root.password);
    const messages = server.pubsub.subscribe("system-messages");
    const result = await admin.gql('mutation { createSchedule(data: { name: "Tag/Nacht", time_1: "07:00", time_2: "19:00" }) { id time_1 time_2 } }');
    expect(result.data).toMatchObject({ createSchedule: { time_1: "07:00", time_2: "19:00" } });
    // A configuration change also says so (getsconfig.changed, docs/decisions/026); the display's subject follows.
    const subjects: unknown[] = [];
    for (let i = 0; i < 2; i++) subjects.push((await messages.next()).value);
    expect(subjects).toContainEqual({ subject: "schedule.updated", payload: JSON.stringify({ system_id: 1 }) });
    await messages.return(undefined);
    await server.close();
  });
});

describe.each(TEST_DIALECTS)("ids below the sentinels on %s", (dialect) => {
  // spec §4 "Sentinel ids: schedule 255 none, 20 all day; display group 255 none, 254 all, 253 section."
  it("gives schedules the smallest free id, never 20 or above, even after deletions", async () => {
    const server = await startTestServer(dialect);
    await buildSystem(server.db.kysely, 1);
    const root = await buildUser(server.db.kysely, { is_superuser: true });
    const admin = new TestClient(server.app);
    await admin.login(root.username, root.password);
    const create = async (name: string) =>
      admin.gql<{ createSchedule: { id: number } }>(
        `mutation($name: String!) { createSchedule(data: { name: $name, time_1: "07:00", time_2: "19:00" }) { id } }`,
        { name },
      );

    const ids: number[] = [];
    for (let i = 1; i <= 19; i++) ids.push((await create(`Plan ${i}`)).data?.createSchedule.id ?? -1);
    expect(ids).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
    // The twentieth would be the "all day" sentinel: max reached (spec §8).
    expect((await create("Plan 20")).errors?.[0]?.extensions?.["reason"]).toBe("max_reached");

    // Deleting and creating again reuses the freed id instead of counting on towards 20.
    await admin.gql("mutation { deleteSchedule(ids: [3, 7]) { id } }");
    expect((await create("Plan neu")).data?.createSchedule.id).toBe(3);
    expect((await create("Plan neu 2")).data?.createSchedule.id).toBe(7);
    await server.close();
  });

  it("gives display groups ids below 253", async () => {
    const server = await startTestServer(dialect);
    await buildSystem(server.db.kysely, 1);
    const root = await buildUser(server.db.kysely, { is_superuser: true });
    const admin = new TestClient(server.app);
    await admin.login(root.username, root.password);
    // An imported configuration may hold ids up to 252 already.
    const now = Date.now();
    await server.db.kysely
      .insertInto("display_groups" as never)
      .values({ id: 252, system_id: 1, name: "Import", created_at: now, updated_at: now } as never)
      .execute();
    const created = await admin.gql<{ createDisplayGroup: { id: number } }>(`mutation { createDisplayGroup(data: { name: "Station 1" }) { id } }`);
    expect(created.data?.createDisplayGroup.id).toBe(1);
    await server.close();
  });

  it("starts a new hub with the server-set status Unknown (the insert failed with INTERNAL; found by the mutation fuzz)", async () => {
    const server = await startTestServer(dialect);
    await buildSystem(server.db.kysely, 1);
    const root = await buildUser(server.db.kysely, { is_superuser: true });
    const admin = new TestClient(server.app);
    await admin.login(root.username, root.password);
    const created = await admin.gql<{ createHub: { name: string; status: string; last_sync: string | null } }>(
      `mutation { createHub(data: { name: "Hub Nord", ip: "127.0.0.2", username: "admin", password: "hub secret 1" }) { name status last_sync } }`,
    );
    expect(created.errors).toBeUndefined();
    expect(created.data?.createHub).toMatchObject({ name: "Hub Nord", status: "Unknown" });
    await server.close();
  });
});
