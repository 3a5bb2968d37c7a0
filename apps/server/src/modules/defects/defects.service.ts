import type { RequestContext } from "../../context.ts";
import { isControllerRefusal, refusalMessage } from "../../callsystem/protocol-client.ts";
import { AppError } from "../../errors/app-error.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { entityTables } from "../entities/entity-tables.ts";
import { nodeVisibility, requireVisibleNode } from "../systemtree/node-access.ts";
import { devicePaths } from "./device-paths.ts";

/**
 * /admin/defects (route table "admin::manage_system or calllog::see_defects"): the devices with an
 * open defect, that is an open call of a call type flagged Defect (spec data §3.1 "call type flag:
 * Defect"), and the control action IgnoreDefects (spec data §3.1 "Control actions: EndCalls,
 * IgnoreDefects, Mute, Restart, Unmute") for one device or the whole system, sent down the link
 * like sendDeviceAction (docs/decisions/038-technical-reports.md).
 */

export interface DefectView {
  device_id: number;
  device_name: string;
  /** The names of the device's parent chain, "Haus › 1. OG › Zimmer 101 › Bett 1". */
  device_path: string;
  call_type_id: number;
  call_type_name: string;
  /** ISO 8601: the opening of the oldest open defect call of this device and call type. */
  since: string;
  /** How many defect calls of this type are open at the device. */
  open_calls: number;
}

export async function listDefects(ctx: RequestContext): Promise<DefectView[]> {
  const db = ctx.db.kysely;
  const types = await entityTables(db)
    .selectFrom("call_types")
    .select(["id", "name"])
    .where("system_id", "=", ctx.systemId)
    .where("flag", "=", "Defect")
    .execute();
  if (types.length === 0) return [];
  const typeNames = new Map(types.map((t) => [Number(t.id), t.name ?? ""]));
  const rows = await db
    .selectFrom("calls")
    .select((eb) => ["device_id", "call_type_id", eb.fn.min<number>("opened_at").as("since"), eb.fn.countAll<number>().as("n")])
    .where("system_id", "=", ctx.systemId)
    .where("closed_at", "is", null)
    .where("call_type_id", "in", [...typeNames.keys()])
    .groupBy(["device_id", "call_type_id"])
    .execute();
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => r.device_id))];
  const facts = await db
    .selectFrom("system_tree_nodes")
    .select(["id", "kind", "is_tech", "radio", "call_source_id"])
    .where("system_id", "=", ctx.systemId)
    .where("id", "in", ids)
    .execute();
  const visible = await nodeVisibility(ctx);
  const hidden = new Set(facts.filter((node) => !visible(node)).map((node) => node.id));
  const paths = await devicePaths(db, ctx.systemId, ids);
  return rows
    .filter((row) => !hidden.has(row.device_id))
    .map((row) => {
      const path = paths.get(row.device_id);
      const callTypeId = Number(row.call_type_id);
      return {
        device_id: row.device_id,
        device_name: path?.name ?? `#${row.device_id}`,
        device_path: path?.path ?? `#${row.device_id}`,
        call_type_id: callTypeId,
        call_type_name: typeNames.get(callTypeId) ?? "",
        since: new Date(Number(row.since)).toISOString(),
        open_calls: Number(row.n),
      };
    })
    .sort((a, b) => a.since.localeCompare(b.since) || a.device_path.localeCompare(b.device_path));
}

export interface IgnoreDefectsResult {
  success: boolean;
  /** The nodes the action went to: the device, or the system's top-level nodes (the whole tree below them). */
  sent_to: number;
}

/**
 * IgnoreDefects for one device (deviceID) or, without one, for the whole system: the call system
 * acts on a node and everything below it (docs/protocol.md «Device actions»), so the system's
 * top-level nodes cover every device. Audited with what was sent and what the call system answered.
 */
export async function ignoreDefects(ctx: RequestContext, deviceID: number | null): Promise<IgnoreDefectsResult> {
  const db = ctx.db.kysely;
  let targets: number[];
  if (deviceID !== null) {
    if (!Number.isInteger(deviceID) || deviceID <= 0) {
      throw new AppError("VALIDATION", "bad device", { fields: { deviceID: [{ message: "validation.invalid", data: { field: "deviceID" } }] } });
    }
    await requireVisibleNode(ctx, deviceID);
    targets = [deviceID];
  } else {
    const roots = await db
      .selectFrom("system_tree_nodes")
      .select("id")
      .where("system_id", "=", ctx.systemId)
      .where("parent_id", "is", null)
      .orderBy("id")
      .execute();
    targets = roots.map((r) => r.id);
    if (targets.length === 0) throw new AppError("NOT_FOUND", "the system has no devices");
  }
  const link = ctx.links?.get(ctx.systemId);
  if (!link || !link.state().connected) throw new AppError("CONFLICT", "call system not connected", { reason: "not_connected" });
  let success = true;
  for (const target of targets) {
    try {
      success = (await link.sendAction(target, "IgnoreDefects", null)) && success;
    } catch (error) {
      // An unknown device is the caller's mistake, answered as such (never INTERNAL).
      if (isControllerRefusal(error)) throw new AppError("NOT_FOUND", refusalMessage(error));
      throw error;
    }
  }
  await writeAudit(db, {
    systemId: ctx.systemId,
    userId: ctx.user.id || null,
    now: ctx.now(),
    entityType: deviceID === null ? "system" : "systemtree",
    entityId: deviceID ?? ctx.systemId,
    action: "updated",
    meta: { device_action: "IgnoreDefects", scope: deviceID === null ? "system" : "device", nodes: targets, success },
  });
  return { success, sent_to: targets.length };
}
