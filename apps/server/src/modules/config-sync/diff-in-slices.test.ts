import { describe, expect, it } from "vitest";
import { CONFIG_KINDS, diffConfigs, type ControllerConfig, type DiffContext } from "@caresuite/protocol";
import { diffInSlices } from "./diff-in-slices.ts";

/** A configuration with `nodes` tree records and a few sections (other kinds empty). */
function config(nodes: { id: number; name: string }[], sections: { id: number; name: string }[]): ControllerConfig {
  const base = Object.fromEntries(CONFIG_KINDS.map((kind) => [kind, []])) as unknown as ControllerConfig;
  return { ...base, revision: 1, system_tree: nodes, sections } as unknown as ControllerConfig;
}

describe("diffInSlices", () => {
  const ours = Array.from({ length: 7001 }, (_, i) => ({ id: i + 1, name: `Knoten ${i + 1}` }));
  // Theirs: every 97th renamed, every 501st missing (created here), ids beyond ours (deleted here), in another order.
  const theirs = [
    ...ours.filter((n) => n.id % 501 !== 0).map((n) => (n.id % 97 === 0 ? { ...n, name: `${n.name} alt` } : n)),
    { id: 9000, name: "nur dort" },
    { id: 8000, name: "auch nur dort" },
  ].reverse();
  const sections = [
    { id: 1, name: "Station 1" },
    { id: 2, name: "Station 2" },
  ];

  it.each<[string, DiffContext, boolean]>([
    ["local edits", { localEdits: true, publishing: null }, true],
    ["the controller's changes", { localEdits: false, publishing: null }, true],
    ["during a publish, with in-sync rows", { localEdits: true, publishing: "sent", includeInSync: true }, true],
    ["never fetched", { localEdits: true, publishing: null }, false],
  ])("gives what diffConfigs gives, entry for entry (%s)", async (_label, ctx, known) => {
    const a = config(ours, sections);
    const b = known ? config(theirs, [{ id: 1, name: "Station 1" }]) : null;
    const whole = diffConfigs(a, b, ctx);
    expect(whole.length).toBeGreaterThan(80);
    expect(await diffInSlices(a, b, ctx)).toEqual(whole);
  });
});
