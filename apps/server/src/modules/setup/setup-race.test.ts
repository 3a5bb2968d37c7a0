import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/database.ts";
import { migrateTo, migrateToLatest } from "../../db/migrate.ts";
import { TestClient } from "../../test-support/api.ts";
import { freshDatabase, startTestServer, TEST_DIALECTS } from "../../test-support/test-server.ts";
import { claimFinishedStep, claimInitialUserStep, isSetupOpen, lockSetupState } from "./setup.repo.ts";

/**
 * The setup race: six parallel anonymous createInitialUser calls on a fresh server created
 * six superusers. The setup is one atomic step now (migration 0008's setup_state row, claimed by
 * a conditional UPDATE in the user's transaction), on both databases.
 */
const INITIAL_USER = "mutation($u: String!, $p: String!, $l: String!) { createInitialUser(username: $u, password: $p, locale: $l) { id username } }";
const CONFIGURATOR =
  'mutation($p: String!, $port: Int) { createInitialConfigurator(ip: "127.0.0.1", username: "admin", password: $p, tcp_port: $port) { id } }';

type Result = { data: { createInitialUser?: { username: string } } | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };

/** A controller that answers the firmware request, slowly enough for the calls to overlap. */
async function fakeController(): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    setTimeout(() => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ version: "GETS 5.8.2 (test)" }));
    }, 20);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe.each(TEST_DIALECTS)("the first-run setup as one atomic step on %s", (dialect) => {
  let controller: { port: number; close(): Promise<void> };
  beforeAll(async () => {
    controller = await fakeController();
  });
  afterAll(() => controller.close());

  it.each([6, 50])("%i parallel anonymous createInitialUser calls create exactly one user", async (parallel) => {
    const server = await startTestServer(dialect);
    try {
      const results = (await Promise.all(
        Array.from({ length: parallel }, (_, n) => new TestClient(server.app).gql(INITIAL_USER, { u: `admin${n}`, p: `admin password ${n}`, l: "de" })),
      )) as Result[];
      const created = results.filter((r) => r.data?.createInitialUser);
      expect(created).toHaveLength(1);
      for (const refused of results.filter((r) => !r.data?.createInitialUser)) {
        expect(refused.errors?.[0]?.extensions).toEqual({ code: "CONFLICT", reason: "setup_done" });
      }
      const users = await server.db.kysely.selectFrom("users").select(["username", "is_superuser"]).execute();
      expect(users).toEqual([{ username: created[0]?.data?.createInitialUser?.username, is_superuser: 1 }]);
      const audited = await server.db.kysely.selectFrom("audit_logs").select("id").where("entity_type", "=", "user").where("action", "=", "created").execute();
      expect(audited).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it("10 parallel finishSetup calls: exactly one confirms the wizard (decision 012)", async () => {
    const server = await startTestServer(dialect);
    try {
      await new TestClient(server.app).gql(INITIAL_USER, { u: "admin", p: "admin password 1", l: "de" });
      const results = (await Promise.all(Array.from({ length: 10 }, () => new TestClient(server.app).gql("mutation { finishSetup }")))) as {
        data: { finishSetup: boolean } | null;
        errors?: { extensions?: Record<string, unknown> }[];
      }[];
      expect(results.filter((r) => r.data?.finishSetup === true)).toHaveLength(1);
      for (const refused of results.filter((r) => r.data?.finishSetup !== true)) {
        expect(refused.errors?.[0]?.extensions).toEqual({ code: "CONFLICT", reason: "setup_done" });
      }
    } finally {
      await server.close();
    }
  });

  it("answers 'setup already done' afterwards, translated, to anonymous and signed-in callers", async () => {
    const server = await startTestServer(dialect);
    try {
      const first = new TestClient(server.app);
      expect(((await first.gql(INITIAL_USER, { u: "admin", p: "admin password 1", l: "de" })) as Result).errors).toBeUndefined();
      const german = (await new TestClient(server.app).gql(INITIAL_USER, { u: "evil", p: "evil password 1", l: "de" })) as Result;
      expect(german.errors?.[0]).toMatchObject({
        message: "Die Einrichtung ist bereits abgeschlossen.",
        extensions: { code: "CONFLICT", reason: "setup_done" },
      });
      const english = new TestClient(server.app);
      english.language = "en";
      expect(((await english.gql(INITIAL_USER, { u: "evil", p: "evil password 1", l: "en" })) as Result).errors?.[0]?.message).toBe("Setup is already done.");
      await first.login("admin", "admin password 1");
      expect(((await first.gql(INITIAL_USER, { u: "second", p: "second password 1", l: "de" })) as Result).errors?.[0]?.extensions).toEqual({
        code: "CONFLICT",
        reason: "setup_done",
      });
      expect(await server.db.kysely.selectFrom("users").select("username").execute()).toEqual([{ username: "admin" }]);
    } finally {
      await server.close();
    }
  });

  it("parallel anonymous createInitialConfigurator calls store one system 1, none fails inside", async () => {
    const server = await startTestServer(dialect);
    try {
      const results = (await Promise.all(
        Array.from({ length: 6 }, (_, n) => new TestClient(server.app).gql(CONFIGURATOR, { p: `password ${n}`, port: controller.port })),
      )) as Result[];
      expect(results.map((r) => r.errors?.[0]?.extensions?.["code"] ?? "ok")).toEqual(Array(6).fill("ok"));
      expect(await server.db.kysely.selectFrom("systems").select("id").execute()).toEqual([{ id: 1 }]);
    } finally {
      await server.close();
    }
  });

  it("an anonymous configurator save cannot commit after the initial user closed the setup", async () => {
    const server = await startTestServer(dialect);
    try {
      const db = server.db.kysely;
      // The user's transaction claims the setup; a configurator transaction that started while the
      // setup looked open commits only after it, and then sees it closed.
      const order: string[] = [];
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let claimed: () => void = () => undefined;
      const hasClaimed = new Promise<void>((resolve) => (claimed = resolve));
      const user = db.transaction().execute(async (trx) => {
        expect(await claimInitialUserStep(trx, Date.now())).toBe(true);
        claimed();
        await held;
        order.push("user committed");
      });
      // The configurator starts once the user's transaction holds the claim (under load it could
      // otherwise lock the row first, which is the other legal order, not the one tested here).
      // SQLite runs one transaction at a time; PostgreSQL blocks on the row lock.
      await hasClaimed;
      const configurator = db.transaction().execute(async (trx) => {
        const state = await lockSetupState(trx);
        order.push(`configurator saw open=${state.open}`);
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      release();
      await Promise.all([user, configurator]);
      expect(order).toEqual(["user committed", "configurator saw open=false"]);
      expect(await isSetupOpen(db)).toBe(false);
    } finally {
      await server.close();
    }
  });

  it("migration 0008 marks an installation that has users as set up", async () => {
    const database = await freshDatabase(dialect);
    const db = openDatabase({ databaseUrl: database.env["DATABASE_URL"], dataDir: database.env["DATA_DIR"] ?? "" });
    try {
      await migrateTo(db, "0007-per-system-ids");
      const now = Date.now();
      await db.kysely
        .insertInto("users")
        .values({
          username: "old",
          name: "old",
          password_hash: "x",
          password_is_temporary: 0,
          locale: "de",
          homepage: null,
          is_superuser: 1,
          is_ldap: 0,
          emails: "[]",
          system_access: "[]",
          created_at: now,
          updated_at: now,
        })
        .execute();
      await migrateToLatest(db);
      const marker = await db.kysely.selectFrom("setup_state").select("done_at").executeTakeFirstOrThrow();
      expect(marker.done_at).toEqual(expect.any(Number));
      expect(await claimInitialUserStep(db.kysely, now)).toBe(false);
      // Migration 0009 (decision 012): such an installation finished its wizard too.
      const steps = await db.kysely.selectFrom("setup_state").select(["step", "done_at"]).orderBy("step").execute();
      expect(steps).toEqual([
        { step: "finished", done_at: expect.any(Number) },
        { step: "initial_user", done_at: expect.any(Number) },
      ]);
      expect(await claimFinishedStep(db.kysely, now)).toBe(false);
    } finally {
      await db.close();
      await database.drop();
    }
  });
});
