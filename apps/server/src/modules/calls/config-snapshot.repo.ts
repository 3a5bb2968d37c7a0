import { setImmediate as yieldToLoop } from "node:timers/promises";
import type { ControllerConfig } from "@caresuite/protocol";
import { parseInSlices, stringifyInSlices } from "../config-sync/json-in-slices.ts";
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
    theirs: (await parseInSlices(row.theirs)) as unknown as ControllerConfig,
    fetched_at: Number(row.fetched_at),
    imported_at: row.imported_at === null ? null : Number(row.imported_at),
  };
}

/** When theirs was fetched and imported, and its revision: without parsing theirs itself. */
export async function readSnapshotInfo(db: Kysely<Database>, systemId: number): Promise<Omit<ConfigSnapshot, "theirs"> | null> {
  const row = await db
    .selectFrom("config_snapshots")
    .select(["system_id", "revision", "fetched_at", "imported_at"])
    .where("system_id", "=", systemId)
    .executeTakeFirst();
  if (!row) return null;
  return { ...row, fetched_at: Number(row.fetched_at), imported_at: row.imported_at === null ? null : Number(row.imported_at) };
}

/**
 * Keeps the controller's configuration as theirs, normalised to what we store (no secrets, no
 * unknown extras). `importedAt` is set when it was also brought into our tables; null keeps the
 * previous import time.
 */
export async function storeSnapshot(db: Kysely<Database>, systemId: number, config: ControllerConfig, now: number, importedAt: number | null): Promise<void> {
  const theirs = normaliseTheirs(config, systemId);
  // Each step of a large configuration is a long task: the calls get the event loop between them.
  await yieldToLoop();
  const text = await snapshotText(theirs);
  await yieldToLoop();
  await storeSnapshotText(db, systemId, { text, revision: theirs.revision }, now, importedAt);
}

/** Theirs as stored: normalised, one record per line (read back in slices by readSnapshot). */
export function snapshotText(theirs: ControllerConfig): Promise<string> {
  return stringifyInSlices(theirs as unknown as Record<string, unknown>, { itemPerLine: true });
}

/** storeSnapshot of a configuration already normalised into its stored text (theirs-off-thread.ts). */
export async function storeSnapshotText(
  db: Kysely<Database>,
  systemId: number,
  snapshot: { text: string; revision: number },
  now: number,
  importedAt: number | null,
): Promise<void> {
  const values = { theirs: snapshot.text, revision: snapshot.revision, fetched_at: now };
  await db
    .insertInto("config_snapshots")
    .values({ system_id: systemId, ...values, imported_at: importedAt })
    .onConflict((oc) => oc.column("system_id").doUpdateSet(importedAt === null ? values : { ...values, imported_at: importedAt }))
    .execute();
}

export async function deleteSnapshots(db: Kysely<Database>, systemIds: number[]): Promise<void> {
  if (systemIds.length > 0) await db.deleteFrom("config_snapshots").where("system_id", "in", systemIds).execute();
}
