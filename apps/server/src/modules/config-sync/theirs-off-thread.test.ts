import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSimulator, type RunningSimulator } from "@caresuite/simulator";
import { normaliseTheirs } from "../calls/config-shape.ts";
import { parseInSlices } from "./json-in-slices.ts";
import { OFF_THREAD_CHARS, theirsSnapshotOffThread } from "./theirs-off-thread.ts";

/** The controller's configuration at the end of a publish: parsed, checked and normalised in a worker when large. */
describe("theirs stored off the event loop", () => {
  let simulator: RunningSimulator;
  let dataDir: string;
  let text: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "caresuite-theirs-"));
    simulator = await startSimulator({ port: 0, dataDir, siteNodes: 3000, traffic: false });
    const response = await fetch(`${simulator.url}/api/config`, { headers: { authorization: `Basic ${Buffer.from("admin:admin").toString("base64")}` } });
    text = await response.text();
  });
  afterAll(async () => {
    await simulator.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("gives the normalised configuration and its revision, as the changelog reads it back", async () => {
    expect(text.length).toBeGreaterThanOrEqual(OFF_THREAD_CHARS);
    const config = JSON.parse(text) as Parameters<typeof normaliseTheirs>[0];
    const snapshot = await theirsSnapshotOffThread({ text, systemId: 1 });
    expect(snapshot.revision).toBe(config.revision);
    expect(await parseInSlices(snapshot.text)).toEqual(JSON.parse(JSON.stringify(normaliseTheirs(config, 1))));
  });

  it.each([
    ["not JSON", (t: string) => `${t.slice(0, -10)}`],
    ["JSON that is no controller's configuration", (t: string) => JSON.stringify({ system_tree: "nodes", padding: t })],
  ])("refuses %s without quoting it", async (_label, spoil) => {
    const promise = theirsSnapshotOffThread({ text: spoil(text), systemId: 1 });
    await expect(promise).rejects.toThrow(/not a controller|not_a_controller/i);
    await expect(promise).rejects.not.toThrow(/system_tree/);
  });
});
