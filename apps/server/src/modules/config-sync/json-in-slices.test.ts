import { describe, expect, it } from "vitest";
import { parseInSlices, stringifyInSlices } from "./json-in-slices.ts";

const CASES: [string, Record<string, unknown>][] = [
  ["empty", {}],
  ["empty arrays and scalars", { revision: 3, hubs: [], name: 'a"b', flag: false, none: null, skipped: undefined }],
  ["nested values", { sections: [{ id: 1, refs: [1, 2], texts: { de: "Zimmer\n[" } }], settings: { list: ["x["] } }],
  ["keys and texts that look like line ends", { 'odd":[': [{ text: "],\n{" }, "]"], tail: "[" }],
  [
    "long arrays, over several slices",
    { system_tree: Array.from({ length: 4501 }, (_, i) => ({ id: i, name: `K${i}`, parent_id: i === 0 ? null : 0 })), call_types: [{ id: 1 }] },
  ],
];

describe("stringifyInSlices", () => {
  it.each(CASES)("gives JSON.stringify's text: %s", async (_label, value) => {
    expect(await stringifyInSlices(value)).toBe(JSON.stringify(value));
  });

  it.each(CASES)("with an item per line, gives JSON that JSON.parse reads as the same value: %s", async (_label, value) => {
    expect(JSON.parse(await stringifyInSlices(value, { itemPerLine: true }))).toEqual(JSON.parse(JSON.stringify(value)));
  });
});

describe("parseInSlices", () => {
  it.each(CASES)("reads back an item-per-line text: %s", async (_label, value) => {
    expect(await parseInSlices(await stringifyInSlices(value, { itemPerLine: true }))).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it.each(CASES)("reads any JSON text without line breaks (stored before): %s", async (_label, value) => {
    expect(await parseInSlices(JSON.stringify(value))).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it("keeps the order of the keys", async () => {
    const value = { revision: 1, system_tree: [{ id: 1 }], name: "x", sections: [{ id: 2 }], hubs: [] };
    expect(Object.keys(await parseInSlices(await stringifyInSlices(value, { itemPerLine: true })))).toEqual(Object.keys(value));
  });
});
