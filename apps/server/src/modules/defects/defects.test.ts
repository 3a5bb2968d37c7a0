import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildUser } from "../../test-support/builders.ts";
import { startLinkedSystem, type LinkedSystem } from "../../test-support/linked-system.ts";
import { TEST_DIALECTS } from "../../test-support/test-server.ts";
import { entityTables } from "../entities/entity-tables.ts";

/**
 * /admin/defects (route table "admin::manage_system or calllog::see_defects"): the devices with an
 * open call of a call type flagged Defect, and IgnoreDefects (spec data §3.1 "Control actions")
 * sent down the link for a device or the whole system, audited.
 */

const DEFECTS = `{ defects { device_id device_name device_path call_type_id call_type_name since open_calls } }`;
const IGNORE = `mutation($id: Int) { ignoreDefects(deviceID: $id) { success sent_to } }`;
const AUDIT = `query($input: AuditLogFilter!) { auditLogs(input: $input) { entity_type entity_id meta } }`;

type Errors = { message: string; extensions?: Record<string, unknown> }[] | undefined;
const code = (errors: Errors): unknown => errors?.[0]?.extensions?.["code"];

type Defect = { device_id: number; device_name: string; device_path: string; call_type_id: number; call_type_name: string; since: string; open_calls: number };

describe.each(TEST_DIALECTS)("defects on %s", (dialect) => {
  let linked: LinkedSystem;
  let technician: TestClient;
  let nurse: TestClient;
  let external = 900_000;
  const OPENED = Date.parse("2026-03-20T06:00:00Z");

  const insertCall = async (device: number, type: number, openedAt: number, closed: boolean) => {
    external += 1;
    await linked.server.db.kysely
      .insertInto("calls")
      .values({
        system_id: 1,
        journal_id: "test",
        external_id: external,
        device_id: device,
        call_type_id: type,
        call_source_id: null,
        section_id: 4,
        opened_at: openedAt,
        closed_at: closed ? openedAt + 60_000 : null,
        presence_at: null,
        close_reason: null,
        manually_closed_by_username: null,
        handled_by_app_username: null,
        call_type_text: "",
        call_source_text: "",
        device_text_short: "",
        device_text_long: "",
        section_name: "",
        seq: external,
      })
      .execute();
  };

  beforeAll(async () => {
    linked = await startLinkedSystem(dialect);
    const t = await buildUser(linked.server.db.kysely, {
      username: "technik",
      permissions: ["calllog::use_module", "calllog::see_defects", "systemtree::see_tech_devices"],
    });
    const n = await buildUser(linked.server.db.kysely, { username: "pflege", permissions: ["calllog::use_module"] });
    technician = new TestClient(linked.server.app);
    nurse = new TestClient(linked.server.app);
    await technician.login(t.username, t.password);
    await nurse.login(n.username, n.password);
  }, 60_000);
  afterAll(() => linked.close());

  it("lists the devices with an open defect call, with their path and since when; closed defects and other call types are not", async () => {
    const db = linked.server.db.kysely;
    const defectType = await entityTables(db)
      .selectFrom("call_types")
      .select(["id", "name"])
      .where("system_id", "=", 1)
      .where("flag", "=", "Defect")
      .executeTakeFirstOrThrow();
    const other = await entityTables(db).selectFrom("call_types").select("id").where("system_id", "=", 1).where("flag", "=", "None").executeTakeFirstOrThrow();
    const device = await db
      .selectFrom("system_tree_nodes")
      .select(["id", "name", "parent_id"])
      .where("system_id", "=", 1)
      .where("kind", "=", "tech")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const parent = await db
      .selectFrom("system_tree_nodes")
      .select("name")
      .where("id", "=", device.parent_id ?? 0)
      .where("system_id", "=", 1)
      .executeTakeFirstOrThrow();
    await insertCall(device.id, Number(defectType.id), OPENED + 60_000, false);
    await insertCall(device.id, Number(defectType.id), OPENED, false);
    await insertCall(device.id, Number(defectType.id), OPENED - 3_600_000, true);
    await insertCall(device.id, Number(other.id), OPENED - 7_200_000, false);

    const answer = await technician.gql<{ defects: Defect[] }>(DEFECTS);
    expect(answer.errors).toBeUndefined();
    const mine = answer.data?.defects.filter((d) => d.device_id === device.id) ?? [];
    expect(mine).toEqual([
      {
        device_id: device.id,
        device_name: device.name,
        device_path: expect.stringContaining(`${parent.name} › ${device.name}`),
        call_type_id: Number(defectType.id),
        call_type_name: defectType.name,
        since: new Date(OPENED).toISOString(),
        open_calls: 2,
      },
    ]);
  });

  it("needs admin::manage_system or calllog::see_defects", async () => {
    expect(code((await nurse.gql(DEFECTS)).errors)).toBe("MISSING_PERMISSION");
    expect(code((await nurse.gql(IGNORE, { id: 17 })).errors)).toBe("MISSING_PERMISSION");
    expect(code((await new TestClient(linked.server.app).gql(DEFECTS)).errors)).toBe("MISSING_AUTH");
    expect((await linked.admin.gql(DEFECTS)).errors).toBeUndefined();
  });

  it("IgnoreDefects reaches the call system for a device and for the whole system, audited", async () => {
    const device = (await technician.gql<{ defects: Defect[] }>(DEFECTS)).data?.defects[0]?.device_id ?? 0;
    const one = await technician.gql(IGNORE, { id: device });
    expect(one.errors).toBeUndefined();
    expect(one.data).toEqual({ ignoreDefects: { success: true, sent_to: 1 } });
    const roots = await linked.server.db.kysely
      .selectFrom("system_tree_nodes")
      .select("id")
      .where("system_id", "=", 1)
      .where("parent_id", "is", null)
      .execute();
    const all = await technician.gql(IGNORE, {});
    expect(all.data).toEqual({ ignoreDefects: { success: true, sent_to: roots.length } });
    const audit = await linked.admin.gql<{ auditLogs: { entity_type: string; entity_id: number; meta: unknown }[] }>(AUDIT, { input: { limit: 60 } });
    const entries = (audit.data?.auditLogs ?? []).filter((e) => JSON.stringify(e.meta).includes("IgnoreDefects"));
    expect(entries.map((e) => e.entity_type).sort()).toEqual(["system", "systemtree"]);
    expect(entries.find((e) => e.entity_type === "systemtree")?.entity_id).toBe(device);
    // An unknown device is the caller's mistake (NOT_FOUND), a bad id a VALIDATION, never INTERNAL.
    expect(code((await technician.gql(IGNORE, { id: 987_654 })).errors)).toBe("NOT_FOUND");
    expect(code((await technician.gql(IGNORE, { id: -3 })).errors)).toBe("VALIDATION");
  });
});
