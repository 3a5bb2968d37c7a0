import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { createClock } from "./clock.ts";
import { loadStoredConfig, saveStoredConfig, writeFileDurably } from "./config/config-store.ts";
import type { SimulatorContext } from "./context.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import { CallEngine } from "./engine/call-engine.ts";
import { DeviceControl } from "./engine/device-control.ts";
import { buildApp } from "./http/app.ts";
import { EventClients } from "./http/event-clients.ts";
import { Journal } from "./journal/journal.ts";
import { DEFAULT_OPTIONS, type SimulatorOptions } from "./options.ts";
import { PublishJobs } from "./publish/publish-jobs.ts";
import { demoHospital } from "./site/demo-hospital.ts";
import { generatedSite } from "./site/generated-site.ts";
import { TrafficRunner } from "./traffic/traffic-runner.ts";

export interface RunningSimulator {
  /** Base URL, e.g. http://127.0.0.1:7700 (without credentials). */
  url: string;
  port: number;
  options: SimulatorOptions;
  log: FastifyBaseLogger;
  /** Stops traffic, closes sockets and the HTTP server, stores the state; idempotent. */
  stop(): Promise<void>;
}

const DAY_MS = 86_400_000;

/** The last revision the journal announced, to catch a crash between storing a config and announcing it. */
function announcedRevision(journal: Journal): number | null {
  const events = journal.all();
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index];
    if (event?.type === "config.changed") return event.data.revision;
  }
  return null;
}

/**
 * The journal's identity, made with the data dir: a client whose stored seq belongs to another
 * journal (the data dir was wiped) must start again from 0 instead of skipping new events.
 */
function journalId(dataDir: string): string {
  const path = join(dataDir, "journal.id");
  if (existsSync(path)) return readFileSync(path, "utf8").trim();
  const id = randomUUID();
  writeFileDurably(path, `${id}\n`);
  return id;
}

/** Stale hubs (option staleHubs) last synced two days ago, whatever they said before. */
function markStaleHubs(engine: CallEngine, hubIds: readonly number[], now: number): void {
  const twoDaysAgo = now - 2 * DAY_MS;
  for (const hub of engine.config.hubs.filter((candidate) => hubIds.includes(candidate.id))) {
    const lastSync = hub.last_sync === null ? null : Date.parse(hub.last_sync);
    if (lastSync === null || lastSync > twoDaysAgo) engine.reportHub(hub.id, { status: "Offline", last_sync: new Date(twoDaysAgo).toISOString() }, now);
  }
}

/**
 * Starts a virtual controller: loads (or creates) its configuration and journal from the data
 * dir, rebuilds open calls and presence from the journal, and serves the protocol.
 */
export async function startSimulator(overrides: Partial<SimulatorOptions> = {}): Promise<RunningSimulator> {
  const options: SimulatorOptions = { ...DEFAULT_OPTIONS, ...overrides };
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir);
  let journal: Journal | null = null;
  try {
    journal = new Journal(join(dataDir, "journal.jsonl"));
    const startedAt = Date.now();
    const stored = loadStoredConfig(dataDir);
    const config = stored?.config ?? (options.siteNodes === null ? demoHospital(startedAt) : generatedSite(options.siteNodes, startedAt));
    const persistConfig = (next: typeof config, journalSeq: number): void => saveStoredConfig(dataDir, { config: next, journal_seq: journalSeq });
    if (!stored) persistConfig(config, journal.lastSeq);
    // Time never runs backwards across restarts, even after a run at a higher speed.
    const clock = createClock(Math.max(startedAt, journal.lastAt), options.speed);
    const engine = new CallEngine({ journal, now: () => clock.now(), persistConfig }, config);
    engine.replay(journal.all(), stored?.journal_seq ?? 0);

    const traffic = new TrafficRunner({ engine, journal, clock, seed: options.seed, profile: options.trafficProfile, staleHubIds: options.staleHubs });
    if (options.backfillDays > 0 && journal.lastSeq === 0) {
      // History only into an empty journal: older events after newer ones would break time order.
      traffic.backfill(startedAt - options.backfillDays * DAY_MS, startedAt);
    }
    markStaleHubs(engine, options.staleHubs, clock.now());
    if (announcedRevision(journal) !== engine.config.revision) {
      engine.emit([{ type: "config.changed", data: { revision: engine.config.revision } }]);
    }

    const context: SimulatorContext = {
      options,
      journalId: journalId(dataDir),
      clock,
      journal,
      engine,
      control: new DeviceControl(engine, options.restartMs),
      publish: new PublishJobs(),
      traffic,
      clients: new EventClients(),
      debug: { stallMs: 0, failStatus: 0, failPath: "/" },
    };
    const app = await buildApp(context);
    await app.listen({ host: options.host, port: options.port });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : options.port;
    lock.listening(port);
    if (options.traffic) traffic.start();

    const started = journal;
    let stopped: Promise<void> | null = null;
    const stop = async (): Promise<void> => {
      traffic.stop();
      context.control.stop();
      context.publish.stop();
      context.clients.closeAll();
      await app.close();
      // A shorter replay next time: the live values so far go into the stored configuration.
      persistConfig(engine.config, started.lastSeq);
      started.close();
      lock.release();
    };
    return {
      url: `http://${options.host.includes(":") ? `[${options.host}]` : options.host}:${port}`,
      port,
      options,
      log: app.log,
      stop: () => (stopped ??= stop()),
    };
  } catch (error) {
    journal?.close();
    lock.release();
    throw error;
  }
}
