import { generateKeyPairSync } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_VERSION, UPDATE_TIMEOUT_MS } from "@caresuite/domain";
import { TestClient } from "../../test-support/api.ts";
import { buildUser } from "../../test-support/builders.ts";
import { activateTestLicence } from "../../test-support/licences.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { RESTART_EXIT_CODE } from "../../process-policy.ts";
import {
  currentRelease,
  entryPoint,
  pruneReleases,
  readUpdate,
  releaseDir,
  releasesDir,
  STALE_STAGING_MS,
  stageRelease,
  switchRelease,
  writeUpdate,
  type StoredUpdate,
} from "./releases.ts";
import { clearAnnouncement, pendingAnnouncement } from "./restart-announcement.ts";
import { CRASH_DELAY_MS, MAX_FAILED_STARTS, supervisorDecision } from "./supervisor-policy.ts";
import { readTar, writeTar, type TarEntry } from "./tar.ts";
import { MANIFEST_FILE, PAYLOAD_FILE, SIGNATURE_FILE, buildUpdatePackage, loadUpdateKey, verifyUpdatePackage } from "./update-package.ts";
import { setRestartHandler, settleUpdateAtStart } from "./updates.service.ts";

/**
 * Signed update packages (docs/decisions/043-signed-updates.md): spec "Update: available, in
 * progress, done, error, timeout", "update up to 5 min".
 */
const DEV_UPDATE_KEY = readFileSync(new URL("../../../../../scripts/DEVELOPMENT-ONLY-update-private-key.pem", import.meta.url), "utf8");
const OTHER_KEY = generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();

const file = (name: string, text: string): TarEntry => ({ type: "file", name, content: Buffer.from(text), mode: 0o644 });
/** The smallest payload a release folder accepts. */
const PAYLOAD: TarEntry[] = [
  { type: "directory", name: "apps/server/src", mode: 0o755 },
  file("apps/server/src/main.ts", "console.log('5.442');\n"),
  file("node_modules/tool/cli.js", "#!/usr/bin/env node\n"),
  { type: "symlink", name: "node_modules/.bin/tool", target: "../tool/cli.js" },
];
const signed = (version = "5.442", key = DEV_UPDATE_KEY): Buffer => buildUpdatePackage({ version, payload: PAYLOAD, privateKeyPem: key });

/** A package with one of its three files replaced. */
function replaced(pkg: Buffer, name: string, change: (content: Buffer) => Buffer | null): Buffer {
  const entries = readTar(pkg).flatMap((entry) => {
    if (entry.type !== "file" || entry.name !== name) return [entry];
    const next = change(entry.content);
    return next ? [{ ...entry, content: next }] : [];
  });
  return writeTar(entries);
}
const payloadOf = (pkg: Buffer): Buffer | null => {
  const entry = readTar(pkg).find((e) => e.name === PAYLOAD_FILE);
  return entry?.type === "file" ? entry.content : null;
};
const flipLastByte = (content: Buffer): Buffer => {
  const copy = Buffer.from(content);
  copy[copy.length - 1] = (copy[copy.length - 1] ?? 0) ^ 0xff;
  return copy;
};

