// Restores one backup over and over until killed, adding a row between restores:
// backups.kill.test.ts kills it with SIGKILL at a random moment and then opens the database.
//   node restore-loop.child.ts <DATA_DIR> <backup folder>   (PostgreSQL: DATABASE_URL in the environment)
import { ANONYMOUS_USER } from "@caresuite/domain";
import { loadConfig } from "../../config.ts";
import type { RequestContext } from "../../context.ts";
import { openDatabase } from "../../db/database.ts";
import { memoryPubSub } from "../../realtime/pubsub.ts";
import { createOpenCallsCache } from "../calls/open-calls-cache.ts";
import { markInterruptedBackups, prepareBackups, restoreBackup } from "./backups.service.ts";

const [dataDir = "", name = ""] = process.argv.slice(2);
const databaseUrl = process.env.DATABASE_URL || undefined;
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
const db = openDatabase({ dataDir, databaseUrl });
const bus = memoryPubSub();
await prepareBackups({ db, config, now: Date.now });
// One process at a time here: the running job a killed restore left (PostgreSQL ends only stale
// ones at start, another instance could own it) is of the dead process, as on SQLite.
await markInterruptedBackups({ db, now: Date.now }, { all: true });
const ctx: RequestContext = {
  db,
  config,
  bus,
  links: null,
  virtual: null,
  openCalls: createOpenCallsCache(db.kysely, bus, Date.now),
  user: { ...ANONYMOUS_USER, id: 1 },
  sessionHash: null,
  systemId: 1,
  locale: "de",
  ip: "test",
  now: Date.now,
};
process.stdout.write("ready\n");
for (let n = 0; ; n++) {
  await restoreBackup(ctx, name);
  await db.kysely
    .insertInto("settings")
    .values({ key: `after-${n}`, value: "1", updated_at: Date.now() })
    .execute();
}
