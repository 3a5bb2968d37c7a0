// Makes backups one after the other until killed: backups.kill.test.ts kills it with SIGKILL at
// a random moment and then checks that nothing partial is ever listed.
//   node backup-loop.child.ts <DATA_DIR>
import { loadConfig } from "../../config.ts";
import { openDatabase } from "../../db/database.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { createBackup, prepareBackups } from "./backups.service.ts";

const dataDir = process.argv[2] ?? "";
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
const db = openDatabase({ dataDir });
await migrateToLatest(db);
const deps = { db, config, now: Date.now };
await prepareBackups(deps);
// Retention keeps the folder small; the kill lands in any phase: copy, files, checksums, rename, prune.
await db.kysely.updateTable("backup_settings").set({ retention: 3 }).execute();
process.stdout.write("ready\n");
for (;;) await createBackup(deps, { trigger: "manual", userId: null });
