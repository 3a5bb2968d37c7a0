import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { generateKeyPairSync } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { TestClient } from "../../test-support/api.ts";
import { buildActivationCode } from "../../test-support/licences.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { BUNDLED_PUBLIC_KEY_FILE, encodeActivationCode } from "./licence-code.ts";
import { enforceLicenceKey } from "./licence.service.ts";
import { DEMO_LICENCE } from "@caresuite/domain";
import { readAppState, updateAppState } from "../appdata/app-state.repo.ts";

const ACTIVATE = "mutation($c: String!, $code: String!) { activateLicense(customer: $c, code: $code) { id } }";
const LICENCE = "{ license { id name development_key } }";

type Licence = { license: { id: number; name: string; development_key: boolean } };

/** A vendor key pair as a real site has it: the public half in LICENCE_PUBLIC_KEY_FILE. */
const keys = mkdtempSync(join(tmpdir(), "caresuite-licence-keys-"));
const vendor = generateKeyPairSync("ed25519");
const VENDOR_PUBLIC_FILE = join(keys, "vendor-public.pem");
writeFileSync(VENDOR_PUBLIC_FILE, vendor.publicKey.export({ type: "spki", format: "pem" }));
/** The development public key under another name: production must still recognise it. */
const DEV_COPY_FILE = join(keys, "copied-dev-key.pem");
copyFileSync(fileURLToPath(BUNDLED_PUBLIC_KEY_FILE), DEV_COPY_FILE);

function vendorCode(overrides: Record<string, unknown> = {}): string {
  const payload = {
    licence_id: 77,
    customer: "123456",
    name: "Klinik Vendor",
    version: 5,
    features: { analytics: true, log: true, management: true },
    limits: { devices: 500, visuals: 10, app_clients: 20, systems: 2 },
    issued_at: "2026-11-01T00:00:00.000Z",
    ...overrides,
  };
  return encodeActivationCode(payload, vendor.privateKey.export({ type: "pkcs8", format: "pem" }).toString());
}

function recordingLog(): { log: FastifyBaseLogger; lines: { level: string; text: string }[] } {
  const lines: { level: string; text: string }[] = [];
  const at =
    (level: string) =>
    (...args: unknown[]): void => {
      lines.push({ level, text: args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" ") });
    };
  const log = { warn: at("warn"), error: at("error"), info: at("info"), debug: at("debug") } as unknown as FastifyBaseLogger;
  return { log, lines };
}

afterAll(() => rmSync(keys, { recursive: true, force: true }));

