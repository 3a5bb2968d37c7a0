import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildUser } from "../../test-support/builders.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { THROTTLE_RULES } from "./throttle.ts";
import { JSON_POST_HEADERS, SYSTEM_HEADER } from "@caresuite/domain";

/** decision 008: one answer for an unknown user and a wrong password. */
const INVALID_CREDENTIALS = { field: null, code: "invalid_credentials", message: "Benutzername oder Passwort ist falsch." };

describe.each(TEST_DIALECTS)("sign-in on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  /** POST /backend/login from a given client address (the socket's, as Fastify sees it). */
  const loginFrom = (ip: string, username: string, password: string) =>
    server.app.inject({
      method: "POST",
      url: "/backend/login",
      remoteAddress: ip,
      headers: { ...JSON_POST_HEADERS, [SYSTEM_HEADER]: "01", "accept-language": "de" },
      payload: JSON.stringify({ username, password }),
    });
  const codeOf = (response: { json(): { errors: { code: string }[] } }) => response.json().errors[0]?.code ?? "ok";

  it("signs in, reports the user and writes the loggedin audit entry", async () => {
    const user = await buildUser(server.db.kysely, { permissions: ["calllog::use_module"] });
    const client = new TestClient(server.app);
    const response = await client.login(user.username, user.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ ok: true, require_password_change: false, errors: [] });
    expect(body.user).toMatchObject({ id: user.id, username: user.username, permissions: ["calllog::use_module"] });
    const cookie = response.cookies.find((c) => c.name === "cs_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await client.gql<{ authUser: { id: number } }>("{ authUser { id } }");
    expect(me.data?.authUser.id).toBe(user.id);
    const audit = await server.db.kysely.selectFrom("audit_logs").selectAll().where("action", "=", "loggedin").where("user_id", "=", user.id).execute();
    expect(audit).toHaveLength(1);
    // The token itself is never stored, only its hash.
    const stored = await server.db.kysely.selectFrom("sessions").select("token_hash").where("user_id", "=", user.id).execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(cookie?.value);
  });

  it("answers an unknown user and a wrong password alike: same field, code and message", async () => {
    const known = await buildUser(server.db.kysely);
    const unknown = await loginFrom("10.0.1.1", "nobody-here", "whatever");
    const wrong = await loginFrom("10.0.1.1", known.username, "wrong");
    for (const response of [unknown, wrong]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: false, user: null, require_password_change: false, errors: [INVALID_CREDENTIALS] });
      expect(response.cookies.find((c) => c.name === "cs_session")).toBeUndefined();
    }
  });

  it("uses Accept-Language for the message", async () => {
    const client = new TestClient(server.app);
    client.language = "fr-CH,fr;q=0.9";
    const response = await client.login("nobody", "x");
    expect(response.json().errors[0].message).toBe("Nom d'utilisateur ou mot de passe incorrect.");
  });

  it("asks for a password change when the password is temporary", async () => {
    const user = await buildUser(server.db.kysely, { password_is_temporary: true });
    const response = await new TestClient(server.app).login(user.username, user.password);
    expect(response.json()).toMatchObject({ ok: true, require_password_change: true });
  });

  it("checks at most 5 passwords of 200 parallel guesses at one account (ARCHITECTURE «Security rules»)", async () => {
    const victim = await buildUser(server.db.kysely);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => loginFrom("10.0.2.1", victim.username, `guess ${i}`)));
    const codes = answers.map(codeOf);
    // Every answer that is not "throttled" had its password checked.
    expect(codes.filter((c) => c !== "throttled")).toEqual(Array(THROTTLE_RULES.accountIp.maxFailures).fill("invalid_credentials"));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    // The right password from the guessing address is refused too, while the block lasts.
    expect(codeOf(await loginFrom("10.0.2.1", victim.username, victim.password))).toBe("throttled");
  });

  it("blocks the guessing address, never the account's owner elsewhere", async () => {
    const admin = await buildUser(server.db.kysely, { is_superuser: true });
    for (let i = 0; i < THROTTLE_RULES.accountIp.maxFailures; i++) {
      expect(codeOf(await loginFrom("10.0.3.1", admin.username, "bad"))).toBe("invalid_credentials");
    }
    const blocked = await loginFrom("10.0.3.1", admin.username, admin.password);
    expect(blocked.json().errors[0]).toMatchObject({ code: "throttled", field: null });
    expect(blocked.json().errors[0].message).toMatch(/Zu viele fehlgeschlagene Anmeldungen\. Bitte in \d+ Sekunden/);
    // The owner, from another address, signs in; the block stays on the guessing address.
    expect((await loginFrom("10.0.3.2", admin.username, admin.password)).json().ok).toBe(true);
    expect(codeOf(await loginFrom("10.0.3.1", admin.username, admin.password))).toBe("throttled");
    // After the block has passed, the right password works from there too.
    server.clock.now += THROTTLE_RULES.accountIp.blockMs + 1000;
    expect((await loginFrom("10.0.3.1", admin.username, admin.password)).json().ok).toBe(true);
    server.clock.now = Date.now();
  });

  it("lets a correct password give its place back: 4 failures and a success never block", async () => {
    const user = await buildUser(server.db.kysely);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < THROTTLE_RULES.accountIp.maxFailures - 1; i++) await loginFrom("10.0.4.1", user.username, "bad");
      expect((await loginFrom("10.0.4.1", user.username, user.password)).json().ok).toBe(true);
    }
  });

  it("throttles an address that sprays many accounts", async () => {
    for (let i = 0; i < THROTTLE_RULES.ip.maxFailures; i++) await loginFrom("10.9.8.7", `sprayed-${i}`, "bad");
    expect(codeOf(await loginFrom("10.9.8.7", "someone-else", "bad"))).toBe("throttled");
    // Another address is not affected.
    expect(codeOf(await loginFrom("10.1.1.1", "x", "y"))).toBe("invalid_credentials");
  });

  it("forgets passed failures: the table does not grow with anonymous guesses", async () => {
    for (let i = 0; i < 30; i++) await loginFrom(`10.0.5.${i}`, `gone-${i}`, "bad");
    server.clock.now += THROTTLE_RULES.ip.windowMs + 60_000;
    await loginFrom("10.0.5.200", "trigger", "bad");
    const left = await server.db.kysely.selectFrom("login_throttle").select("key").where("key", "like", "%10.0.5.%").execute();
    server.clock.now = Date.now();
    expect(left.map((r) => r.key).sort()).toEqual(["acct:10.0.5.200|trigger", "ip:10.0.5.200"]);
  });

  it("ends a session 7 days after sign-in even when in use (ARCHITECTURE «Storage and session rules»)", async () => {
    // A long idle timeout isolates the absolute expiry.
    const longIdle = await startTestServer(dialect, { SESSION_IDLE_MINUTES: "100000" });
    const user = await buildUser(longIdle.db.kysely);
    const client = new TestClient(longIdle.app);
    await client.login(user.username, user.password);
    const me = async () => (await client.gql<{ authUser: { id: number } }>("{ authUser { id } }")).data?.authUser.id;
    longIdle.clock.now += 7 * 86_400_000 - 60_000;
    expect(await me()).toBe(user.id);
    longIdle.clock.now += 120_000;
    expect(await me()).toBe(0);
    await longIdle.close();
  });

  it("counts the idle limit from the last request: used every 15 s, a 1-minute limit never ends it", async () => {
    const shortIdle = await startTestServer(dialect, { SESSION_IDLE_MINUTES: "1" });
    try {
      const user = await buildUser(shortIdle.db.kysely);
      const client = new TestClient(shortIdle.app);
      await client.login(user.username, user.password);
      const me = async () => (await client.gql<{ authUser: { id: number } }>("{ authUser { id } }")).data?.authUser.id;
      for (let second = 15; second <= 300; second += 15) {
        shortIdle.clock.now += 15_000;
        expect(await me(), `after ${second} s`).toBe(user.id);
      }
      shortIdle.clock.now += 59_000;
      expect(await me()).toBe(user.id);
      // A minute (and the touch interval, a sixtieth of it) without a request ends it.
      shortIdle.clock.now += 62_000;
      expect(await me()).toBe(0);
    } finally {
      await shortIdle.close();
    }
  });

  it("logs out: the session is gone and the cookie cleared", async () => {
    const user = await buildUser(server.db.kysely);
    const client = new TestClient(server.app);
    await client.login(user.username, user.password);
    const response = await client.post("/backend/logout", {});
    expect(response.json()).toEqual({ ok: true });
    const me = await client.gql<{ authUser: { id: number } }>("{ authUser { id } }");
    expect(me.data?.authUser.id).toBe(0);
  });

  it("ends a session after an hour idle (ARCHITECTURE «Storage and session rules»)", async () => {
    const user = await buildUser(server.db.kysely);
    const client = new TestClient(server.app);
    await client.login(user.username, user.password);
    server.clock.now += 59 * 60_000;
    expect((await client.gql<{ authUser: { id: number } }>("{ authUser { id } }")).data?.authUser.id).toBe(user.id);
    server.clock.now += 61 * 60_000;
    expect((await client.gql<{ authUser: { id: number } }>("{ authUser { id } }")).data?.authUser.id).toBe(0);
    server.clock.now = Date.now();
  });

  describe("bad input: a clear error, no 500, nothing stored", () => {
    it.each([
      ["empty body", ""],
      ["not JSON", "{username:"],
      ["array", "[]"],
      ["missing password", JSON.stringify({ username: "a" })],
      ["unknown field", JSON.stringify({ username: "a", password: "b", admin: true })],
      ["wrong types", JSON.stringify({ username: 5, password: ["x"] })],
      ["SQL-ish", JSON.stringify({ username: "' OR 1=1 --", password: "' OR '1'='1" })],
      ["script", JSON.stringify({ username: "<script>alert(1)</script>", password: "x" })],
    ])("%s", async (_name, payload) => {
      const before = await server.db.kysely
        .selectFrom("sessions")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      const response = await new TestClient(server.app).post("/backend/login", payload);
      expect(response.statusCode).toBeLessThan(500);
      const body = response.json();
      expect(body.ok).toBe(false);
      const after = await server.db.kysely
        .selectFrom("sessions")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it("rejects a 1 MB body with 413", async () => {
      const response = await new TestClient(server.app).post("/backend/login", { username: "a", password: "x".repeat(1024 * 1024) });
      expect(response.statusCode).toBe(413);
    });

    it("rejects a wrong content type with 415", async () => {
      const response = await new TestClient(server.app).post("/backend/login", "username=a&password=b", {
        "content-type": "application/x-www-form-urlencoded",
      });
      expect(response.statusCode).toBe(415);
    });

    it("rejects a POST without the CSRF header with 403", async () => {
      const response = await server.app.inject({ method: "POST", url: "/backend/login", payload: { username: "a", password: "b" } });
      expect(response.statusCode).toBe(403);
    });
  });
});
