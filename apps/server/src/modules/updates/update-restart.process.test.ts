import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JSON_POST_HEADERS, PRODUCT_VERSION, REQUEST_HEADER, SYSTEM_HEADER, VERSION_HEADER } from "@caresuite/domain";
import { buildActivationCode } from "../../test-support/licences.ts";
import { until } from "../../test-support/linked-system.ts";
import { startTestSimulator, type TestSimulator } from "../../test-support/simulator.ts";
import { APP_ROOT, currentRelease, readUpdate, releaseDir } from "./releases.ts";
import { buildUpdatePackage } from "./update-package.ts";
import { DEV_UPDATE_KEY, serverUpdatePackage } from "../../test-support/update-packages.ts";

/**
 * A real update (docs/decisions/043-signed-updates.md): the supervisor runs the server, a signed
 * package is uploaded and installed, the server exits with the restart code and the supervisor
 * starts the new release. Calls pressed while it restarts are all there afterwards (the link
 * replays by seq), the new process says its version (X-CS-Version, and the `restart` message to
 * the sockets that reconnect), and the update is done. SQLite only: the process is what is tested.
 *
 * The release is this repository's server code; its DATA_DIR lies inside the repository (tmp/), so
 * the release finds the installed packages by walking up, as a production payload carries its own.
 */
const SUPERVISOR = resolve(import.meta.dirname, "../../supervisor.ts");
const NEW_VERSION = "5.442";

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => done(typeof address === "object" && address ? address.port : 0));
    });
  });
}

type Answer<T> = { data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] };

