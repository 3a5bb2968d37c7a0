import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildUser } from "../../test-support/builders.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { THROTTLE_RULES } from "./throttle.ts";

describe.each(TEST_DIALECTS)("sign-in on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

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

  it.each([
    // spec §8: "Login: unknown username; wrong password"
    ["unknown username", "nobody-here", "whatever", "username", "unknown_username", "Unbekannter Benutzername."],
    ["wrong password", "known-user", "wrong", "password", "wrong_password", "Falsches Passwort."],
  ])("answers %s with a translated, field-bound error", async (_name, username, password, field, code, message) => {
    await buildUser(server.db.kysely, { username: "known-user", password: "right password" }).catch(() => undefined);
    const response = await new TestClient(server.app).login(username, password);
    expect(response.json()).toEqual({ ok: false, user: null, require_password_change: false, errors: [{ field, code, message }] });
    expect(response.cookies.find((c) => c.name === "cs_session")).toBeUndefined();
  });

  it("uses Accept-Language for the message", async () => {
    const client = new TestClient(server.app);
    client.language = "fr-CH,fr;q=0.9";
    const response = await client.login("nobody", "x");
    expect(response.json().errors[0].message).toBe("Nom d'utilisateur inconnu.");
  });

  it("asks for a password change when the password is temporary", async () => {
    const user = await buildUser(server.db.kysely, { password_is_temporary: true });
    const response = await new TestClient(server.app).login(user.username, user.password);
    expect(response.json()).toMatchObject({ ok: true, require_password_change: true });
  });

  it("throttles an account after repeated failures without blocking other accounts", async () => {
    const victim = await buildUser(server.db.kysely);
    const other = await buildUser(server.db.kysely);
    const client = new TestClient(server.app);
    for (let i = 0; i < THROTTLE_RULES.account.maxFailures; i++) await client.login(victim.username, "bad");
    const blocked = await client.login(victim.username, victim.password);
    expect(blocked.json().errors[0]).toMatchObject({ code: "throttled", field: null });
    expect(blocked.json().errors[0].message).toMatch(/Zu viele fehlgeschlagene Anmeldungen\. Bitte in \d+ Sekunden/);
    expect((await client.login(other.username, other.password)).json().ok).toBe(true);
    // After the block has passed, the right password works again.
    server.clock.now += THROTTLE_RULES.account.blockMs + 1000;
    expect((await client.login(victim.username, victim.password)).json().ok).toBe(true);
    server.clock.now = Date.now();
  });

  it("throttles an address that sprays many accounts", async () => {
    const client = new TestClient(server.app);
    const ip = "10.9.8.7";
    const attempt = (username: string) => client.post("/backend/login", { username, password: "bad" }, { "x-forwarded-for": ip });
    for (let i = 0; i < THROTTLE_RULES.ip.maxFailures; i++) await attempt(`sprayed-${i}`);
    expect((await attempt("someone-else")).json().errors[0].code).toBe("throttled");
    // Another address is not affected.
    const fromElsewhere = await client.post("/backend/login", { username: "x", password: "y" }, { "x-forwarded-for": "10.1.1.1" });
    expect(fromElsewhere.json().errors[0].code).toBe("unknown_username");
  });

  it("ends a session 7 days after sign-in even when in use (DESIGN.md §3)", async () => {
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

  it("logs out: the session is gone and the cookie cleared", async () => {
    const user = await buildUser(server.db.kysely);
    const client = new TestClient(server.app);
    await client.login(user.username, user.password);
    const response = await client.post("/backend/logout", {});
    expect(response.json()).toEqual({ ok: true });
    const me = await client.gql<{ authUser: { id: number } }>("{ authUser { id } }");
    expect(me.data?.authUser.id).toBe(0);
  });

  it("ends a session after an hour idle (DESIGN.md §3)", async () => {
    const user = await buildUser(server.db.kysely);
    const client = new TestClient(server.app);
    await client.login(user.username, user.password);
    server.clock.now += 59 * 60_000;
    expect((await client.gql<{ authUser: { id: number } }>("{ authUser { id } }")).data?.authUser.id).toBe(user.id);
    server.clock.now += 61 * 60_000;
    expect((await client.gql<{ authUser: { id: number } }>("{ authUser { id } }")).data?.authUser.id).toBe(0);
    server.clock.now = Date.now();
  });

  it("changes the password, clears the temporary flag and revokes other sessions", async () => {
    const user = await buildUser(server.db.kysely, { password_is_temporary: true });
    const first = new TestClient(server.app);
    const second = new TestClient(server.app);
    await first.login(user.username, user.password);
    await second.login(user.username, user.password);
    const mutation = "mutation UserSetPassword($p: String!, $r: String!) { userSetPassword(password: $p, password_repeat: $r) { id } }";
    const mismatch = await first.gql(mutation, { p: "new secret 123", r: "other secret" });
    expect(mismatch.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: { password_repeat: [{ message: "validation.no_match" }] } });
    const ok = await first.gql<{ userSetPassword: { id: number } }>(mutation, { p: "new secret 123", r: "new secret 123" });
    expect(ok.data?.userSetPassword.id).toBe(user.id);
    expect((await second.gql<{ authUser: { id: number } }>("{ authUser { id } }")).data?.authUser.id).toBe(0);
    const relogin = await new TestClient(server.app).login(user.username, "new secret 123");
    expect(relogin.json()).toMatchObject({ ok: true, require_password_change: false });
  });

  it("refuses userSetPassword without a session with MISSING_AUTH", async () => {
    const result = await new TestClient(server.app).gql(
      'mutation { userSetPassword(password: "abcdefgh1", password_repeat: "abcdefgh1") { id } }',
    );
    expect(result.errors?.[0]?.extensions?.code).toBe("MISSING_AUTH");
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
      const before = await server.db.kysely.selectFrom("sessions").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      const response = await new TestClient(server.app).post("/backend/login", payload);
      expect(response.statusCode).toBeLessThan(500);
      const body = response.json();
      expect(body.ok).toBe(false);
      const after = await server.db.kysely.selectFrom("sessions").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
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