describe("update packages", () => {
  const key = loadUpdateKey();

  it("a signed package verifies and carries its manifest and payload", () => {
    const verified = verifyUpdatePackage(signed(), key);
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;
    expect(verified.manifest).toMatchObject({ format: 1, product: "CareSuite", version: "5.442" });
    expect(verified.payload.map((e) => e.name)).toEqual(PAYLOAD.map((e) => e.name));
  });

  it.each<[string, () => Buffer, string]>([
    ["garbage", () => Buffer.from("not a tar at all".repeat(64)), "not_a_package"],
    ["no payload", () => replaced(signed(), PAYLOAD_FILE, () => null), "not_a_package"],
    ["unsigned", () => replaced(signed(), SIGNATURE_FILE, () => null), "unsigned"],
    ["signed with another key", () => signed("5.442", OTHER_KEY), "bad_signature"],
    [
      "a changed manifest (another version)",
      () => replaced(signed(), MANIFEST_FILE, (m) => Buffer.from(m.toString().replace("5.442", "5.443"))),
      "bad_signature",
    ],
    ["a changed payload byte", () => replaced(signed(), PAYLOAD_FILE, flipLastByte), "payload_mismatch"],
    [
      "a payload of another package",
      () =>
        replaced(signed(), PAYLOAD_FILE, () =>
          payloadOf(buildUpdatePackage({ version: "5.442", payload: [...PAYLOAD, file("extra.txt", "x")], privateKeyPem: DEV_UPDATE_KEY })),
        ),
      "payload_mismatch",
    ],
  ])("refuses %s", (_name, pkg, reason) => {
    expect(verifyUpdatePackage(pkg(), key)).toEqual({ ok: false, reason });
  });

  describe("staging", () => {
    let dataDir: string;
    beforeAll(() => {
      dataDir = mkdtempSync(join(tmpdir(), "caresuite-releases-"));
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it("unpacks into releases/<version> with release.json and its relative links", () => {
      const dir = stageRelease(dataDir, "5.442", PAYLOAD, "2026-11-27T07:00:00.000Z");
      expect(dir).toBe(releaseDir(dataDir, "5.442"));
      expect(JSON.parse(readFileSync(join(dir, "release.json"), "utf8"))).toEqual({ version: "5.442", created_at: "2026-11-27T07:00:00.000Z" });
      expect(readFileSync(join(dir, "node_modules/.bin/tool"), "utf8")).toContain("node");
      // Staged is not switched: the supervisor still starts the installed application.
      expect(currentRelease(dataDir)).toBeNull();
      expect(entryPoint(dataDir, "/opt/caresuite").entry).toBe("/opt/caresuite/apps/server/src/main.ts");
    });

    it.each<[string, TarEntry[]]>([
      ["a path out of the folder", [...PAYLOAD, file("../escape.txt", "x")]],
      ["an absolute path", [...PAYLOAD, file("/tmp/escape.txt", "x")]],
      ["a link out of the folder", [...PAYLOAD, { type: "symlink", name: "node_modules/evil", target: "../../../../etc" }]],
      ["an absolute link", [...PAYLOAD, { type: "symlink", name: "node_modules/evil", target: "/etc" }]],
      ["no server entry point", PAYLOAD.filter((e) => e.name !== "apps/server/src/main.ts")],
    ])("refuses %s and leaves nothing behind", (_name, payload) => {
      expect(() => stageRelease(dataDir, "5.443", payload, "2026-11-27T07:00:00.000Z")).toThrow();
      expect(existsSync(releaseDir(dataDir, "5.443"))).toBe(false);
      expect(readdirSync(join(dataDir, "releases")).filter((n) => n.startsWith(".staging"))).toEqual([]);
    });
  });
});

describe("old release folders (docs/decisions/043: keep the running release and its rollback target)", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), "caresuite-prune-"));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const stage = (version: string) => stageRelease(dataDir, version, PAYLOAD, "2026-11-27T07:00:00.000Z");
  const folders = () =>
    readdirSync(releasesDir(dataDir))
      .filter((name) => !["current", "update.json"].includes(name))
      .sort();
  const inProgress = (to_version: string, from_release: string | null): StoredUpdate => ({
    state: "in_progress",
    to_version,
    from_version: from_release ?? PRODUCT_VERSION,
    from_release,
    started_at: 1_000,
    error: null,
    failed_starts: 0,
  });
  /** What installUpdate and the new process do, without a server: record, pointer, settle. */
  const update = (to: string, appRoot = "/opt/caresuite") => {
    stage(to);
    writeUpdate(dataDir, inProgress(to, currentRelease(dataDir)));
    switchRelease(dataDir, to);
    return settleUpdateAtStart(dataDir, to, appRoot);
  };

  it("after each successful update only the running release and the previous one stay", () => {
    // From the installed application: nothing to roll back to in releases/, nothing to remove.
    expect(update("5.441")).toMatchObject({ state: "done", from_release: null });
    expect(readUpdate(dataDir)?.removed_releases).toBeUndefined();
    expect(folders()).toEqual(["5.441"]);
    expect(update("5.442")).toMatchObject({ state: "done", from_release: "5.441" });
    expect(folders()).toEqual(["5.441", "5.442"]);
    const third = update("5.443");
    expect(third).toMatchObject({ state: "done", from_release: "5.442", removed_releases: ["5.441"] });
    expect(readUpdate(dataDir)).toEqual(third);
    expect(folders()).toEqual(["5.442", "5.443"]);
    // The pointer and the record are never touched; the running release still starts.
    expect(currentRelease(dataDir)).toBe("5.443");
    expect(entryPoint(dataDir).entry).toBe(join(releaseDir(dataDir, "5.443"), "apps/server/src/main.ts"));
  });

  it("a start that is not the update's (a plain restart, the old version after a rollback) removes nothing", () => {
    stage("5.440");
    writeUpdate(dataDir, { ...inProgress("5.444", "5.443"), state: "error", error: "updates.start_failed" });
    expect(settleUpdateAtStart(dataDir, "5.443", "/opt/caresuite")).toBeNull();
    expect(folders()).toEqual(["5.440", "5.442", "5.443"]);
  });

  it("never removes the release the pointer names or the one the code runs from, and leaves a fresh staging folder", () => {
    const old = join(releasesDir(dataDir), ".staging-died");
    const fresh = join(releasesDir(dataDir), ".staging-unpacking");
    mkdirSync(old);
    mkdirSync(fresh);
    const past = (Date.now() - STALE_STAGING_MS - 60_000) / 1000;
    utimesSync(old, past, past);
    writeFileSync(join(releasesDir(dataDir), "notes.txt"), "not a release\n");
    // The pointer names 5.443, the code runs from 5.440: both kept though `keep` names neither.
    const removed = pruneReleases(dataDir, ["5.442"], { appRoot: join(releaseDir(dataDir, "5.440"), "") });
    expect(removed).toEqual([".staging-died"]);
    expect(folders()).toEqual([".staging-unpacking", "5.440", "5.442", "5.443", "notes.txt"]);
    expect(pruneReleases(dataDir, [], { appRoot: "/opt/caresuite" })).toEqual(["5.440", "5.442"]);
    expect(folders()).toEqual([".staging-unpacking", "5.443", "notes.txt"]);
    // No releases folder at all: nothing to do, no error.
    expect(pruneReleases(join(dataDir, "missing"), [])).toEqual([]);
  });
});

