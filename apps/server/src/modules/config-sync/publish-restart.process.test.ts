import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JSON_POST_HEADERS, SYSTEM_HEADER } from "@caresuite/domain";
import { until } from "../../test-support/linked-system.ts";
import { startTestSimulator, type TestSimulator } from "../../test-support/simulator.ts";
import { RESTART_ERROR } from "./config-sync.service.ts";

/**
 * A server process killed (SIGKILL) in the middle of a publish, then started again on the same
 * database ("A controller or server restart during a publish ends in failed with the
 * previous configuration intact, and the publish can be retried"). The controller is a virtual
 * one of this process, so it outlives the server as a real one would. SQLite only: the database
 * plays no part in a process's lifetime.
 */
const SERVER_MAIN = resolve(import.meta.dirname, "../../main.ts");
const STEP_MS = 400;
const LEASE_MS = 1500;

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => done(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [SERVER_MAIN], {
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
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`http://127.0.0.1:${port}/backend/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("server did not start within 30 s");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Changelog {
  status: string;
  error: string | null;
  step: string | null;
  changelog: { id: string; state: string }[];
}
type Answer<T> = { data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] };

describe("a server restart in the middle of a publish", () => {
  let simulator: TestSimulator;
  let dataDir: string;
  let port: number;
  let server: ChildProcess | null = null;
  let cookie = "";
  const base = () => `http://127.0.0.1:${port}`;
  const gql = async <T>(query: string, variables: Record<string, unknown> = {}): Promise<Answer<T>> => {
    const response = await fetch(`${base()}/backend/query`, {
      method: "POST",
      headers: { ...JSON_POST_HEADERS, [SYSTEM_HEADER]: "01", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as Answer<T>;
  };
  const changelog = async (): Promise<Changelog> => {
    const answer = await gql<{ configChangelog: Changelog }>("{ configChangelog { status error step changelog { id state } } }");
    if (!answer.data) throw new Error(JSON.stringify(answer.errors));
    return answer.data.configChangelog;
  };
  const theirSection = async (): Promise<{ revision: number; name: string | undefined }> => {
    const config = await simulator.get<{ revision: number; sections: { id: number; name: string }[] }>("/api/config");
    return { revision: config.revision, name: config.sections.find((s) => s.id === 3)?.name };
  };

  beforeAll(async () => {
    simulator = await startTestSimulator({ publishStepMs: STEP_MS, publishLeaseMs: LEASE_MS });
    dataDir = mkdtempSync(join(tmpdir(), "caresuite-publish-restart-"));
    port = await freePort();
    server = await startServer(dataDir, port);
    const configured = await gql(
      `mutation ($port: Int) { createInitialConfigurator(ip: "127.0.0.1", username: "admin", password: "admin", tcp_port: $port) { id } }`,
      { port: simulator.port },
    );
    expect(configured.errors).toBeUndefined();
    await gql(`mutation { createInitialUser(username: "chef", password: "Publish-Restart-1", locale: "de") { id } }`);
    await gql("mutation { finishSetup }");
    const login = await fetch(`${base()}/backend/login`, {
      method: "POST",
      headers: JSON_POST_HEADERS,
      body: JSON.stringify({ username: "chef", password: "Publish-Restart-1" }),
    });
    cookie =
      login.headers
        .getSetCookie()
        .find((c) => c.startsWith("cs_session="))
        ?.split(";")[0] ?? "";
    expect(cookie).not.toBe("");
    await until(changelog, (l) => l.status === "in-sync", 20_000);
  }, 60_000);

  afterAll(async () => {
    if (server && server.exitCode === null) server.kill("SIGKILL");
    await simulator.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("ends as failed, the controller keeps its previous configuration, no call is lost, and a retry publishes", async () => {
    const before = await theirSection();
    const renamed = await gql(`mutation { updateSection(id: 3, data: { name: "Station 3 nach Neustart" }) { id } }`);
    expect(renamed.errors).toBeUndefined();
    expect((await changelog()).changelog).toContainEqual({ id: "sections:3", state: "updated" });

    expect((await gql<{ publishConfig: boolean }>("mutation { publishConfig }")).data?.publishConfig).toBe(true);
    // Killed while the controller is receiving the configuration.
    await until(changelog, (l) => l.step === "sending", 10_000);
    const { publishing: jobId } = await simulator.get<{ publishing: string | null }>("/api/status");
    expect(jobId).not.toBeNull();
    const killed = new Promise((r) => server?.once("exit", r));
    server?.kill("SIGKILL");
    await killed;

    // While the server is down, a call: the controller journals it.
    const devices = (await simulator.get<{ system_tree: { id: number; kind: string; is_enabled: boolean }[] }>("/api/config")).system_tree.filter(
      (n) => n.kind === "device" && n.is_enabled,
    );
    const device = devices[0]?.id ?? 0;
    await simulator.press(device, "alert");
    // Half-sent: the controller still runs (and answers with) the previous configuration.
    expect(await theirSection()).toEqual(before);

    server = await startServer(dataDir, port);
    const after = await changelog();
    expect(after.error).toBe(RESTART_ERROR);
    expect(after.status).not.toBe("processing");
    // Nothing lost on our side: the edit still waits to be published.
    expect(after.changelog).toContainEqual({ id: "sections:3", state: "updated" });

    // Nobody follows the job any more: the controller abandons it before its swap.
    await until(
      () => simulator.get<{ publishing: string | null }>("/api/status"),
      (status) => status.publishing === null,
      10_000,
    );
    expect(await simulator.get(`/api/config/publish/${jobId}`)).toMatchObject({ step: "failed", error: "interrupted" });
    expect(await theirSection()).toEqual(before);

    // The call made while the server was down arrives.
    await until(
      () => gql<{ openCalls: { system_tree_node: { id: number } | null }[] }>("{ openCalls { system_tree_node { id } } }"),
      (answer) => (answer.data?.openCalls ?? []).some((call) => call.system_tree_node?.id === device),
      10_000,
    );

    // The retry publishes.
    expect((await gql<{ publishConfig: boolean }>("mutation { publishConfig }")).data?.publishConfig).toBe(true);
    const done = await until(changelog, (l) => l.status === "in-sync", 20_000);
    expect(done.error).toBeNull();
    expect(await theirSection()).toEqual({ revision: before.revision + 1, name: "Station 3 nach Neustart" });
  }, 90_000);
});
