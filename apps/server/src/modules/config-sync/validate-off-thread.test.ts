import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSimulator, type RunningSimulator } from "@caresuite/simulator";
import { PublishError, type ControllerConfig } from "@caresuite/protocol";
import { OFF_THREAD_RECORDS, validatePublishBody } from "./validate-off-thread.ts";

/** A large publish body is validated in a worker thread with the controller's own words. */
describe("validating a large publish body off the event loop", () => {
  let simulator: RunningSimulator;
  let dataDir: string;
  let config: ControllerConfig;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "caresuite-validate-"));
    simulator = await startSimulator({ port: 0, dataDir, siteNodes: 3000, traffic: false });
    const response = await fetch(`${simulator.url}/api/config`, { headers: { authorization: `Basic ${Buffer.from("admin:admin").toString("base64")}` } });
    config = (await response.json()) as ControllerConfig;
  });
  afterAll(async () => {
    await simulator.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const records = (body: Record<string, unknown>): number => Object.values(body).reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : 0), 0);

  it("accepts the controller's own configuration", async () => {
    const { revision: _r, ...body } = config;
    expect(records(body)).toBeGreaterThanOrEqual(OFF_THREAD_RECORDS);
    await expect(
      validatePublishBody({ body: JSON.stringify(body), previous: JSON.stringify(config), now: new Date().toISOString() }, records(body)),
    ).resolves.toBeUndefined();
  });

  it("refuses a duplicated serial, naming the nodes, as the controller would", async () => {
    const { revision: _r, ...body } = config;
    const devices = body.system_tree.filter((node) => node.serial);
    const [first, second] = devices;
    if (!first || !second) throw new Error("the generated site has devices with serials");
    const broken = { ...body, system_tree: body.system_tree.map((node) => (node.id === second.id ? { ...node, serial: first.serial } : node)) };
    const refused = await validatePublishBody(
      { body: JSON.stringify(broken), previous: JSON.stringify(config), now: new Date().toISOString() },
      records(broken),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PublishError);
    expect((refused as PublishError).code).toBe("duplicated serial");
    expect((refused as PublishError).detail).toContain(String(second.id));
  });
});