describe("the supervisor's decisions", () => {
  const started = 1_000_000;
  const inProgress = (failed_starts = 0): StoredUpdate => ({
    state: "in_progress",
    to_version: "5.442",
    from_version: "5.441",
    from_release: null,
    started_at: started,
    error: null,
    failed_starts,
  });
  it.each<[string, StoredUpdate | null, number | null, number, ReturnType<typeof supervisorDecision>]>([
    ["a requested restart without update: at once", null, RESTART_EXIT_CODE, started, { delayMs: 0 }],
    ["a crash without update: after a pause", null, 70, started, { delayMs: CRASH_DELAY_MS }],
    ["the restart into the update: at once, not a failure", inProgress(), RESTART_EXIT_CODE, started + 1_000, { delayMs: 0 }],
    ["a failed start of the new release: retried", inProgress(), 1, started + 2_000, { delayMs: CRASH_DELAY_MS, record: inProgress(1) }],
    [
      "the last failed start: back to the previous release (error)",
      inProgress(MAX_FAILED_STARTS - 1),
      1,
      started + 5_000,
      { delayMs: CRASH_DELAY_MS, record: { ...inProgress(MAX_FAILED_STARTS), state: "error", error: "updates.start_failed" }, rollbackTo: null },
    ],
    ["the periodic check within 5 min: nothing", inProgress(), null, started + UPDATE_TIMEOUT_MS, { delayMs: 0 }],
    [
      "the periodic check past 5 min: back to the previous release (timeout)",
      inProgress(),
      null,
      started + UPDATE_TIMEOUT_MS + 1,
      { delayMs: 0, record: { ...inProgress(), state: "timeout", error: "updates.timed_out" }, rollbackTo: null },
    ],
    ["a crash after the update was done: no rollback", { ...inProgress(), state: "done" }, 70, started + 60_000, { delayMs: CRASH_DELAY_MS }],
  ])("%s", (_name, record, exitCode, now, expected) => {
    expect(supervisorDecision({ record, exitCode, signal: null, now })).toEqual(expected);
  });
});

