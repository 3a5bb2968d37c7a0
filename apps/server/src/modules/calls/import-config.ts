import { parseTimeOfDay, type EntityDef } from "@caresuite/domain";
import { ENTITY_COLLECTIONS, type ControllerConfig } from "@caresuite/protocol";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { writeAudit } from "../audit/audit.repo.ts";
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
const str = (v: unknown, max: number): string => (typeof v === "string" ? v.slice(0, max) : "");

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
