import { markInterruptedPublish } from "./modules/config-sync/config-sync.service.ts";
import { PRODUCT_VERSION } from "@caresuite/domain";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { buildApp } from "./http/app.ts";
import { readAppState, updateAppState } from "./modules/appdata/app-state.repo.ts";
import { startClockBroadcast } from "./modules/system-messages/clock-broadcast.ts";
import { memoryPubSub, redisPubSub } from "./realtime/pubsub.ts";
import { SYSTEM_MESSAGES_TOPIC, systemMessage } from "./realtime/topics.ts";
import { createLinks } from "./callsystem/links.ts";
import { createLinkHandlers } from "./modules/calls/link-handlers.ts";
import { startIncidentEngine } from "./modules/incidents/incident-engine.ts";
import { startIncidentNotifier } from "./modules/incidents/incident-notifier.ts";
import { createVirtualManager } from "./callsystem/virtual-controller.ts";
import { seedDemo } from "./modules/demo/demo-seed.ts";
import { enforceLicenceKey } from "./modules/licence/licence.service.ts";
import type { Services } from "./http/request-context.ts";
import { installCrashPolicy } from "./process-policy.ts";
import { smtpMailer } from "./modules/reports/mailer.ts";
import { startReportScheduler } from "./modules/reports/report-scheduler.ts";
import { startTechnicalReportScheduler } from "./modules/reports/technical-report-scheduler.ts";
import { markInterruptedExports, startExportHousekeeping } from "./modules/exports/exports.service.ts";
import { prepareBackups, settleBackups, startBackupScheduler } from "./modules/backups/backups.service.ts";

// An error nothing caught is logged and ends the process; the supervisor restarts it (process-policy.ts).
const useCrashLogger = installCrashPolicy();

// Start-up only: config -> db -> migrate -> modules -> listen (ARCHITECTURE «Packages»).
const started = performance.now();
const config = loadConfig();
const db = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrateToLatest(db);
// The demo flag follows the configuration at every start (AppData reads it from the state).
const state = await readAppState(db.kysely);
if (state.features.demo_mode !== config.DEMO_MODE) {
  await updateAppState(db.kysely, { features: { ...state.features, demo_mode: config.DEMO_MODE } }, Date.now());
}
const pubsub = config.REDIS_URL ? redisPubSub(config.REDIS_URL) : memoryPubSub();
const services: Services = { db, config, pubsub, links: null, virtual: null, now: Date.now };
const app = await buildApp(services);
useCrashLogger(app.log);
// a loud warning with the development licence key; production refuses it.
await enforceLicenceKey(db.kysely, config, app.log, Date.now());
// The links speak the protocol; what events do is the calls module's (one-way layers, docs/ARCHITECTURE.md).
// Incidents follow what the call system reports: after each commit for the reporting devices, and a pass every minute.
// After each evaluation the e-mail notifier plans and sends what is owed, queued (docs/decisions/039).
const notifier = startIncidentNotifier({
  db: db.kysely,
  mailer: smtpMailer(),
  now: Date.now,
  publicUrl: config.PUBLIC_URL || `http://localhost:${config.PORT}`,
  log: app.log,
});
const incidents = startIncidentEngine({ db: db.kysely, bus: pubsub, now: Date.now, log: app.log, onEvaluated: notifier.kick });
const links = createLinks({ db, log: app.log, now: Date.now, handlers: createLinkHandlers({ db, bus: pubsub, incidents }) });
services.links = links;
const virtual = createVirtualManager({ db: db.kysely, dataDir: config.DATA_DIR, port: config.CONTROLLER_PORT, log: app.log, now: Date.now });
services.virtual = virtual;
// A site set up with the bundled virtual call system gets it back at every start.
await virtual.resume().catch((error: unknown) => app.log.error(error, "virtual call system did not start"));
if (await seedDemo(db.kysely, config, virtual, Date.now())) app.log.info("demo site seeded (users: see README)");
// Before listening: a job started by a request of this process must never be taken for one of the last.
await markInterruptedExports(db.kysely, Date.now());
// A publish this process did not start is one a restart interrupted: it ends as failed.
if (await markInterruptedPublish(db.kysely, Date.now())) app.log.warn("a configuration publish was interrupted by the restart");
// Partial backup folders of a killed backup go; its job ends as interrupted (docs/decisions/041-backups.md).
await prepareBackups({ db, config, now: Date.now, log: app.log });
await app.listen({ port: config.PORT, host: config.HOST });
// Links connect after the server listens: the UI is up even while a controller is unreachable.
await links.refresh();
const stopClock = startClockBroadcast(pubsub, Date.now);
// Scheduled call reports: a pass now sends what came due while the server was down, once.
const stopReports = startReportScheduler({ services, mailer: smtpMailer(), log: app.log });
// Technical e-mail reports (docs/decisions/038): the same send times, mailer and retry rules.
const stopTechnicalReports = startTechnicalReportScheduler({ services, mailer: smtpMailer(), log: app.log });
// Export files older than a month go, now and daily.
const stopExports = startExportHousekeeping(db.kysely, config.DATA_DIR, Date.now, app.log);
// The nightly backup (03:00 by default, the site's zone): a pass now makes one missed while the server was down.
const stopBackups = startBackupScheduler({ db, config, now: Date.now, log: app.log });
app.log.info(`CareSuite ${PRODUCT_VERSION} listening on ${config.HOST}:${config.PORT} (${db.dialect}) after ${Math.round(performance.now() - started)} ms`);

/** How long a shutdown may take before the process exits anyway (a connection or job that does not let go). */
const SHUTDOWN_GRACE_MS = 10_000;

async function shutdown(signal: string): Promise<void> {
  app.log.info(`${signal}: shutting down`);
  // A hanging shutdown would keep the port and block the restart that follows (a service
  // manager's, or a test's): after the grace period the process exits regardless.
  setTimeout(() => {
    app.log.error(`${signal}: shutdown took over ${SHUTDOWN_GRACE_MS} ms, exiting`);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  stopClock();
  await stopReports();
  await stopTechnicalReports();
  stopExports();
  await stopBackups();
  await settleBackups();
  await links.stop();
  await incidents.stop();
  await notifier.stop();
  await virtual.stop();
  // spec §7: "restart shows notice and, with a version, sets the available update".
  await pubsub.publish(SYSTEM_MESSAGES_TOPIC, systemMessage("restart", { version: PRODUCT_VERSION }));
  await app.close();
  await pubsub.close();
  await db.close();
  process.exit(0);
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
