import { demoHospital } from "@caresuite/simulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildSystem, buildUser } from "../../test-support/builders.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { CALL_LOG_TOTAL_CAP } from "./call-log.repo.ts";
import { queryCallLog } from "./call-log.service.ts";
import { generateCallHistory, SIMULATED_JOURNAL } from "./call-history.ts";
import { applyControllerEvents } from "./apply-event.ts";
import { importControllerConfig } from "./import-config.ts";

// The day after the spring change (29 March 2026): "yesterday" in Zurich is 23 hours long.
const NOW = Date.parse("2026-03-30T10:00:00.000Z");
const MIN = 60_000;
const FIELDS = "id number call_type_id section_id opened_at closed_at is_closed duration presence_at response_time";

interface Row {
  id: number;
  number: number;
  call_type_id: number;
  section_id: number | null;
  opened_at: string;
  closed_at: string | null;
  is_closed: boolean;
  duration: number;
  presence_at: string | null;
  response_time: number | null;
}
interface Page {
  items: Row[];
  total: number | null;
  total_capped: boolean;
  from: string | null;
  to: string | null;
  time_zone: string;
}
type Answer = { data?: { callLog: Page } | null; errors?: { extensions?: Record<string, unknown> }[] };

describe.each(TEST_DIALECTS)("callLog filters, sorts and paging on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let floor1: number;
  let repeater: number;
  let external = 0;
  const log = (filter: string, client = admin): Promise<Answer> =>
    client.gql(`{ callLog(filter: ${filter}) { total total_capped from to time_zone items { ${FIELDS} } } }`) as Promise<Answer>;
  const numbers = (answer: Answer) => answer.data?.callLog.items.map((c) => c.number);
  const fields = (answer: Answer) => answer.errors?.[0]?.extensions;

  /** One call as the call path stores it; times relative to NOW. */
  const insert = async (device: number, type: number, opened: string, closedAfterMin: number | null, presenceAfterMin: number | null = null) => {
    const openedAt = Date.parse(opened);
    external += 1;
    const node = await server.db.kysely
      .selectFrom("system_tree_nodes")
      .select(["section_id", "text_long", "parent_id"])
      .where("id", "=", device)
      .executeTakeFirst();
    await server.db.kysely
      .insertInto("calls")
      .values({
        system_id: 1,
        journal_id: "test",
        external_id: external,
        device_id: device,
        call_type_id: type,
        call_source_id: null,
        section_id: device === 10 ? 2 : device === 17 ? 4 : 1,
        opened_at: openedAt,
        closed_at: closedAfterMin === null ? null : openedAt + closedAfterMin * MIN,
        presence_at: presenceAfterMin === null ? null : openedAt + presenceAfterMin * MIN,
        close_reason: null,
        manually_closed_by_username: null,
        handled_by_app_username: null,
        call_type_text: `type ${type}`,
        call_source_text: "",
        device_text_short: "",
        device_text_long: node?.text_long ?? "",
        section_name: "",
        seq: external,
      })
      .execute();
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    server.clock.now = NOW;
    await buildSystem(server.db.kysely, 1);
    await importControllerConfig(server.db.kysely, 1, demoHospital(NOW), NOW);
    floor1 = (await server.db.kysely.selectFrom("system_tree_nodes").select("id").where("name", "=", "1. OG").executeTakeFirstOrThrow()).id;
    // A repeater (spec §3.6 node kinds): its defect calls need calllog::see_repeater_defects.
    repeater = 9000;
    await server.db.kysely
      .insertInto("system_tree_nodes")
      .values({
        system_id: 1,
        id: repeater,
        kind: "repeater",
        parent_id: floor1,
        name: "Repeater 1",
        created_at: NOW,
        updated_at: NOW,
        sort_order: 0,
        text_long: "REPEATER 1",
        text_short: "REP1",
        is_enabled: 1,
        reachable: 1,
      })
      .execute();
    const root = await buildUser(server.db.kysely, { username: "root", is_superuser: true });
    admin = new TestClient(server.app);
    await admin.login(root.username, root.password);
    // Zimmer 101 Bett 1 (23), Zimmer 102 Bett 1 (24) on 1. OG; Zimmer 201 Bett 1 (10) on 2. OG; Heizung (17, tech).
    await insert(23, 4, "2026-03-28T22:30:00.000Z", 3, 2); // the day before yesterday, local
    await insert(23, 4, "2026-03-29T12:00:00.000Z", 10, 4); // yesterday
    await insert(24, 3, "2026-03-29T21:59:00.000Z", 1); // yesterday's last minute (CEST)
    await insert(10, 2, "2026-03-29T22:00:00.000Z", 30, 1); // today, local
    await insert(10, 4, "2026-03-30T09:30:00.000Z", null, 5); // open, staff present
    await insert(24, 4, "2026-03-30T09:50:00.000Z", null); // open, waiting 10 min
    await insert(17, 1, "2026-03-30T08:00:00.000Z", 20); // a defect (call type 1 has flag Defect)
    await insert(repeater, 1, "2026-03-30T07:00:00.000Z", 60); // a repeater's defect
  });
  afterAll(() => server.close());

  it("resolves the named ranges in the system's time zone and says which period it used", async () => {
    const yesterday = await log("{ range: YESTERDAY }");
    expect(yesterday.errors).toBeUndefined();
    expect(yesterday.data?.callLog).toMatchObject({ from: "2026-03-28T23:00:00.000Z", to: "2026-03-29T22:00:00.000Z", time_zone: "Europe/Zurich", total: 2 });
    expect(numbers(yesterday)).toEqual([24, 23]);
    expect(numbers(await log("{ range: DAY_BEFORE_YESTERDAY }"))).toEqual([23]);
    expect(numbers(await log("{ range: HOURS_1 }"))).toEqual([24, 10]);
    expect((await log("{ range: SINCE_BEGINNING }")).data?.callLog.total).toBe(8);
    // Another zone moves the calendar days.
    await server.db.kysely.updateTable("systems").set({ timezone: "UTC" }).where("id", "=", 1).execute();
    expect((await log("{ range: YESTERDAY }")).data?.callLog).toMatchObject({ from: "2026-03-29T00:00:00.000Z", to: "2026-03-30T00:00:00.000Z" });
    await server.db.kysely.updateTable("systems").set({ timezone: "Europe/Zurich" }).where("id", "=", 1).execute();
  });

  it("filters a custom from–to (local dates, the end day included)", async () => {
    const answer = await log('{ from: "2026-03-29", to: "2026-03-29" }');
    expect(answer.data?.callLog).toMatchObject({ from: "2026-03-28T23:00:00.000Z", to: "2026-03-29T22:00:00.000Z" });
    expect(numbers(answer)).toEqual([24, 23]);
    expect(numbers(await log('{ from: "2026-03-30T09:00:00Z" }'))).toEqual([24, 10]);
  });

  it("filters by call types, sections, a device, a node's subtree, open or closed, minimum duration", async () => {
    expect(numbers(await log("{ call_type_ids: [2, 3] }"))).toEqual([10, 24]);
    expect(numbers(await log("{ section_ids: [2] }"))).toEqual([10, 10]);
    expect(numbers(await log("{ device_id: 23 }"))).toEqual([23, 23]);
    // A floor means every device below it: beds of rooms 101 and 102 and the repeater, not 2. OG.
    expect(numbers(await log(`{ node_ids: [${floor1}] }`))).toEqual([24, repeater, 24, 23, 23]);
    expect(numbers(await log("{ state: OPEN }"))).toEqual([24, 10]);
    expect((await log("{ state: CLOSED }")).data?.callLog.total).toBe(6);
    // At least 15 minutes: the 30 and 60 minute calls, the 20 minute defect and the call open for 30.
    expect(numbers(await log("{ min_duration_seconds: 900 }"))).toEqual([10, 17, repeater, 10]);
    expect(numbers(await log(`{ node_ids: [${floor1}], state: CLOSED, call_type_ids: [4], range: YESTERDAY }`))).toEqual([23]);
  });

  it("exposes duration and response time (opened until presence, else until the close)", async () => {
    const items = (await log("{ device_id: 10 }")).data?.callLog.items ?? [];
    expect(items[0]).toMatchObject({ is_closed: false, duration: 30 * 60, presence_at: "2026-03-30T09:35:00.000Z", response_time: 5 * 60 });
    expect(items[1]).toMatchObject({ is_closed: true, duration: 30 * 60, response_time: 60 });
    const waiting = (await log("{ device_id: 24, state: OPEN }")).data?.callLog.items[0];
    expect(waiting).toMatchObject({ duration: 10 * 60, response_time: null });
    const reset = (await log("{ call_type_ids: [3] }")).data?.callLog.items[0];
    expect(reset).toMatchObject({ duration: 60, response_time: 60, presence_at: null });
  });

  it("sorts by the whitelisted columns; open calls come last by close, duration and response", async () => {
    expect(numbers(await log("{ sort: DURATION, direction: DESC }"))).toEqual([repeater, 10, 17, 23, 23, 24, 24, 10]);
    expect(numbers(await log("{ sort: RESPONSE_TIME, direction: ASC }"))).toEqual([24, 10, 23, 23, 10, 17, repeater, 24]);
    expect(numbers(await log("{ sort: OPENED_AT, direction: ASC }"))?.[0]).toBe(23);
    expect(numbers(await log("{ sort: CALL_TYPE, direction: ASC, state: CLOSED }"))).toEqual([repeater, 17, 10, 24, 23, 23]);
    expect((await log("{ sort: NODE }")).errors).toBeUndefined();
    expect((await log("{ sort: SECTION }")).errors).toBeUndefined();
    expect((await log("{ sort: CLOSED_AT }")).data?.callLog.items.slice(-2).map((c) => c.is_closed)).toEqual([false, false]);
    // Not in the whitelist: the schema refuses it before any SQL.
    expect((await log("{ sort: device_text_long }")).errors?.[0]).toBeDefined();
  });

  it("pages with offset and limit; total only on the first page unless asked", async () => {
    const first = await log("{ limit: 3 }");
    const second = await log("{ limit: 3, offset: 3 }");
    expect(first.data?.callLog.total).toBe(8);
    expect(second.data?.callLog.total).toBeNull();
    expect((await log("{ limit: 3, offset: 3, with_total: true }")).data?.callLog.total).toBe(8);
    const all = numbers(await log("{ limit: 8 }"));
    expect([...(numbers(first) ?? []), ...(numbers(second) ?? []), ...(numbers(await log("{ limit: 3, offset: 6 }")) ?? [])]).toEqual(all);
  });

  it.each([
    ["{ limit: 1000000 }", "limit", "validation.between", { min: 1, max: 500 }],
    ["{ limit: 0 }", "limit", "validation.between", { min: 1, max: 500 }],
    ["{ offset: -1 }", "offset", "validation.between", { min: 0 }],
    ["{ min_duration_seconds: -5 }", "min_duration_seconds", "validation.min", { min: 0 }],
    ["{ call_type_ids: [4, 77, 99] }", "call_type_ids", "validation.unknown_reference", { value: "77, 99" }],
    ["{ section_ids: [42] }", "section_ids", "validation.unknown_reference", { value: "42" }],
    ["{ node_ids: [123456] }", "node_ids", "validation.unknown_reference", { value: "123456" }],
    ["{ device_id: 123456 }", "device_id", "validation.unknown_reference", { value: "123456" }],
    ['{ from: "2026-03-30", to: "2026-03-01" }', "from", "validation.date_after", {}],
    ['{ from: "2010-01-01", to: "2026-03-01" }', "to", "validation.range_too_long", { years: 10 }],
    ['{ from: "yesterday" }', "from", "validation.format", {}],
    ['{ range: HOURS_24, from: "2026-03-01" }', "range", "validation.cannot_be_same", {}],
  ])("refuses %s: VALIDATION on %s with %s", async (filter, field, message, data) => {
    const answer = await log(filter);
    expect(answer.data?.callLog ?? null).toBeNull();
    expect(fields(answer)?.["code"]).toBe("VALIDATION");
    expect((fields(answer)?.["fields"] as Record<string, { message: string; data: unknown }[]>)[field]?.[0]).toMatchObject({
      message,
      data: expect.objectContaining({ field, ...data }),
    });
  });

  it("reports every bad field at once", async () => {
    const answer = await log("{ limit: 1000000, call_type_ids: [77], section_ids: [42] }");
    expect(Object.keys(fields(answer)?.["fields"] as object).sort()).toEqual(["call_type_ids", "limit", "section_ids"]);
  });

  it("shows defect calls only with calllog::see_defects, repeaters' with calllog::see_repeater_defects", async () => {
    const as = async (permissions: string[]) => {
      const user = await buildUser(server.db.kysely, { permissions, password: "call log pw 1234" });
      const client = new TestClient(server.app);
      await client.login(user.username, "call log pw 1234");
      return client;
    };
    const defects = async (client: TestClient) => numbers(await log("{ call_type_ids: [1] }", client));
    expect(await defects(await as(["calllog::use_module"]))).toEqual([]);
    expect(await defects(await as(["calllog::use_module", "calllog::see_defects"]))).toEqual([17]);
    expect(await defects(await as(["calllog::use_module", "calllog::see_repeater_defects"]))).toEqual([repeater]);
    expect(await defects(await as(["calllog::use_module", "calllog::see_defects", "calllog::see_repeater_defects"]))).toEqual([17, repeater]);
    // The last 24 hours hold seven calls; the two defects are left out.
    expect((await log("{ range: HOURS_24 }", await as(["calllog::use_module"]))).data?.callLog.total).toBe(5);
    expect(fields(await log("{}", await as(["systemtree::use_module"])))?.["code"]).toBe("MISSING_PERMISSION");
    expect(fields(await log("{}", new TestClient(server.app)))?.["code"]).toBe("MISSING_AUTH");
  });

  it("gives every call log user the sections and the tree's nodes to filter by (route /log: calllog::use_module only)", async () => {
    const user = await buildUser(server.db.kysely, { permissions: ["calllog::use_module"], password: "call log pw 1234" });
    const nurse = new TestClient(server.app);
    await nurse.login(user.username, "call log pw 1234");
    type Sections = { data?: { callLogSections: { id: number; name: string }[] } | null; errors?: { extensions?: Record<string, unknown> }[] };
    const sections = (await nurse.gql("{ callLogSections { id name } }")) as Sections;
    expect(sections.errors).toBeUndefined();
    expect(sections.data?.callLogSections.length).toBeGreaterThan(0);
    const names = sections.data?.callLogSections.map((section) => section.name) ?? [];
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const nodes = (await nurse.gql(`{ systemTreeNodeChoices(purpose: PARENT, search: "") { id } }`)) as { data?: { systemTreeNodeChoices: unknown[] } | null };
    expect(nodes.data?.systemTreeNodeChoices.length).toBeGreaterThan(0);
    const other = await buildUser(server.db.kysely, { permissions: ["displays::use_module"], password: "call log pw 1234" });
    const outsider = new TestClient(server.app);
    await outsider.login(other.username, "call log pw 1234");
    expect(((await outsider.gql("{ callLogSections { id } }")) as Sections).errors?.[0]?.extensions?.["code"]).toBe("MISSING_PERMISSION");
    expect(((await new TestClient(server.app).gql("{ callLogSections { id } }")) as Sections).errors?.[0]?.extensions?.["code"]).toBe("MISSING_AUTH");
  });

  it("presence at one bed marks the open calls of its whole room, not the next room's (response time)", async () => {
    const room = (await server.db.kysely.selectFrom("system_tree_nodes").select("parent_id").where("id", "=", 23).executeTakeFirstOrThrow()).parent_id;
    const roommates = await server.db.kysely.selectFrom("system_tree_nodes").select("id").where("parent_id", "=", room).where("id", "!=", 23).execute();
    const bath = roommates[0]?.id ?? 0;
    const at = "2026-03-30T09:58:00.000Z";
    const opened = (seq: number, device: number) => ({
      seq,
      type: "call.opened",
      at,
      data: { call_id: seq, device_id: device, call_type_id: 3, section_id: 1, call_source_id: null, opened_at: "2026-03-30T09:55:00.000Z" },
    });
    await applyControllerEvents(
      server.db.kysely,
      1,
      [opened(1, bath), opened(2, 24), { seq: 3, type: "presence.on", at, data: { device_id: 23, section_id: 1 } }],
      NOW,
    );
    const marked = await server.db.kysely
      .selectFrom("calls")
      .select(["device_id", "presence_at"])
      .where("journal_id", "=", "")
      .orderBy("external_id")
      .execute();
    expect(marked.map((c) => [c.device_id, c.presence_at === null ? null : Number(c.presence_at)])).toEqual([
      [bath, Date.parse(at)],
      [24, null],
    ]);
    const answer = await log(`{ device_id: ${bath} }`);
    expect(answer.data?.callLog.items[0]).toMatchObject({ response_time: 180, is_closed: false });
    await server.db.kysely.deleteFrom("calls").where("journal_id", "=", "").execute();
  });

  it("caps the count of a large history (simulated: consistent rows for the real tree)", async () => {
    const generated = await generateCallHistory(server.db.kysely, { systemId: 1, days: 3, callsPerDay: 2500, now: NOW - 3 * 86_400_000, seed: 7 });
    expect(generated.calls).toBeGreaterThan(6000);
    const rows = await server.db.kysely.selectFrom("calls").selectAll().where("journal_id", "=", SIMULATED_JOURNAL).execute();
    expect(rows.length).toBe(generated.calls + generated.presenceCalls);
    for (const row of rows.slice(0, 2000)) {
      expect(row.section_name === "" || row.section_id !== null).toBe(true);
      if (row.presence_at !== null) expect(Number(row.presence_at)).toBeGreaterThanOrEqual(Number(row.opened_at));
      if (row.closed_at !== null) expect(Number(row.closed_at)).toBeGreaterThanOrEqual(Number(row.presence_at ?? row.opened_at));
    }
    const page = (await log("{ limit: 500 }")).data?.callLog;
    expect(page).toMatchObject({ total: CALL_LOG_TOTAL_CAP, total_capped: true });
    expect(page?.items).toHaveLength(500);
    // The service function report jobs call: a whole period past the page bound.
    const report = await queryCallLog(
      { db: server.db, user: { is_superuser: true, permissions: [] }, now: () => NOW },
      1,
      { range: "SINCE_BEGINNING", limit: 5000 },
      { maxLimit: 20_000 },
    );
    expect(report.items).toHaveLength(5000);
  });
});
