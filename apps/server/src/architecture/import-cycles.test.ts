import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importCycles, serverImportGraph } from "./import-graph.ts";

// "No server file imports in a circle" — a circle ties layers together and makes load order matter.
describe("server import graph", () => {
  it("has no import cycle (type-only imports included)", () => {
    const graph = serverImportGraph(fileURLToPath(new URL("..", import.meta.url)));
    expect(graph.size).toBeGreaterThan(100);
    expect(importCycles(graph)).toEqual([]);
  });

  it.each([
    { name: "a chain", edges: { a: ["b"], b: ["c"], c: [] }, cycles: [] },
    { name: "a file importing itself", edges: { a: ["a"] }, cycles: [["a"]] },
    { name: "two files", edges: { a: ["b"], b: ["a"] }, cycles: [["a", "b"]] },
    { name: "a long circle beside a tail", edges: { a: ["b"], b: ["c"], c: ["d", "a"], d: [] }, cycles: [["a", "b", "c"]] },
    {
      name: "two separate circles",
      edges: { a: ["b"], b: ["a"], c: ["d"], d: ["c"] },
      cycles: [
        ["a", "b"],
        ["c", "d"],
      ],
    },
  ])("finds the circles of $name", ({ edges, cycles }) => {
    const found = importCycles(new Map(Object.entries(edges)));
    expect(found.sort()).toEqual(cycles);
  });
});
