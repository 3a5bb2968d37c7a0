import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSimulator, type RunningSimulator } from "@caresuite/simulator";
import type { ControllerConfig } from "@caresuite/protocol";
import { OFF_THREAD_CHARS, checkPublishTextOffThread } from "@caresuite/protocol/validate/off-thread";

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
  const now = new Date().toISOString();

  it("accepts the controller's own configuration and hands back the configuration when asked", async () => {
    const { revision: _r, ...body } = config;
    const text = JSON.stringify(body);
    expect(text.length).toBeGreaterThanOrEqual(OFF_THREAD_CHARS);
    expect(await checkPublishTextOffThread({ body: text, now, content: false })).toMatchObject({ ok: true, content: null });
    const answer = await checkPublishTextOffThread({ body: text, now, content: true });
    expect(answer.ok && answer.content?.system_tree.length).toBe(body.system_tree.length);
  });

  it("refuses a duplicated serial, naming the nodes, as the controller would", async () => {
    const { revision: _r, ...body } = config;
    const devices = body.system_tree.filter((node) => node.serial);
    const [first, second] = devices;
    if (!first || !second) throw new Error("the generated site has devices with serials");
    const broken = { ...body, system_tree: body.system_tree.map((node) => (node.id === second.id ? { ...node, serial: first.serial } : node)) };
    const answer = await checkPublishTextOffThread({ body: JSON.stringify(broken), now, content: false });
    expect(answer).toMatchObject({ ok: false, code: "duplicated serial" });
    expect(!answer.ok && "detail" in answer && answer.detail).toContain(String(second.id));
  });

  it("names a large body that is not JSON, or not a publish body, malformed", async () => {
    const { revision: _r, ...body } = config;
    const text = JSON.stringify(body);
    expect(await checkPublishTextOffThread({ body: text.slice(0, -1), now, content: false })).toMatchObject({
      ok: false,
      malformed: [{ message: "body is not valid JSON" }],
    });
    const wrong = JSON.stringify({ ...body, system_tree: "all of them" });
    expect(await checkPublishTextOffThread({ body: wrong, now, content: false })).toMatchObject({ ok: false, malformed: [{ path: "system_tree" }] });
  });
});
