import { describe, expect, it } from "vitest";
import { validateConfig } from "@caresuite/protocol";
import { parseCliOptions } from "../options.ts";
import { api, startTestSimulator } from "../test-support.ts";
import { generatedSite, generatedSiteBody } from "./generated-site.ts";

const NOW = Date.UTC(2026, 10, 26, 8, 0, 0);

describe("generated site (--site-nodes)", () => {
  // How fast it builds is bench/publish.ts's to measure: a timed test would measure the machine's load.
  it("builds 20,000 nodes of buildings, floors, rooms and devices, valid for the controller's own validation", () => {
    const config = generatedSite(20_000, NOW);
    expect(config.system_tree).toHaveLength(20_000);
    const kinds = new Map<string, number>();
    for (const node of config.system_tree) kinds.set(node.kind, (kinds.get(node.kind) ?? 0) + 1);
    expect([...kinds.keys()].sort()).toEqual(["building", "device", "floor", "room"]);
    expect(kinds.get("device")).toBeGreaterThan(14_000);
    // spec "Short text max 7 characters, no umlauts or special characters. Long text max 19, no umlauts".
    expect(config.system_tree.every((node) => node.text_short.length <= 7 && /^[A-Z0-9 .\-/]*$/.test(node.text_short))).toBe(true);
    expect(config.system_tree.every((node) => node.text_long.length <= 19 && /^[\x20-\x7E]*$/.test(node.text_long))).toBe(true);
    expect(config.hubs.length).toBe(config.sections.length);
  });

  it("is deterministic and passes a publish of itself", () => {
    expect(generatedSiteBody(500, NOW)).toEqual(generatedSiteBody(500, NOW));
    const config = generatedSite(2_000, NOW);
    expect(() => validateConfig(generatedSiteBody(2_000, NOW), config, new Date(NOW).toISOString())).not.toThrow();
  });

  it("is chosen by --site-nodes or SIMULATOR_SITE_NODES, and stale hubs by --stale-hubs", () => {
    expect(parseCliOptions(["--site-nodes", "20000"], {}).siteNodes).toBe(20_000);
    expect(parseCliOptions([], { SIMULATOR_SITE_NODES: "500" }).siteNodes).toBe(500);
    expect(() => parseCliOptions(["--site-nodes", "5"], {})).toThrow(/site-nodes/);
    expect(parseCliOptions(["--stale-hubs", "2,3"], {}).staleHubs).toEqual([2, 3]);
    expect(() => parseCliOptions(["--stale-hubs", "x"], {})).toThrow(/stale-hubs/);
  });

  it("is what a fresh simulator started with siteNodes runs", async () => {
    const simulator = await startTestSimulator({ siteNodes: 1_000 });
    try {
      const config = await api<{ system_tree: { id: number; kind: string }[]; hubs: unknown[] }>(simulator, "GET", "/api/config");
      expect(config.body.system_tree).toHaveLength(1_000);
      expect(config.body.system_tree[0]).toMatchObject({ id: 1, kind: "building" });
      expect(config.body.hubs).toHaveLength(2);
    } finally {
      await simulator.dispose();
    }
  });
});
