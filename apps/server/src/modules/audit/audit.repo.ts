import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

export interface AuditEntry {
  systemId: number | null;
  userId: number | null;
  now: number;
  entityType: string;
  entityId: number | null;
  entityDisplayName?: string | null;
  namespace?: string;
  action: string;
  meta?: Record<string, unknown> | null;
  changes?: { field: string; value_old: unknown; value_new: unknown }[];
}

const stringify = (value: unknown): string | null => (value === undefined || value === null ? null : typeof value === "string" ? value : JSON.stringify(value));

/** An entry's audit_logs row (one writer for writeAudit and writeAudits). */
function entryRow(entry: AuditEntry) {
  return {
    system_id: entry.systemId,
    user_id: entry.userId,
    created_at: entry.now,
    entity_type: entry.entityType,
    entity_id: entry.entityId,
    entity_display_name: entry.entityDisplayName ?? null,
    namespace: entry.namespace ?? "caresuite",
    action: entry.action,
    field: null,
    value_old: null,
    value_new: null,
    meta: entry.meta ? JSON.stringify(entry.meta) : null,
  };
}

/** One field change as its audit_log_changes row. */
function changeRow(auditLogId: number, change: NonNullable<AuditEntry["changes"]>[number]) {
  return { audit_log_id: auditLogId, field: change.field, value_old: stringify(change.value_old), value_new: stringify(change.value_new) };
}

/** Writes one audit entry with its field-level changes; call inside the change's transaction. */
export async function writeAudit(db: Kysely<Database>, entry: AuditEntry): Promise<number> {
  const inserted = await db.insertInto("audit_logs").values(entryRow(entry)).returning("id").executeTakeFirstOrThrow();
  const changes = entry.changes ?? [];
  if (changes.length > 0) {
    await db
      .insertInto("audit_log_changes")
      .values(changes.map((c) => changeRow(inserted.id, c)))
      .execute();
  }
  return inserted.id;
}

/**
 * Writes many audit entries with two statements (entries and their changes); each entry needs an
 * entity id, unique within the call, which pairs the returned ids with their changes. For writers
 * of many records at once (the incident engine's pass); call inside the change's transaction.
 */
export async function writeAudits(db: Kysely<Database>, entries: readonly (AuditEntry & { entityId: number })[]): Promise<void> {
  if (entries.length === 0) return;
  const inserted = await db.insertInto("audit_logs").values(entries.map(entryRow)).returning(["id", "entity_id"]).execute();
  const idOf = new Map(inserted.map((row) => [Number(row.entity_id), row.id]));
  const changes = entries.flatMap((entry) => (entry.changes ?? []).map((c) => changeRow(idOf.get(entry.entityId) ?? 0, c)));
  if (changes.length > 0) await db.insertInto("audit_log_changes").values(changes).execute();
}
