import { hasLocalEdits } from "@caresuite/domain";
import type { ControllerConfig } from "@caresuite/protocol";
import { diffInSlices } from "../config-sync/diff-in-slices.ts";
import { publishRuns } from "../config-sync/publish-runs.ts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { syncOverrideMarks } from "../entities/display-group-overrides.service.ts";
import { replaceImportedRecords } from "../entities/entities.repo.ts";
import { readAppState } from "../appdata/app-state.repo.ts";
import { COLLECTIONS, configToRows, normaliseTheirs, readHubPasswords, readOurConfig } from "./config-shape.ts";
import { readSnapshotInfo, storeSnapshot } from "./config-snapshot.repo.ts";
import { refreshSearchIndex } from "../search/search.repo.ts";

/**
 * "On first connection the controller's configuration is imported into our tables",
 * and again after each `config.changed` (docs/protocol.md): the system tree and the registry
 * collections of the system are replaced by the controller's, in one transaction, audited as
 * gets_imported with the counts.
 */
export async function importControllerConfig(
  db: Kysely<Database>,
  systemId: number,
  config: ControllerConfig,
  now: number,
  /** An import asked for on /sync: who asked, and how many records changed (the changelog's entries). */
  by: { userId: number; changes: number } | null = null,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await db.transaction().execute(async (trx) => {
    const rows = configToRows(config, systemId, now);
    // The controller never returns a hub's password (write-only, docs/protocol.md): the one entered
    // here stays with its hub, to go out with the next publish (docs/decisions/032).
    const passwords = await readHubPasswords(trx, systemId);
    for (const hub of rows.collections.hubs) {
      const password = passwords.get(Number(hub["id"]));
      if (password) hub["password"] = password;
    }
    for (const [collection, entity] of COLLECTIONS) {
      await replaceImportedRecords(trx, entity, systemId, rows.collections[collection]);
      counts[collection] = rows.collections[collection].length;
    }
    const nodes = rows.nodes;
    await trx.deleteFrom("system_tree_nodes").where("system_id", "=", systemId).execute();
    for (let i = 0; i < nodes.length; i += 200)
      await trx
        .insertInto("system_tree_nodes")
        .values(nodes.slice(i, i + 200) as never)
        .execute();
    counts["system_tree"] = nodes.length;
    // The display group overrides are ours, not the controller's: they survive the import, and
    // their marks go back onto the replaced sections and nodes (docs/decisions/022).
    await syncOverrideMarks(trx, systemId);
    await trx
      .insertInto("callsystem_links")
      .values({ system_id: systemId, last_seq: 0, last_event_at: null, config_revision: revisionOf(config), imported_at: now, updated_at: now })
      .onConflict((oc) => oc.column("system_id").doUpdateSet({ config_revision: revisionOf(config), imported_at: now, updated_at: now }))
      .execute();
    await storeSnapshot(trx, systemId, config, now, now);
    // spec: "gets_imported reads a count from its meta JSON".
    await writeAudit(trx, {
      systemId,
      userId: by?.userId ?? null,
      now,
      entityType: "systemparams",
      entityId: systemId,
      action: "gets_imported",
      meta: by
        ? { count: by.changes, records: Object.values(counts).reduce((a, b) => a + b, 0), ...counts }
        : { count: Object.values(counts).reduce((a, b) => a + b, 0), ...counts },
    });
  });
  // Every node was replaced: the search index is brought up to date for the query planner.
  await refreshSearchIndex(db);
  return counts;
}

const revisionOf = (config: ControllerConfig): number | null =>
  typeof config.revision === "number" && Number.isFinite(config.revision) ? config.revision : null;

/**
 * What happens to a configuration fetched from the controller (on connect and after
 * `config.changed`): it always becomes theirs; it replaces ours only when we hold no unpublished
 * local edits, which an import would silently lose (docs/decisions/028-config-ours-versus-theirs.md).
 * With local edits, the changelog shows both sides and the administrator imports or publishes.
 */
export async function receiveControllerConfig(
  db: Kysely<Database>,
  systemId: number,
  config: ControllerConfig,
  now: number,
): Promise<{ imported: boolean; counts: Record<string, number> }> {
  // The controller announces a publish of ours at its finishing step: the publish stores theirs
  // when it is done (config-sync followPublish), once. The import stays due meanwhile.
  if (publishRuns.get(systemId)) return { imported: false, counts: {} };
  const [state, snapshot] = await Promise.all([readAppState(db), readSnapshotInfo(db, systemId)]);
  const localEdits = hasLocalEdits({ lastChange: state.last_gets_change, lastCommit: state.last_gets_commit, lastImport: snapshot?.imported_at ?? null });
  // After our own publish the controller runs what we have: nothing to replace. Every record
  // rewritten (20,000 nodes) would hold the database from the calls for seconds.
  // A revision already brought into our tables (by an import, or by our publish when it ended),
  // with no local edit since, needs no second comparison: a revision is one configuration.
  const published = snapshot !== null && snapshot.imported_at !== null && snapshot.revision === revisionOf(config);
  const same =
    !localEdits &&
    snapshot !== null &&
    (published ||
      (await diffInSlices(await readOurConfig(db, systemId, 0), normaliseTheirs(config, systemId), { localEdits: false, publishing: null })).length === 0);
  if (same && published) {
    await db
      .updateTable("callsystem_links")
      .set({ config_revision: revisionOf(config), imported_at: now, updated_at: now })
      .where("system_id", "=", systemId)
      .execute();
    return { imported: false, counts: {} };
  }
  if (!localEdits && !same) {
    return { imported: true, counts: await importControllerConfig(db, systemId, config, now) };
  }
  await db.transaction().execute(async (trx) => {
    // Unchanged, it counts as imported; beside local edits it is theirs only.
    await storeSnapshot(trx, systemId, config, now, same ? now : null);
    // The revision counts as fetched: the link does not fetch it again on every reconnect.
    await trx
      .insertInto("callsystem_links")
      .values({ system_id: systemId, last_seq: 0, last_event_at: null, config_revision: revisionOf(config), imported_at: now, updated_at: now })
      .onConflict((oc) => oc.column("system_id").doUpdateSet({ config_revision: revisionOf(config), imported_at: now, updated_at: now }))
      .execute();
  });
  return { imported: false, counts: {} };
}
