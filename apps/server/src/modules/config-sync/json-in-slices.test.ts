import { describe, expect, it } from "vitest";
import { stringifyInSlices } from "./json-in-slices.ts";

describe("stringifyInSlices", () => {
  it.each<[string, Record<string, unknown>]>([
    ["empty", {}],
    ["empty arrays and scalars", { revision: 3, hubs: [], name: 'a"b', flag: false, none: null, skipped: undefined }],
    ["nested values", { sections: [{ id: 1, refs: [1, 2], texts: { de: "Zimmer" } }] }],
    [
      "long arrays, over several slices",
      { system_tree: Array.from({ length: 4501 }, (_, i) => ({ id: i, name: `K${i}`, parent_id: i === 0 ? null : 0 })), call_types: [{ id: 1 }] },
    ],
  ])("gives JSON.stringify's text: %s", async (_label, value) => {
    expect(await stringifyInSlices(value)).toBe(JSON.stringify(value));
  });
});
