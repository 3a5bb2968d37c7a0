import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { openDatabase, type DialectName, type Db } from "../../db/database.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { buildApp } from "../../http/app.ts";
import { memoryPubSub } from "../../realtime/pubsub.ts";
import { TestClient } from "../../test-support/api.ts";
import { buildSystem, buildUser } from "../../test-support/builders.ts";
import { until } from "../../test-support/linked-system.ts";
import { freshDatabase, TEST_DIALECTS } from "../../test-support/test-server.ts";
import { countingBus, type CountingBus } from "../calls/counting-bus.ts";
import { createOpenCallsCache, OPEN_CALLS_IDLE_MS, type OpenCallsCache } from "../calls/open-calls-cache.ts";
import { SYSTEM_HEADER } from "@caresuite/domain";

/**
 * Unbounded anonymous memory, docs/decisions/010: anonymous visitors read only the
 * systems a display profile names (else 01); numbers that name no system are refused before they
 * reach the open-calls cache; the cache lets go of systems nobody follows any more.
 */
interface Bed {
  app: FastifyInstance;
  db: Db;
  bus: CountingBus;
  cache: OpenCallsCache;
  url: string;
  /** Lets every plain read's cache entry go idle and sweeps (signed-in sessions survive 30 s). */
  forgetPlainReads(): Promise<void>;
  close(): Promise<void>;
}

async function startBed(dialect: DialectName): Promise<Bed> {
  const database = await freshDatabase(dialect);
  const config = loadConfig({ LOG_LEVEL: "silent", SCRYPT_LOG_N: "12", WEB_DIST: "/nonexistent", ...database.env });
  const db = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await migrateToLatest(db);
  const bus = countingBus(memoryPubSub());
  const clock = { now: Date.now() };
  const now = (): number => clock.now;
  const cache = createOpenCallsCache(db.kysely, bus, now);
  const app = await buildApp({ db, config, pubsub: bus, links: null, openCalls: cache, now });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const port = (app.server.address() as AddressInfo).port;
  return {
    app,
    db,
    bus,
    cache,
    url: `ws://127.0.0.1:${port}/backend/query`,
    forgetPlainReads: async () => {
      clock.now += OPEN_CALLS_IDLE_MS;
      await cache.sweep();
    },
    close: async () => {
      await app.close();
      await db.close();
      await database.drop();
    },
  };
}

const OPEN_CALLS = "query($s: Int) { openCalls(override_system: $s) { id } }";
const RELATIONS = "query($s: Int) { displayRelations(system_id: $s) { call_types { id } } }";
const SYSTEMS = "{ systems { id } publicSystemParams { id } }";
const CREATE_PROFILE = "mutation($input: DisplayProfileInput!) { createDisplayProfile(input: $input) { id } }";

type Errors = { message: string; extensions?: Record<string, unknown> }[] | undefined;
const code = (errors: Errors): unknown => errors?.[0]?.extensions;

/** Subscribes callsChanged for a system; resolves with its first payload or error, and a stop. */
function subscribeCalls(client: Client, systemId: number): Promise<{ ok: boolean; message: unknown; stop: () => void }> {
  return new Promise((resolve) => {
    let settled = false;
    const stop = client.subscribe<{ callsChanged: unknown[] }>(
      { query: "subscription($s: Int) { callsChanged(override_system: $s) { id } }", variables: { s: systemId } },
      {
        next: (value) => {
          if (settled) return;
          settled = true;
          resolve({ ok: !value.errors, message: value.errors?.[0]?.message, stop });
        },
        error: (error: unknown) => {
          if (settled) return;
          settled = true;
          // Subscription errors arrive without extensions (Mercurius): the message says it.
          const first = Array.isArray(error) ? (error[0] as { message?: unknown }) : undefined;
          resolve({ ok: false, message: first?.message, stop });
        },
        complete: () => undefined,
      },
    );
  });
}