describe("an update restarts the server into the new release", () => {
  let simulator: TestSimulator;
  let dataDir: string;
  let port: number;
  let supervisor: ChildProcess;
  let cookie = "";
  const base = () => `http://127.0.0.1:${port}`;
  const headers = () => ({ ...JSON_POST_HEADERS, [SYSTEM_HEADER]: "01", "accept-language": "en", ...(cookie ? { cookie } : {}) });
  const gql = async <T>(query: string, variables: Record<string, unknown> = {}): Promise<Answer<T>> => {
    const response = await fetch(`${base()}/backend/query`, { method: "POST", headers: headers(), body: JSON.stringify({ query, variables }) });
    return (await response.json()) as Answer<T>;
  };
  const versionNow = async (): Promise<string | null> =>
    fetch(`${base()}/backend/health`).then(
      (r) => (r.ok ? r.headers.get(VERSION_HEADER) : null),
      () => null,
    );

  beforeAll(async () => {
    simulator = await startTestSimulator();
    // Inside the repository (tmp/ is ignored), not below node_modules: Node strips no types there.
    const scratch = join(APP_ROOT, "tmp");
    mkdirSync(scratch, { recursive: true });
    dataDir = mkdtempSync(join(scratch, "caresuite-update-"));
    port = await freePort();
    supervisor = spawn(process.execPath, [SUPERVISOR], {
      env: {
        ...process.env,
        DATABASE_URL: "",
        REDIS_URL: "",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        WEB_DIST: "/nonexistent",
        LOG_LEVEL: "error",
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    await until(versionNow, (version) => version === PRODUCT_VERSION, 30_000);
    expect(
      (
        await gql(`mutation ($port: Int) { createInitialConfigurator(ip: "127.0.0.1", username: "admin", password: "admin", tcp_port: $port) { id } }`, {
          port: simulator.port,
        })
      ).errors,
    ).toBeUndefined();
    await gql(`mutation { createInitialUser(username: "chef", password: "Update-Restart-1", locale: "en") { id } }`);
    await gql("mutation { finishSetup }");
    const login = await fetch(`${base()}/backend/login`, {
      method: "POST",
      headers: headers(),
      body: JSON.stringify({ username: "chef", password: "Update-Restart-1" }),
    });
    cookie =
      login.headers
        .getSetCookie()
        .find((c) => c.startsWith("cs_session="))
        ?.split(";")[0] ?? "";
    expect(cookie).not.toBe("");
    expect(
      (await gql("mutation($c: String!, $code: String!) { activateLicense(customer: $c, code: $code) { id } }", { c: "123456", code: buildActivationCode() }))
        .errors,
    ).toBeUndefined();
  }, 60_000);

  afterAll(async () => {
    if (supervisor.exitCode === null) {
      const exited = new Promise((r) => supervisor.once("exit", r));
      supervisor.kill("SIGTERM");
      await exited;
    }
    await simulator.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("stages, restarts, keeps every call pressed meanwhile, and ends done in the new version", async () => {
    const devices = (await simulator.get<{ system_tree: { id: number; kind: string; is_enabled: boolean }[] }>("/api/config")).system_tree
      .filter((n) => n.kind === "device" && n.is_enabled)
      .map((n) => n.id);
    expect(devices.length).toBeGreaterThan(3);

    // Upload the signed package: available.
    const form = new FormData();
    form.append(
      "operations",
      JSON.stringify({ query: "mutation($file: Upload!) { uploadUpdatePackage(file: $file) { state to_version supervised } }", variables: { file: null } }),
    );
    form.append("map", JSON.stringify({ 0: ["variables.file"] }));
    const pkg = serverUpdatePackage(NEW_VERSION);
    form.append("0", new Blob([new Uint8Array(pkg)], { type: "application/x-tar" }), `caresuite-${NEW_VERSION}.update`);
    const uploaded = (await (
      await fetch(`${base()}/backend/query`, { method: "POST", headers: { [SYSTEM_HEADER]: "01", [REQUEST_HEADER]: "1", cookie }, body: form })
    ).json()) as Answer<{ uploadUpdatePackage: unknown }>;
    expect(uploaded.errors).toBeUndefined();
    expect(uploaded.data?.uploadUpdatePackage).toEqual({ state: "available", to_version: NEW_VERSION, supervised: true });

    // A release an earlier update left behind: removed once the new one has started.
    mkdirSync(join(releaseDir(dataDir, "5.440"), "apps/server/src"), { recursive: true });

    // Install: in progress, then the server goes away and comes back as the new version.
    const installing = await gql<{ installUpdate: { state: string } }>("mutation { installUpdate { state } }");
    expect(installing.data?.installUpdate.state).toBe("in_progress");
    expect(currentRelease(dataDir)).toBe(NEW_VERSION);
    const pressed: number[] = [];
    let version: string | null = PRODUCT_VERSION;
    const deadline = Date.now() + 60_000;
    // Calls keep coming while the server restarts; the controller journals them.
    while (version !== NEW_VERSION && Date.now() < deadline) {
      const device = devices[pressed.length];
      if (device !== undefined) {
        await simulator.press(device, "alert");
        pressed.push(device);
      }
      await new Promise((r) => setTimeout(r, 150));
      version = await versionNow();
    }
    expect(version).toBe(NEW_VERSION);
    expect(pressed.length).toBeGreaterThan(1);

    // The reconnecting sockets hear the new version first.
    const ws = createClient({
      url: `ws://127.0.0.1:${port}/backend/query`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      connectionParams: { [SYSTEM_HEADER]: "01" },
    });
    const first = await new Promise<unknown>((done, fail) => {
      const stop = ws.subscribe(
        { query: "subscription { systemMessages { subject payload } }" },
        { next: (value) => (stop(), done(value.data)), error: fail, complete: () => undefined },
      );
      setTimeout(() => fail(new Error("no system message within 15 s")), 15_000);
    });
    await ws.dispose();
    expect(first).toEqual({ systemMessages: { subject: "restart", payload: JSON.stringify({ version: NEW_VERSION }) } });

    // Every call pressed during the restart is there (replayed by seq after the reconnect).
    const open = await until(
      () => gql<{ openCalls: { system_tree_node: { id: number } | null }[] }>("{ openCalls { system_tree_node { id } } }"),
      (answer) => pressed.every((id) => (answer.data?.openCalls ?? []).some((call) => call.system_tree_node?.id === id)),
      15_000,
    );
    expect(open.errors).toBeUndefined();

    const status = await gql<{ updateStatus: Record<string, unknown> }>("{ updateStatus { running_version state from_version to_version error } }");
    expect(status.data?.updateStatus).toEqual({
      running_version: NEW_VERSION,
      state: "done",
      from_version: PRODUCT_VERSION,
      to_version: NEW_VERSION,
      error: null,
    });
    expect(readUpdate(dataDir)).toMatchObject({ state: "done", removed_releases: ["5.440"] });
    expect(existsSync(releaseDir(dataDir, "5.440"))).toBe(false);
    expect(existsSync(releaseDir(dataDir, NEW_VERSION))).toBe(true);
  }, 120_000);

  it("a release that cannot start (a failing migration) is retried, then the previous one comes back: error", async () => {
    const broken = buildUpdatePackage({
      version: "5.443",
      payload: [
        { type: "file", name: "apps/server/package.json", content: Buffer.from('{ "type": "module" }'), mode: 0o644 },
        { type: "file", name: "apps/server/src/main.ts", content: Buffer.from('throw new Error("Migration 9999-broken failed");\n'), mode: 0o644 },
      ],
      privateKeyPem: DEV_UPDATE_KEY,
    });
    const form = new FormData();
    form.append("operations", JSON.stringify({ query: "mutation($file: Upload!) { uploadUpdatePackage(file: $file) { state } }", variables: { file: null } }));
    form.append("map", JSON.stringify({ 0: ["variables.file"] }));
    form.append("0", new Blob([new Uint8Array(broken)], { type: "application/x-tar" }), "caresuite-5.443.update");
    await fetch(`${base()}/backend/query`, { method: "POST", headers: { [SYSTEM_HEADER]: "01", [REQUEST_HEADER]: "1", cookie }, body: form });
    expect((await gql<{ installUpdate: { state: string } }>("mutation { installUpdate { state } }")).data?.installUpdate.state).toBe("in_progress");

    // Three failed starts, then the supervisor switches back to 5.442, which starts again.
    await until(
      () => Promise.resolve(readUpdate(dataDir)?.state),
      (state) => state === "error",
      30_000,
    );
    await until(versionNow, (version) => version === NEW_VERSION, 30_000);
    expect(currentRelease(dataDir)).toBe(NEW_VERSION);
    const status = await gql<{ updateStatus: Record<string, unknown> }>("{ updateStatus { running_version state to_version error } }");
    expect(status.data?.updateStatus).toEqual({ running_version: NEW_VERSION, state: "error", to_version: "5.443", error: "updates.start_failed" });
  }, 60_000);
});
