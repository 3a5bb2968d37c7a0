import { parseTimeOfDay, type EntityDef } from "@caresuite/domain";
import { ENTITY_COLLECTIONS, type ControllerConfig } from "@caresuite/protocol";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { syncOverrideMarks } from "../entities/display-group-overrides.service.ts";
import { replaceImportedRecords } from "../entities/entities.repo.ts";
import { toColumn } from "../entities/entity-columns.ts";
import { refreshSearchIndex } from "../search/search.repo.ts";

/**
 * Controller collections that hold registry entities (the protocol names them). The ids stay the
 * controller's: the tables' key is (system_id, id), so every configurator brings its own call
 * type 4, schedule 1, ...
 */
const COLLECTIONS = Object.entries(ENTITY_COLLECTIONS) as [keyof typeof ENTITY_COLLECTIONS, EntityDef][];

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
// Texts never carry NUL (PostgreSQL's text cannot hold it; ARCHITECTURE «Security rules»).
const str = (v: unknown, max: number): string => (typeof v === "string" ? v.replaceAll("\0", "").slice(0, max) : "");
const optStr = (v: unknown, max: number): string | null => (typeof v === "string" ? v.replaceAll("\0", "").slice(0, max) : null);
const bit = (v: unknown): number => (v === true ? 1 : 0);
const instant = (v: unknown): number | null => {
  const ms = typeof v === "string" ? Date.parse(v) : NaN;
  return Number.isFinite(ms) ? ms : null;
};

/** The device text overrides as stored: known keys with text values only. */
function overrides(v: unknown): string {
  const source = typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {};
  const kept = Object.fromEntries(
    ["call_source", "checkpoint", "button"].flatMap((key) => (typeof source[key] === "string" ? [[key, (source[key] as string).slice(0, 19)]] : [])),
  );
  return JSON.stringify(kept);
}

/**
 * The configured fields of spec data §3.6 beyond the call path's: a controller that does not send
 * them (older firmware) gets the defaults of migration 0010.
 */
function configuredFields(n: Record<string, unknown>): Record<string, unknown> {
  return {
    callback_number: optStr(n["callback_number"], 50),
    comment: optStr(n["comment"], 255),
    health: optStr(n["health"], 20),
    status: optStr(n["status"], 20),
    position: optStr(n["position"], 100),
    position_updated_at: instant(n["position_updated_at"]),
    is_linkable: bit(n["is_linkable"]),
    is_tech: bit(n["is_tech"]),
    radio: bit(n["radio"]),
    day_sound_level: num(n["day_sound_level"]),
    night_sound_level: num(n["night_sound_level"]),
    disable_buzzer_at_night: bit(n["disable_buzzer_at_night"]),
    mask_time_at_night: bit(n["mask_time_at_night"]),
    display_time: num(n["display_time"]),
    show_calls_without_presence: bit(n["show_calls_without_presence"]),
    use_activity_control: bit(n["use_activity_control"]),
    flight_profile_id: num(n["flight_profile_id"]),
    linked_system_tree_node_id: num(n["linked_system_tree_node_id"]),
    device_text_overrides: overrides(n["device_text_overrides"]),
    schedule_id: num(n["schedule_id"]),
    display_group_ids: JSON.stringify(Array.isArray(n["display_group_ids"]) ? n["display_group_ids"].filter((id) => num(id) !== null) : []),
    active_display_group_override_id: num(n["active_display_group_override_id"]),
    inherit_section: bit(n["inherit_section"]),
    inherit_text_long: bit(n["inherit_text_long"]),
    inherit_text_short: bit(n["inherit_text_short"]),
    inherit_flight_profile: bit(n["inherit_flight_profile"]),
  };
}

