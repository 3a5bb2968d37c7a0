import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { startSimulator } from "@caresuite/simulator";
import { isRunning, processStartTime, readDataDirLock } from "@caresuite/simulator/data-dir-lock";
import { fetchFirmwareVersion } from "./protocol-client.ts";
import { SIMULATOR_MAIN, startVirtualController } from "./virtual-controller.ts";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;

describe("the bundled virtual call system as a child process", () => {
  const dir = mkdtempSync(join(tmpdir(), "caresuite-virtual-"));
  const strays: ChildProcess[] = [];
  afterEach(() => {
    for (const stray of strays.splice(0)) stray.kill("SIGKILL");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // The generated password is base64url: one in 64 starts with "-", which a command line reads
  // as an option. Such an installation could never start its virtual call system again.
  it.each(["-leading-dash-password", "--double-dash", "plain_password"])(
    "starts with the password %s and answers the protocol",
    async (password) => {
      const settings = { port: await freePort(), username: "admin", password, traffic: false };
      const controller = await startVirtualController(settings, join(dir, password), quiet);
      try {
        expect(await fetchFirmwareVersion(controller.address)).toMatch(/\S/);
      } finally {
        await controller.stop();
      }
    },
    30_000,
  );

  it("never puts the password on the child's command line (ps shows it to every user)", async () => {
    const password = "secret-Ünïcode-3f9a";
    const settings = { port: await freePort(), username: "admin", password, traffic: false };
    const controller = await startVirtualController(settings, join(dir, "cmdline"), quiet);
    try {
      const pid = readDataDirLock(join(dir, "cmdline", "simulator"))?.pid ?? 0;
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      expect(cmdline).toContain(SIMULATOR_MAIN);
      expect(cmdline).not.toContain(password);
      expect(await fetchFirmwareVersion(controller.address)).toMatch(/\S/);
    } finally {
      await controller.stop();
    }
  }, 30_000);

  it("stops a leftover controller on its data dir and starts its own", async () => {
    const port = await freePort();
    const dataDir = join(dir, "leftover");
    const simulatorDir = join(dataDir, "simulator");
    // As an earlier server left it: no parent watch, holding the data dir and the port.
    const leftover = spawn(
      process.execPath,
      [SIMULATOR_MAIN, "--host=127.0.0.1", `--port=${port}`, `--data=${simulatorDir}`, "--user=admin", "--log-level=silent"],
      {
        env: { ...process.env, SIMULATOR_PASSWORD: "pw" },
        stdio: "ignore",
      },
    );
    strays.push(leftover);
    await until(() => readDataDirLock(simulatorDir)?.port === port);

    const controller = await startVirtualController({ port, username: "admin", password: "pw", traffic: false }, dataDir, quiet);
    try {
      expect(isRunning(leftover.pid ?? 0)).toBe(false);
      const lock = readDataDirLock(simulatorDir);
      expect(lock?.pid).not.toBe(leftover.pid);
      expect(readFileSync(`/proc/${lock?.pid}/stat`, "utf8").split(") ")[1]?.split(" ")[1]).toBe(String(process.pid));
      expect(await fetchFirmwareVersion(controller.address)).toMatch(/\S/);
    } finally {
      await controller.stop();
    }
  }, 40_000);

  it("leaves a process that is not a virtual call system alone, and does not report started", async () => {
    const dataDir = join(dir, "unrelated");
    const simulatorDir = join(dataDir, "simulator");
    mkdirSync(simulatorDir, { recursive: true });
    const unrelated = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    strays.push(unrelated);
    const pid = unrelated.pid ?? 0;
    await until(() => processStartTime(pid) !== null);
    // The lock names it exactly (pid and start time): still, it is not ours to kill.
    writeFileSync(join(simulatorDir, "simulator.lock"), JSON.stringify({ pid, start: processStartTime(pid) }));

    const settings = { port: await freePort(), username: "admin", password: "pw", traffic: false };
    await expect(startVirtualController(settings, dataDir, quiet)).rejects.toThrow(/did not start/);
    expect(isRunning(pid)).toBe(true);
  }, 40_000);

  it("does not take another controller that answers on its port for its own", async () => {
    const port = await freePort();
    const other = await startSimulator({ port, dataDir: join(dir, "other-controller"), user: "admin", password: "pw" });
    try {
      const settings = { port, username: "admin", password: "pw", traffic: false };
      await expect(startVirtualController(settings, join(dir, "ours"), quiet)).rejects.toThrow(/did not start/);
      // The other one was never ours to stop.
      expect(await fetchFirmwareVersion({ host: "127.0.0.1", port, username: "admin", password: "pw" })).toMatch(/\S/);
    } finally {
      await other.stop();
    }
  }, 40_000);
});
