import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildUser } from "../../test-support/builders.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { THROTTLE_RULES } from "./throttle.ts";

const SET_PASSWORD =
  "mutation UserSetPassword($p: String!, $r: String!, $c: String) { userSetPassword(password: $p, password_repeat: $r, current_password: $c) { id } }";

type Result = { data: { userSetPassword: { id: number } } | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };

describe.each(TEST_DIALECTS)("userSetPassword on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const signedIn = async (options: { password_is_temporary?: boolean; username?: string } = {}) => {
    const user = await buildUser(server.db.kysely, options);
    const client = new TestClient(server.app);
    await client.login(user.username, user.password);
    return { user, client };
  };
  const setPassword = (client: TestClient, variables: { p: string; r: string; c?: string }) => client.gql(SET_PASSWORD, variables) as Promise<Result>;
  const fieldsOf = (result: Result) => result.errors?.[0]?.extensions?.["fields"];

  it("replaces a temporary password without the old one, clears the flag and revokes other sessions", async () => {
    const { user, client: first } = await signedIn({ password_is_temporary: true });
    const second = new TestClient(server.app);
    await second.login(user.username, user.password);
    const mismatch = await setPassword(first, { p: "new secret 123", r: "other secret" });
    expect(mismatch.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: { password_repeat: [{ message: "validation.no_match" }] } });
    const ok = await setPassword(first, { p: "new secret 123", r: "new secret 123" });
    expect(ok.data?.userSetPassword.id).toBe(user.id);
    expect((await second.gql<{ authUser: { id: number } }>("{ authUser { id } }")).data?.authUser.id).toBe(0);
    const relogin = await new TestClient(server.app).login(user.username, "new secret 123");
    expect(relogin.json()).toMatchObject({ ok: true, require_password_change: false });
  });

  it("asks for the current password when the password is not temporary", async () => {
    const { user, client } = await signedIn();
    expect(fieldsOf(await setPassword(client, { p: "new secret 123", r: "new secret 123" }))).toEqual({
      current_password: [{ message: "validation.required", data: { field: "current_password" } }],
    });
    const wrong = await setPassword(client, { p: "new secret 123", r: "new secret 123", c: "not it" });
    expect(wrong.errors?.[0]?.extensions).toMatchObject({
      code: "VALIDATION",
      fields: { current_password: [{ message: "validation.wrong_current_password" }] },
    });
    expect(wrong.errors?.[0]?.message).toBe("Das aktuelle Passwort ist falsch.");
    const ok = await setPassword(client, { p: "new secret 123", r: "new secret 123", c: user.password });
    expect(ok.data?.userSetPassword.id).toBe(user.id);
    expect((await new TestClient(server.app).login(user.username, "new secret 123")).json().ok).toBe(true);
  });

  it("counts wrong current passwords in the login throttle: no guessing oracle", async () => {
    const { user, client } = await signedIn();
    for (let i = 0; i < THROTTLE_RULES.accountIp.maxFailures; i++) {
      expect(fieldsOf(await setPassword(client, { p: "new secret 123", r: "new secret 123", c: `guess ${i}` }))).toMatchObject({
        current_password: [{ message: "validation.wrong_current_password" }],
      });
    }
    // Even the right current password is refused now, and so is a sign-in from this address.
    const blocked = await setPassword(client, { p: "new secret 123", r: "new secret 123", c: user.password });
    expect(fieldsOf(blocked)).toMatchObject({ current_password: [{ message: "validation.too_many_attempts", data: { seconds: expect.any(Number) } }] });
    expect((await new TestClient(server.app).login(user.username, user.password)).json().errors[0].code).toBe("throttled");
    server.clock.now += THROTTLE_RULES.accountIp.blockMs + 1000;
    expect((await setPassword(client, { p: "new secret 123", r: "new secret 123", c: user.password })).data?.userSetPassword.id).toBe(user.id);
    server.clock.now = Date.now();
  });

  it.each<[string, (username: string) => string, string]>([
    // "a minimum strength: not only spaces, not equal to the user name, not in a short list of common passwords"
    ["only spaces", () => "            ", "validation.password_only_spaces"],
    ["the user name, in capitals", (username) => username.toUpperCase(), "validation.password_same_as_username"],
    ["a common password", () => "passwort123", "validation.password_common"],
    ["too short", () => "kurz", "validation.min_length"],
  ])("refuses a weak new password: %s", async (_label, passwordFor, message) => {
    const { user, client } = await signedIn({ password_is_temporary: true });
    const candidate = passwordFor(user.username);
    const result = await setPassword(client, { p: candidate, r: candidate });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: { password: [{ message }] } });
    // Nothing changed: the old password still signs in.
    expect((await new TestClient(server.app).login(user.username, user.password)).json().ok).toBe(true);
  });

  it("refuses userSetPassword without a session with MISSING_AUTH", async () => {
    const result = await new TestClient(server.app).gql('mutation { userSetPassword(password: "abcdefgh1", password_repeat: "abcdefgh1") { id } }');
    expect(result.errors?.[0]?.extensions?.["code"]).toBe("MISSING_AUTH");
  });
});