describe.each(TEST_DIALECTS)("the development licence key on %s", (dialect) => {
  let server: TestServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it("development trusts it, says so in the licence the footer reads and warns at start", async () => {
    server = await startTestServer(dialect);
    const client = new TestClient(server.app);
    expect((await client.gql<Licence>(LICENCE)).data?.license).toMatchObject({ id: 0, development_key: true });
    expect((await client.gql(ACTIVATE, { c: "123456", code: buildActivationCode() })).errors).toBeUndefined();
    expect((await client.gql<Licence>(LICENCE)).data?.license).toMatchObject({ id: 42, development_key: true });

    const { log, lines } = recordingLog();
    await enforceLicenceKey(server.db.kysely, server.config, log, Date.now());
    expect(lines).toEqual([{ level: "warn", text: expect.stringContaining("DEVELOPMENT licence key") }]);
    // Development keeps the licence the development key signed.
    expect((await client.gql<Licence>(LICENCE)).data?.license.id).toBe(42);
  });

  it.each([
    ["without LICENCE_PUBLIC_KEY_FILE", {}],
    ["with the development key copied to LICENCE_PUBLIC_KEY_FILE", { LICENCE_PUBLIC_KEY_FILE: DEV_COPY_FILE }],
  ])("production refuses it %s: nothing activates, and the start-up log says why", async (_name, env) => {
    server = await startTestServer(dialect, { NODE_ENV: "production", ...env });
    const client = new TestClient(server.app);
    const refused = await client.gql(ACTIVATE, { c: "123456", code: buildActivationCode() });
    expect(refused.errors?.[0]).toMatchObject({
      message: "activation failed: no licence key configured",
      extensions: { code: "VALIDATION", reason: "no_licence_key_configured" },
    });
    expect((await client.gql<Licence>(LICENCE)).data?.license).toMatchObject({ id: 0, development_key: false });
    const { log, lines } = recordingLog();
    await enforceLicenceKey(server.db.kysely, server.config, log, Date.now());
    expect(lines).toEqual([{ level: "error", text: expect.stringContaining("refuses the bundled DEVELOPMENT licence key") }]);
  });

  it("production with the vendor's key activates the vendor's codes only", async () => {
    server = await startTestServer(dialect, { NODE_ENV: "production", LICENCE_PUBLIC_KEY_FILE: VENDOR_PUBLIC_FILE });
    const client = new TestClient(server.app);
    const development = await client.gql(ACTIVATE, { c: "123456", code: buildActivationCode() });
    expect(development.errors?.[0]?.message).toBe("activation failed: licence not found");
    expect((await client.gql(ACTIVATE, { c: "123456", code: vendorCode() })).errors).toBeUndefined();
    expect((await client.gql<Licence>(LICENCE)).data?.license).toEqual({ id: 77, name: "Klinik Vendor", development_key: false });
  });

  it("a licence the development key signed does not stay active when the server starts in production", async () => {
    server = await startTestServer(dialect);
    const client = new TestClient(server.app);
    expect((await client.gql(ACTIVATE, { c: "123456", code: buildActivationCode() })).errors).toBeUndefined();
    expect((await client.gql<Licence>(LICENCE)).data?.license.id).toBe(42);

    const production = loadConfig({ NODE_ENV: "production", LICENCE_PUBLIC_KEY_FILE: VENDOR_PUBLIC_FILE });
    const { log, lines } = recordingLog();
    await enforceLicenceKey(server.db.kysely, production, log, Date.now());
    expect((await client.gql<Licence>(LICENCE)).data?.license.id).toBe(0);
    expect(lines).toEqual([{ level: "error", text: expect.stringContaining('deactivated "Pflegeheim Sonnenhof"') }]);
    const audit = await server.db.kysely
      .selectFrom("audit_logs")
      .select(["entity_type", "entity_id", "meta"])
      .where("entity_type", "=", "license")
      .orderBy("id", "desc")
      .executeTakeFirst();
    expect(audit).toEqual({ entity_type: "license", entity_id: 42, meta: JSON.stringify({ reason: "development_key_refused" }) });
  });

  it("a licence the vendor's key signed stays active in production", async () => {
    server = await startTestServer(dialect, { LICENCE_PUBLIC_KEY_FILE: VENDOR_PUBLIC_FILE });
    const client = new TestClient(server.app);
    expect((await client.gql(ACTIVATE, { c: "123456", code: vendorCode() })).errors).toBeUndefined();
    const production = loadConfig({ NODE_ENV: "production", LICENCE_PUBLIC_KEY_FILE: VENDOR_PUBLIC_FILE });
    const { log, lines } = recordingLog();
    await enforceLicenceKey(server.db.kysely, production, log, Date.now());
    expect(lines).toEqual([]);
    expect((await client.gql<Licence>(LICENCE)).data?.license.id).toBe(77);
  });
});

// "Demo mode runs with a demo licence that enables every module (analytics, log,
// management, app clients) ... Today `/analytics` in the demo answers "access denied"."
describe.each(TEST_DIALECTS)("the demo licence on %s", (dialect) => {
  let server: TestServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });
  const FULL = "{ license { id name features { analytics log management } limits { app_clients systems } } }";

  it("is the licence of demo mode until one is activated, and only of demo mode", async () => {
    server = await startTestServer(dialect);
    const client = new TestClient(server.app);
    expect((await client.gql<Licence>(LICENCE)).data?.license).toMatchObject({ id: 0 });
    const state = await readAppState(server.db.kysely);
    await updateAppState(server.db.kysely, { features: { ...state.features, demo_mode: true } }, Date.now());
    expect((await client.gql(FULL)).data).toEqual({
      license: {
        id: DEMO_LICENCE.id,
        name: "Demo",
        features: { analytics: true, log: true, management: true },
        limits: { app_clients: DEMO_LICENCE.limits.app_clients, systems: 1 },
      },
    });
    // An activated licence is the licence, demo or not.
    expect((await client.gql(ACTIVATE, { c: "123456", code: buildActivationCode() })).errors).toBeUndefined();
    expect((await client.gql<Licence>(LICENCE)).data?.license.id).toBe(42);
  });
});
