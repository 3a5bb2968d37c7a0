import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { loadConfig, type Config } from "../config.ts";
import { openDatabase, type DialectName, type Db } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { buildApp } from "../http/app.ts";
import type { Services } from "../http/request-context.ts";
import { createLinks, type CallSystemLinks } from "../callsystem/links.ts";
import { createLinkHandlers } from "../modules/calls/link-handlers.ts";
import { memoryPubSub, type PubSub } from "../realtime/pubsub.ts";
import { createTunnelManager, type TunnelManager } from "../modules/tunnel/tunnel-manager.ts";

/** The dialects integration tests run on: SQLite always, PostgreSQL when DATABASE_URL is set. */
export const TEST_DIALECTS: DialectName[] = process.env.DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  pubsub: PubSub;
  clock: { now: number };
  /** Call-system links, when started with `links: true`. */
  links: CallSystemLinks | null;
  /** The remote-access tunnel, when started with `tunnel: true` (the app then listens on a free port of 127.0.0.1). */
  tunnel: TunnelManager | null;
  close(): Promise<void>;
}

/** A fresh, empty database of the dialect: a temp SQLite folder or a new PostgreSQL database. */
export async function freshDatabase(dialect: DialectName): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "caresuite-test-"));
    return { env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const base = process.env.DATABASE_URL ?? "";
  const name = `caresuite_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      // The pool's clients say goodbye asynchronously after pool.end(): forcing the drop while one
      // is still closing terminates it with 57P01, an uncaught error in the test process. Wait
      // (up to 5 s) until the database has no sessions left; force only what then remains.
      for (let waited = 0; waited < 5_000; waited += 50) {
        const { rows } = await client.query<{ n: string }>("select count(*) as n from pg_stat_activity where datname = $1", [name]);
        if (Number(rows[0]?.n ?? 0) === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Starts the real application (not listening) on a fresh database with a controllable clock. */
export async function startTestServer(
  dialect: DialectName,
  env: Record<string, string> = {},
  options: { links?: boolean; tunnel?: boolean } = {},
): Promise<TestServer> {
  const database = await freshDatabase(dialect);
  const config = loadConfig({
    LOG_LEVEL: process.env["TEST_LOG_LEVEL"] ?? "silent",
    // Cheaper hashing keeps the suite fast; production cost is measured in bench/.
    SCRYPT_LOG_N: "12",
    WEB_DIST: "/nonexistent",
    ...database.env,
    ...env,
  });
  const db = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await migrateToLatest(db);
  const pubsub = memoryPubSub();
  const clock = { now: Date.now() };
  const services: Services = { db, config, pubsub, links: null, now: () => clock.now };
  const app = await buildApp(services);
  await app.ready();
  const links = options.links ? createLinks({ db, log: app.log, now: () => clock.now, handlers: createLinkHandlers({ db, bus: pubsub }) }) : null;
  services.links = links;
  let tunnel: TunnelManager | null = null;
  if (options.tunnel) {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    tunnel = createTunnelManager({
      db: db.kysely,
      bus: pubsub,
      now: () => clock.now,
      log: app.log,
      target: () => ({ host: "127.0.0.1", port }),
      readyTimeoutMs: 5_000,
    });
    services.tunnel = tunnel;
  }
  return {
    app,
    db,
    config,
    pubsub,
    clock,
    links,
    tunnel,
    close: async () => {
      await tunnel?.stop();
      await links?.stop();
      await app.close();
      await db.close();
      await database.drop();
    },
  };
}