describe.each(TEST_DIALECTS)("systems for anonymous visitors and the open-calls cache on %s", (dialect) => {
  let bed: Bed;
  let anonymous: TestClient;
  let admin: TestClient;
  let ws: Client;
  beforeAll(async () => {
    bed = await startBed(dialect);
    for (const id of [1, 2, 3, 4, 5]) await buildSystem(bed.db.kysely, id);
    const root = await buildUser(bed.db.kysely, { is_superuser: true });
    admin = new TestClient(bed.app);
    await admin.login(root.username, root.password);
    anonymous = new TestClient(bed.app);
    ws = createClient({ url: bed.url, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true, connectionParams: { [SYSTEM_HEADER]: "01" } });
  });
  afterAll(async () => {
    await ws.dispose();
    await bed.close();
  });

  it("without display profiles, anonymous visitors read system 01 only", async () => {
    expect((await anonymous.gql(OPEN_CALLS, { s: 1 })).errors).toBeUndefined();
    expect(code((await anonymous.gql(OPEN_CALLS, { s: 2 })).errors)).toEqual({ code: "NOT_FOUND", reason: "system_unavailable" });
    expect(code((await anonymous.gql(RELATIONS, { s: 3 })).errors)).toEqual({ code: "NOT_FOUND", reason: "system_unavailable" });
    expect((await anonymous.gql(SYSTEMS)).data).toEqual({ systems: [{ id: 1 }], publicSystemParams: [{ id: 1 }] });
    // The header's system counts too: the X-CS-System check lets anyone name a system that exists.
    const viaHeader = new TestClient(bed.app);
    viaHeader.system = "02";
    expect(code((await viaHeader.gql("{ openCalls { id } }")).errors)).toEqual({ code: "NOT_FOUND", reason: "system_unavailable" });
    // Signed-in users keep their system_access (a superuser: all).
    expect((await admin.gql(OPEN_CALLS, { s: 2 })).errors).toBeUndefined();
    expect((await admin.gql<{ systems: unknown[] }>(SYSTEMS)).data?.systems).toHaveLength(5);
  });

  it("refuses system numbers that exist nowhere, for everyone, and caches nothing for them", async () => {
    await bed.forgetPlainReads();
    expect(bed.cache.stats().entries).toBe(0);
    for (let number = 100; number < 400; number++) {
      const result = await anonymous.gql(OPEN_CALLS, { s: number });
      expect(code(result.errors)).toEqual({ code: "NOT_FOUND", reason: "system_unavailable" });
    }
    expect(code((await admin.gql(OPEN_CALLS, { s: 5000 })).errors)).toEqual({ code: "NOT_FOUND", reason: "system_unavailable" });
    expect(code((await admin.gql("query { callLog(override_system: 777) { total } }")).errors)).toEqual({ code: "NOT_FOUND", reason: "system_unavailable" });
    expect(bed.cache.stats().entries).toBe(0);
    expect(bed.bus.live("calls:")).toBe(0);
    const refused = await subscribeCalls(ws, 31_337);
    expect(refused).toMatchObject({ ok: false, message: "system unavailable" });
    expect(bed.bus.live("calls:")).toBe(0);
  });

  it("follows the display profiles: their systems only; subscribing and leaving frees every cache entry", async () => {
    const created = await admin.gql(CREATE_PROFILE, { input: { name: "Flur", settings: [2, 3, 4, 5].map((system_id) => ({ system_id })) } });
    expect(created.errors).toBeUndefined();
    expect((await anonymous.gql(SYSTEMS)).data).toEqual({
      systems: [2, 3, 4, 5].map((id) => ({ id })),
      publicSystemParams: [2, 3, 4, 5].map((id) => ({ id })),
    });
    expect(code((await anonymous.gql(OPEN_CALLS, { s: 1 })).errors)).toEqual({ code: "NOT_FOUND", reason: "system_unavailable" });
    expect((await anonymous.gql(RELATIONS, { s: 3 })).errors).toBeUndefined();
    await bed.forgetPlainReads();
    expect(bed.cache.stats().entries).toBe(0);

    const subscriptions = await Promise.all([2, 3, 4, 5].map((id) => subscribeCalls(ws, id)));
    expect(subscriptions.map((s) => s.ok)).toEqual([true, true, true, true]);
    expect(bed.cache.stats()).toEqual({ entries: 4, subscribers: 4 });
    expect(bed.bus.live("calls:")).toBe(4);
    for (const subscription of subscriptions) subscription.stop();
    await until(
      async () => bed.cache.stats(),
      (stats) => stats.entries === 0,
    );
    expect(bed.bus.live("calls:")).toBe(0);
  });
});
