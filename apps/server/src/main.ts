import { markInterruptedPublish, publishTimings } from "./modules/config-sync/config-sync.service.ts";
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
import { installCrashPolicy, RESTART_EXIT_CODE } from "./process-policy.ts";
import { runningVersion } from "./modules/updates/releases.ts";
import { setRestartHandler, settleUpdateAtStart } from "./modules/updates/updates.service.ts";
import { announceRestart } from "./modules/updates/restart-announcement.ts";
import { smtpMailer } from "./modules/reports/mailer.ts";
import { startReportScheduler } from "./modules/reports/report-scheduler.ts";
import { startTechnicalReportScheduler } from "./modules/reports/technical-report-scheduler.ts";
import { markInterruptedExports, startExportHousekeeping } from "./modules/exports/exports.service.ts";
import { createTunnelManager } from "./modules/tunnel/tunnel-manager.ts";
import { prepareBackups, settleBackups, startBackupScheduler } from "./modules/backups/backups.service.ts";
import { startAnalyticsRollup } from "./modules/analytics/analytics-rollup.ts";

// An error nothing caught is logged and ends the process; the supervisor restarts it (process-policy.ts).
const useCrashLogger = installCrashPolicy();

// Start-up only: config -> db -> migrate -> modules -> listen (ARCHITECTURE «Packages»).
const started = performance.now();
const config = loadConfig();
publishTimings.startTimeoutMs = config.PUBLISH_START_TIMEOUT_S * 1000;
const db = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
// A failing migration fails the start: PostgreSQL rolls it back, SQLite too (db/migrate.ts), and
// the next start tries again; after an update the supervisor returns to the previous release.
await migrateToLatest(db);
// The version of this application folder (a staged update's, else the installed one).
const version = runningVersion();
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
// Remote access (docs/decisions/042): forwarded connections reach the address we listen on (the
// loopback when listening on all). Created after listening; its first tick opens a tunnel again
// that a restart interrupted within its limit.
const tunnelTarget = ((): { host: string; port: number } => {
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const host = ["0.0.0.0", "::", ""].includes(config.HOST) ? "127.0.0.1" : config.HOST;
  return { host, port };
})();
const tunnel = createTunnelManager({ db: db.kysely, bus: pubsub, now: Date.now, log: app.log, target: () => tunnelTarget });
services.tunnel = tunnel;
tunnel.start();
// Links connect after the server listens: the UI is up even while a controller is unreachable.
await links.refresh();
const stopClock = startClockBroadcast(pubsub, Date.now);
// Scheduled call reports: a pass now sends what came due while the server was down, once.
const stopReports = startReportScheduler({ services, mailer: smtpMailer(), log: app.log });
// Technical e-mail reports (docs/decisions/038): the same send times, mailer and retry rules.
const stopTechnicalReports = startTechnicalReportScheduler({ services, mailer: smtpMailer(), log: app.log });
// Export files older than a month go, now and daily.
const stopExports = startExportHousekeeping(db.kysely, config.DATA_DIR, Date.now, app.log);
// An update into this version is done once the server listens (modules/updates, docs/decisions/043).
const updated = settleUpdateAtStart(config.DATA_DIR, version);
if (updated) {
  app.log.info(`update from ${updated.from_version} to ${version} done`);
  // The browsers reconnecting now learn the new version: update banner, 30 s countdown, reload.
  await announceRestart(pubsub, version, Date.now());
}
// Under the supervisor (supervisor.ts) an installed update restarts the server into the new release.
if (process.env.CARESUITE_SUPERVISED === "1") setRestartHandler(() => void shutdown("update", RESTART_EXIT_CODE));
// The nightly backup (03:00 by default, the site's zone): a pass now makes one missed while the server was down.
const stopBackups = startBackupScheduler({ db, config, now: Date.now, log: app.log, bus: pubsub });
// The analytics rollup, off the call path: every minute the calls closed since its watermark (docs/decisions/034).
const stopAnalyticsRollup = startAnalyticsRollup({ db: db.kysely, dialect: db.dialect, log: app.log });
app.log.info(`CareSuite ${version} listening on ${config.HOST}:${config.PORT} (${db.dialect}) after ${Math.round(performance.now() - started)} ms`);

/** How long a shutdown may take before the process exits anyway (a connection or job that does not let go). */
const SHUTDOWN_GRACE_MS = 10_000;

/** Stops the server; `exitCode` RESTART_EXIT_CODE asks the supervisor to start it again at once. */
async function shutdown(signal: string, exitCode = 0): Promise<void> {
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
  await tunnel.stop();
  await stopBackups();
  await settleBackups();
  await stopAnalyticsRollup();
  await links.stop();
  await incidents.stop();
  await notifier.stop();
  await virtual.stop();
  // spec §7: "restart shows notice and, with a version, sets the available update".
  await pubsub.publish(SYSTEM_MESSAGES_TOPIC, systemMessage("restart", { version }));
  await app.close();
  await pubsub.close();
  await db.close();
  process.exit(exitCode);
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
