import type { ControllerConfig } from "@caresuite/protocol";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { normaliseTheirs } from "./config-shape.ts";

/** The controller's configuration as last fetched (migration 0016): "theirs" of the changelog. */
export interface ConfigSnapshot {
  system_id: number;
  theirs: ControllerConfig;
  revision: number;
  fetched_at: number;
  imported_at: number | null;
}

export async function readSnapshot(db: Kysely<Database>, systemId: number): Promise<ConfigSnapshot | null> {
  const row = await db.selectFrom("config_snapshots").selectAll().where("system_id", "=", systemId).executeTakeFirst();
  if (!row) return null;
  return {
    ...row,
    theirs: JSON.parse(row.theirs) as ControllerConfig,
    fetched_at: Number(row.fetched_at),
    imported_at: row.imported_at === null ? null : Number(row.imported_at),
  };
}

/**
 * Keeps the controller's configuration as theirs, normalised to what we store (no secrets, no
 * unknown extras). `importedAt` is set when it was also brought into our tables; null keeps the
 * previous import time.
 */
export async function storeSnapshot(db: Kysely<Database>, systemId: number, config: ControllerConfig, now: number, importedAt: number | null): Promise<void> {
  const theirs = normaliseTheirs(config, systemId);
  const values = { theirs: JSON.stringify(theirs), revision: theirs.revision, fetched_at: now };
  await db
    .insertInto("config_snapshots")
    .values({ system_id: systemId, ...values, imported_at: importedAt })
    .onConflict((oc) => oc.column("system_id").doUpdateSet(importedAt === null ? values : { ...values, imported_at: importedAt }))
    .execute();
}

export async function deleteSnapshots(db: Kysely<Database>, systemIds: number[]): Promise<void> {
  if (systemIds.length > 0) await db.deleteFrom("config_snapshots").where("system_id", "in", systemIds).execute();
}