const STATUS = "running_version state slow to_version from_version started_at error supervised";
const UPLOAD = `mutation($file: Upload!) { uploadUpdatePackage(file: $file) { ${STATUS} } }`;
const INSTALL = `mutation { installUpdate { ${STATUS} } }`;
const upload = (client: TestClient, content: Buffer) =>
  client.gqlUpload<{ uploadUpdatePackage: Record<string, unknown> }>(
    UPLOAD,
    {},
    { file: { name: "caresuite-5.442.update", type: "application/x-tar", content } },
  );

describe.each(TEST_DIALECTS)("updates over the API on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let reader: TestClient;
  const restarts: number[] = [];
  // Releases live in DATA_DIR: each run its own (PostgreSQL runs get no temp folder of their own).
  const dataDir = mkdtempSync(join(tmpdir(), "caresuite-updates-"));

  beforeAll(async () => {
    server = await startTestServer(dialect, { DATA_DIR: dataDir });
    const root = await buildUser(server.db.kysely, { is_superuser: true });
    admin = new TestClient(server.app);
    admin.language = "en";
    expect((await admin.login(root.username, root.password)).json()).toMatchObject({ ok: true });
    await activateTestLicence(admin);
    const readOnly = await buildUser(server.db.kysely, { permissions: ["admin::use_module"] });
    reader = new TestClient(server.app);
    await reader.login(readOnly.username, readOnly.password);
  }, 60_000);
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(() => setRestartHandler(null));

  it("anonymous and read-only users may not upload", async () => {
    const anonymous = new TestClient(server.app);
    expect((await anonymous.gql(`{ updateStatus { ${STATUS} } }`)).errors?.[0]?.extensions).toMatchObject({ code: "MISSING_AUTH" });
    expect((await upload(reader, signed())).errors?.[0]?.extensions).toMatchObject({ code: "MISSING_PERMISSION" });
    expect(existsSync(join(server.config.DATA_DIR, "releases"))).toBe(false);
  });

  it("only those who may install get the large upload limit", async () => {
    // 12 MB: over every other upload's request limit, under the package's.
    const big = Buffer.concat([signed(), Buffer.alloc(12 * 1024 * 1024)]);
    const refused = await reader.gqlUpload(UPLOAD, {}, { file: { name: "big.update", type: "application/x-tar", content: big } });
    expect(refused.errors?.[0]?.message).toMatch(/^The request is larger than \d+ bytes\.$/);
    const read = await upload(admin, big);
    // Read whole and verified: trailing bytes after the end of the archive are ignored.
    expect(read.errors).toBeUndefined();
    expect(read.data?.uploadUpdatePackage).toMatchObject({ state: "available", to_version: "5.442" });
    rmSync(join(dataDir, "releases"), { recursive: true, force: true });
  });

  it("refuses a tampered package with a translated message before touching anything", async () => {
    for (const [pkg, text] of [
      [replaced(signed(), PAYLOAD_FILE, flipLastByte), "does not match its signature"],
      [replaced(signed(), SIGNATURE_FILE, () => null), "not signed"],
      [signed("5.442", OTHER_KEY), "signature is invalid"],
    ] as const) {
      const answer = await upload(admin, pkg);
      expect(answer.errors?.[0]?.message).toContain(text);
      expect(answer.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION" });
    }
    admin.language = "de";
    expect((await upload(admin, replaced(signed(), PAYLOAD_FILE, flipLastByte))).errors?.[0]?.message).toContain("passt nicht zu seiner Signatur");
    admin.language = "en";
    expect(existsSync(releaseDir(server.config.DATA_DIR, "5.442"))).toBe(false);
    expect(readUpdate(server.config.DATA_DIR)).toBeNull();
  });

  it("refuses the running version", async () => {
    const answer = await upload(admin, signed(PRODUCT_VERSION));
    expect(answer.errors?.[0]?.message).toBe(`Version ${PRODUCT_VERSION} is already running.`);
  });

  it("goes available → in progress → done: staged, switched, restarted, settled by the new version", async () => {
    const staged = await upload(admin, signed());
    expect(staged.errors).toBeUndefined();
    expect(staged.data?.uploadUpdatePackage).toMatchObject({ running_version: PRODUCT_VERSION, state: "available", to_version: "5.442", supervised: false });
    expect(currentRelease(server.config.DATA_DIR)).toBeNull();

    // Without a supervisor nobody would start the server again: refused, nothing switched.
    const unsupervised = await admin.gql<{ installUpdate: unknown }>(INSTALL);
    expect(unsupervised.errors?.[0]?.extensions).toMatchObject({ code: "CONFLICT" });
    expect(currentRelease(server.config.DATA_DIR)).toBeNull();

    setRestartHandler(() => restarts.push(Date.now()));
    const installing = await admin.gql<{ installUpdate: Record<string, unknown> }>(INSTALL);
    expect(installing.errors).toBeUndefined();
    expect(installing.data?.installUpdate).toMatchObject({ state: "in_progress", slow: false, from_version: PRODUCT_VERSION, to_version: "5.442" });
    expect(currentRelease(server.config.DATA_DIR)).toBe("5.442");
    await expect.poll(() => restarts.length).toBe(1);
    // While in progress, no second package.
    expect((await upload(admin, signed("5.443"))).errors?.[0]?.extensions).toMatchObject({ code: "CONFLICT" });

    // The new process, at start-up: done, and the reconnecting browsers hear its version.
    expect(settleUpdateAtStart(server.config.DATA_DIR, PRODUCT_VERSION)).toBeNull();
    expect(settleUpdateAtStart(server.config.DATA_DIR, "5.442")).toMatchObject({ state: "done", to_version: "5.442" });
    expect(readUpdate(server.config.DATA_DIR)?.state).toBe("done");

    const audit = await server.db.kysely.selectFrom("audit_logs").select(["action", "meta"]).where("entity_type", "=", "update").orderBy("id").execute();
    // The first upload is the large-limit test's.
    expect(audit.map((a) => a.action)).toEqual(["uploaded", "uploaded", "installed"]);
    expect(String(audit[1]?.meta)).toContain("5.442");
  });

  it("announces the new version to sockets that subscribe within the window only", async () => {
    const { announceRestart, ANNOUNCE_MS } = await import("./restart-announcement.ts");
    await announceRestart(server.pubsub, "5.442", 1_000);
    expect(pendingAnnouncement(1_000 + ANNOUNCE_MS)).toEqual({ subject: "restart", payload: JSON.stringify({ version: "5.442" }) });
    expect(pendingAnnouncement(1_001 + ANNOUNCE_MS)).toBeNull();
    clearAnnouncement();
  });
});
