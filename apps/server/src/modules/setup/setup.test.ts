import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildActivationCode } from "../../test-support/licences.ts";
import { startTestSimulator, type TestSimulator } from "../../test-support/simulator.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";

const APP_DATA = `query AppData($hasSession: Boolean!) {
  license { id name features { analytics log management } limits { systems } }
  appState { setup_time has_initial_user configurator_set configurator_ip last_gets_commit }
  authUser { id is_superuser }
  globalSettings @include(if: $hasSession) { battery_threshold_low battery_threshold_critical }
  publicSystemParams { id name weekend_start weekend_stop }
}`;

const ACTIVATE = "mutation($c: String!, $code: String!) { activateLicense(customer: $c, code: $code) { id name limits { systems } } }";
const CONFIGURATOR =
  "mutation($ip: String!, $u: String!, $p: String!, $port: Int) { createInitialConfigurator(ip: $ip, username: $u, password: $p, tcp_port: $port) { id name ip username } }";
const FINISH = "mutation { finishSetup }";
const INITIAL_USER = "mutation($u: String!, $p: String!, $l: String!) { createInitialUser(username: $u, password: $p, locale: $l) { id username } }";

describe.each(TEST_DIALECTS)("first-run setup on %s", (dialect) => {
  let server: TestServer;
  let client: TestClient;
  let simulator: TestSimulator;
  beforeAll(async () => {
    simulator = await startTestSimulator();
    server = await startTestServer(dialect);
    client = new TestClient(server.app);
  });
  afterAll(async () => {
    await server.close();
    await simulator.stop();
  });

  it("starts unlicensed (id 0, systems limit 1) with no setup time", async () => {
    const result = await client.gql(APP_DATA, { hasSession: false });
    expect(result.errors).toBeUndefined();
    expect(result.data).toMatchObject({
      license: { id: 0, features: { analytics: false, log: false, management: false }, limits: { systems: 1 } },
      appState: { setup_time: null, has_initial_user: false, configurator_set: false, last_gets_commit: "1970-01-01T00:00:00.000Z" },
      authUser: { id: 0 },
      publicSystemParams: [],
    });
  });

  it.each([
    ["licence not found", "999999", buildActivationCode(), "activation failed: licence not found"],
    ["tampered code", "123456", buildActivationCode().replace(/^./, "x"), "activation failed: licence not found"],
    ["garbage", "123456", "not-a-code", "activation failed: licence not found"],
    ["not a version 5 licence", "123456", buildActivationCode({ version: 4 }), "activation failed: not a version 5 licence"],
  ])("refuses activation: %s", async (_name, customer, code, message) => {
    const result = await client.gql(ACTIVATE, { c: customer, code });
    expect(result.errors?.[0]?.message).toBe(message);
    expect((await client.gql<{ license: { id: number } }>("{ license { id } }")).data?.license.id).toBe(0);
  });

  it("activates a signed licence, then refuses it again as already activated", async () => {
    const code = buildActivationCode();
    const result = await client.gql(ACTIVATE, { c: "123456", code });
    expect(result.data).toEqual({ activateLicense: { id: 42, name: "Pflegeheim Sonnenhof", limits: { systems: 2 } } });
    const again = await client.gql(ACTIVATE, { c: "123456", code });
    expect(again.errors?.[0]).toMatchObject({ message: "activation failed: already activated", extensions: { code: "CONFLICT" } });
  });

  it("validates and checks the configurator, then stores it without ever returning its password", async () => {
    const bad = await client.gql(CONFIGURATOR, { ip: "300.1.1.1", u: "admin", p: "x" });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: { ip: [{}] } });
    // spec §8: "'failed to fetch firmware version' with 'Unauthorized' maps to password ...,
    // else ip connection_error" — the server keeps the controller's wording for that mapping.
    const wrongPassword = await client.gql(CONFIGURATOR, { ip: "127.0.0.1", u: "admin", p: "wrong", port: simulator.port });
    expect(wrongPassword.errors?.[0]?.message).toMatch(/^failed to fetch firmware version: .*Unauthorized/);
    const nobodyThere = await client.gql(CONFIGURATOR, { ip: "127.0.0.1", u: "admin", p: "admin", port: 1 });
    expect(nobodyThere.errors?.[0]?.message).toMatch(/^failed to fetch firmware version/);
    expect(nobodyThere.errors?.[0]?.message).not.toMatch(/Unauthorized/);
    expect((await client.gql<{ appState: { configurator_set: boolean } }>("{ appState { configurator_set } }")).data?.appState.configurator_set).toBe(false);
    const ok = await client.gql(CONFIGURATOR, { ip: "127.0.0.1", u: "admin", p: "admin", port: simulator.port });
    expect(ok.data).toEqual({ createInitialConfigurator: { id: 1, name: "System 1", ip: "127.0.0.1", username: "admin" } });
    // The wizard's step 3 shows what it stored: anonymous, while the setup is open.
    expect((await client.gql<{ appState: { configurator_ip: string | null } }>("{ appState { configurator_ip } }")).data?.appState.configurator_ip).toBe(
      "127.0.0.1",
    );
    const fields = await client.gql<{ __type: { fields: { name: string }[] } }>('{ __type(name: "SystemParams") { fields { name } } }');
    expect(fields.data?.__type.fields.map((f) => f.name)).not.toContain("password");
  });

  it("creates the initial superuser once and closes the setup mutations; the setup time waits for step 5", async () => {
    // Before the initial user there is nothing to finish.
    const early = await client.gql(FINISH);
    expect(early.errors?.[0]?.extensions).toEqual({ code: "CONFLICT", reason: "setup_done" });
    const short = await client.gql(INITIAL_USER, { u: "admin", p: "", l: "de" });
    expect(short.errors?.[0]?.extensions?.code).toBe("VALIDATION");
    const created = await client.gql(INITIAL_USER, { u: "admin", p: "admin password 1", l: "de" });
    expect(created.data).toMatchObject({ createInitialUser: { username: "admin" } });
    type SetupState = { appState: { setup_time: string | null; has_initial_user: boolean; configurator_set: boolean } };
    const state = await client.gql<SetupState>(APP_DATA, { hasSession: false });
    // "Setup completes when step 5 is confirmed, not silently on user creation."
    expect(state.data?.appState).toMatchObject({ setup_time: null, has_initial_user: true, configurator_set: true });
    const finished = await client.gql(FINISH);
    expect(finished.data).toEqual({ finishSetup: true });
    const after = await client.gql<SetupState>(APP_DATA, { hasSession: false });
    expect(after.data?.appState.setup_time).toMatch(/^\d{4}-\d\d-\d\dT/);
    const twice = await client.gql(FINISH);
    expect(twice.errors?.[0]?.extensions).toEqual({ code: "CONFLICT", reason: "setup_done" });
    // Setup is closed: anonymous visitors can no longer create users ("setup already
    // done") or change the configurator.
    const second = await client.gql(INITIAL_USER, { u: "evil", p: "evil password 1", l: "de" });
    expect(second.errors?.[0]?.extensions).toEqual({ code: "CONFLICT", reason: "setup_done" });
    const configurator = await client.gql(CONFIGURATOR, { ip: "10.0.0.1", u: "x", p: "y" });
    expect(configurator.errors?.[0]?.extensions?.code).toBe("MISSING_AUTH");
  });

  it("lets the initial user sign in as superuser and read the session-only AppData", async () => {
    const login = await client.login("admin", "admin password 1");
    expect(login.json()).toMatchObject({ ok: true, user: { is_superuser: true } });
    const result = await client.gql(APP_DATA, { hasSession: true });
    expect(result.data).toMatchObject({
      authUser: { is_superuser: true },
      globalSettings: { battery_threshold_low: 40, battery_threshold_critical: 25 },
      publicSystemParams: [{ id: 1, name: "System 1", weekend_start: 7200, weekend_stop: 10080 }],
    });
  });

  it("audits every setup change", async () => {
    const rows = await server.db.kysely.selectFrom("audit_logs").select(["entity_type", "action"]).orderBy("id").execute();
    expect(rows).toEqual([
      { entity_type: "license", action: "updated" },
      { entity_type: "systemparams", action: "created" },
      { entity_type: "user", action: "created" },
      { entity_type: "user", action: "loggedin" },
    ]);
  });

  it("shows the controller's address to anonymous visitors only while the setup is open", async () => {
    const ADDRESS = "{ appState { configurator_ip configurator_version } }";
    const anonymous = await new TestClient(server.app).gql<{ appState: { configurator_ip: string | null } }>(ADDRESS);
    expect(anonymous.data?.appState).toEqual({ configurator_ip: null, configurator_version: null });
    // `client` signed in as the initial superuser above.
    expect((await client.gql<{ appState: { configurator_ip: string | null } }>(ADDRESS)).data?.appState.configurator_ip).toBe("127.0.0.1");
  });
});
