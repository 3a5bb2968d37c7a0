import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { fetchFirmwareVersion } from "./protocol-client.ts";
import { startVirtualController } from "./virtual-controller.ts";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;

describe("the bundled virtual call system as a child process", () => {
  const dir = mkdtempSync(join(tmpdir(), "caresuite-virtual-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // The generated password is base64url: one in 64 starts with "-", which a command line reads
  // as an option. Such an installation could never start its virtual call system again.
  it.each(["-leading-dash-password", "--double-dash", "plain_password"])("starts with the password %s and answers the protocol", async (password) => {
    const settings = { port: await freePort(), username: "admin", password, traffic: false };
    const controller = await startVirtualController(settings, join(dir, password), quiet);
    try {
      expect(await fetchFirmwareVersion(controller.address)).toMatch(/\S/);
    } finally {
      await controller.stop();
    }
  }, 30_000);
});
