import { PRODUCT_VERSION } from "@caresuite/domain";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { buildApp } from "./http/app.ts";
import { startClockBroadcast } from "./modules/system-messages/clock-broadcast.ts";
import { SYSTEM_MESSAGES_TOPIC } from "./modules/system-messages/system-messages.graphql.ts";
import { memoryPubSub, redisPubSub } from "./realtime/pubsub.ts";

// Start-up only: config -> db -> migrate -> modules -> listen (DESIGN.md §4).
const started = performance.now();
const config = loadConfig();
const db = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrateToLatest(db);
const pubsub = config.REDIS_URL ? redisPubSub(config.REDIS_URL) : memoryPubSub();
const app = await buildApp({ db, config, pubsub, now: Date.now });
await app.listen({ port: config.PORT, host: config.HOST });
const stopClock = startClockBroadcast(pubsub, Date.now);
app.log.info(`CareSuite ${PRODUCT_VERSION} listening on ${config.HOST}:${config.PORT} (${db.dialect}) after ${Math.round(performance.now() - started)} ms`);

async function shutdown(signal: string): Promise<void> {
  app.log.info(`${signal}: shutting down`);
  stopClock();
  // spec §7: "restart shows notice and, with a version, sets the available update".
  await pubsub.publish(SYSTEM_MESSAGES_TOPIC, { subject: "restart", payload: JSON.stringify({ version: PRODUCT_VERSION }) });
  await app.close();
  await pubsub.close();
  await db.close();
  process.exit(0);
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