function entityRow(entity: EntityDef, record: Record<string, unknown>, systemId: number, now: number): Record<string, unknown> | null {
  const id = num(record["id"]);
  if (id === null || id <= 0) return null;
  const row: Record<string, unknown> = { id, created_at: now, updated_at: now };
  if (entity.systemScoped) row["system_id"] = systemId;
  if (entity.sortable) row["sort_order"] = num(record["sort_order"]) ?? 999;
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.secret) continue;
    const value = record[name];
    row[name] = field.kind === "time" ? parseTimeOfDay(value) : toColumn(field, value ?? (field.kind === "bool" ? false : field.kind === "refs" ? [] : null));
  }
  return row;
}

/**
 * "On first connection the controller's configuration is imported into our tables",
 * and again after each `config.changed` (docs/protocol.md): the system tree and the registry
 * collections of the system are replaced by the controller's, in one transaction, audited as
 * gets_imported with the counts.
 */
export async function importControllerConfig(db: Kysely<Database>, systemId: number, config: ControllerConfig, now: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await db.transaction().execute(async (trx) => {
    for (const [collection, entity] of COLLECTIONS) {
      const records = Array.isArray(config[collection]) ? (config[collection] as Record<string, unknown>[]) : [];
      const rows = records.map((r) => entityRow(entity, r, systemId, now)).filter((r): r is Record<string, unknown> => r !== null);
      await replaceImportedRecords(trx, entity, systemId, rows);
      counts[collection] = rows.length;
    }
    const nodes = (Array.isArray(config.system_tree) ? config.system_tree : [])
      .map((n) => {
        const id = num(n["id"]);
        if (id === null) return null;
        const reachableAt = typeof n["last_reachable_at"] === "string" ? Date.parse(n["last_reachable_at"]) : NaN;
        return {
          system_id: systemId,
          id,
          kind: str(n["kind"], 20) || "device",
          parent_id: num(n["parent_id"]),
          name: str(n["name"], 100),
          number: num(n["number"]),
          serial: typeof n["serial"] === "string" ? n["serial"].slice(0, 64) : null,
          mac: typeof n["mac"] === "string" ? n["mac"].slice(0, 32) : null,
          text_short: str(n["text_short"], 7),
          text_long: str(n["text_long"], 19),
          call_source_id: num(n["call_source_id"]),
          section_id: num(n["section_id"]),
          is_enabled: n["is_enabled"] === false ? 0 : 1,
          sort_order: num(n["sort_order"]) ?? 0,
          default_call_type_id: num(n["default_call_type_id"]),
          deny_manual_call_closure: n["deny_manual_call_closure"] === true ? 1 : 0,
          battery: num(n["battery"]),
          battery_reported_at: num(n["battery"]) === null ? null : now,
          reachable: n["reachable"] === false ? 0 : 1,
          last_reachable_at: Number.isFinite(reachableAt) ? reachableAt : null,
          ...configuredFields(n),
          created_at: now,
          updated_at: now,
        };
      })
      .filter((n) => n !== null);
    await trx.deleteFrom("system_tree_nodes").where("system_id", "=", systemId).execute();
    for (let i = 0; i < nodes.length; i += 200)
      await trx
        .insertInto("system_tree_nodes")
        .values(nodes.slice(i, i + 200))
        .execute();
    counts["system_tree"] = nodes.length;
    // The display group overrides are ours, not the controller's: they survive the import, and
    // their marks go back onto the replaced sections and nodes (docs/decisions/022).
    await syncOverrideMarks(trx, systemId);
    await trx
      .insertInto("callsystem_links")
      .values({ system_id: systemId, last_seq: 0, last_event_at: null, config_revision: num(config.revision), imported_at: now, updated_at: now })
      .onConflict((oc) => oc.column("system_id").doUpdateSet({ config_revision: num(config.revision), imported_at: now, updated_at: now }))
      .execute();
    // spec: "gets_imported reads a count from its meta JSON".
    await writeAudit(trx, {
      systemId,
      userId: null,
      now,
      entityType: "systemparams",
      entityId: systemId,
      action: "gets_imported",
      meta: { count: Object.values(counts).reduce((a, b) => a + b, 0), ...counts },
    });
  });
  // Every node was replaced: the search index is brought up to date for the query planner.
  await refreshSearchIndex(db);
  return counts;
}
