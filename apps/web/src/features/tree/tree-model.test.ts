import { describe, expect, it } from "vitest";
import { SAMPLE, treeNode } from "./tree-fixtures.testing";
import { viewFilterTest } from "@caresuite/domain";
import { ancestorIds, filterTree, groupsFilter, indexTree, intersectFilters, matchFilter, restrictIndex, visibleRows } from "./tree-model";

const index = indexTree(SAMPLE);
const names = (expanded: number[], visible?: Set<number>): string[] =>
  visibleRows(index, new Set(expanded), visible).map((row) => `${"-".repeat(row.depth)}${row.node.name}`);

describe("visibleRows", () => {
  it.each([
    ["all collapsed: the roots", [], ["Haus A", "Haus B"]],
    ["one level open", [1], ["Haus A", "-Etage 1", "Haus B"]],
    ["nested open, children by sort order", [1, 2, 3], ["Haus A", "-Etage 1", "--Zimmer 101", "---Bett 1", "---Bett 2", "--Zimmer 102", "Haus B"]],
    ["an open node under a closed one stays hidden", [3], ["Haus A", "Haus B"]],
  ])("%s", (_, expanded, expected) => {
    expect(names(expanded)).toEqual(expected);
  });

  it("marks children, expansion and the position among siblings", () => {
    const rows = visibleRows(index, new Set([1]));
    expect(rows[0]).toMatchObject({ hasChildren: true, expanded: true, position: 1, siblings: 2 });
    expect(rows[2]).toMatchObject({ hasChildren: false, position: 2, siblings: 2 });
  });

  it("makes a node whose parent is not visible a root", () => {
    const orphan = indexTree([treeNode(9, 42, "Lost")]);
    expect(visibleRows(orphan, new Set()).map((row) => row.node.name)).toEqual(["Lost"]);
  });

  it("flattens 20,000 nodes quickly (first paint <= 1 s after navigation)", () => {
    const many = [treeNode(1, null, "root")];
    for (let id = 2; id <= 20_000; id += 1) many.push(treeNode(id, id <= 200 ? 1 : 2 + (id % 199), `n${id}`));
    const started = performance.now();
    const big = indexTree(many);
    const rows = visibleRows(big, new Set(many.map((node) => node.id)));
    expect(rows).toHaveLength(20_000);
    // Linear work: a quadratic flattening of 20,000 rows takes minutes. How fast is bench/tree.ts's
    // to measure; the bound is wide because the tests share the machine's two cores.
    expect(performance.now() - started).toBeLessThan(1_500);
  });
});

describe("ancestorIds", () => {
  it.each([
    [4, [3, 2, 1]],
    [1, []],
    [99, []],
  ])("of %i", (id, expected) => {
    expect(ancestorIds(index, id)).toEqual(expected);
  });

  it("stops on a cycle", () => {
    const cyclic = indexTree([treeNode(1, 2, "a"), treeNode(2, 1, "b")]);
    expect(ancestorIds(cyclic, 1)).toEqual([2]);
  });
});

describe("filterTree", () => {
  it("lets a matching room open onto its devices", () => {
    const filter = filterTree(index, "zimmer 101");
    expect(names([...(filter?.expand ?? []), 3], filter?.visible)).toEqual(["Haus A", "-Etage 1", "--Zimmer 101", "---Bett 1", "---Bett 2"]);
  });

  it.each([
    ["empty text: no filter", "  ", null],
    ["name, with its ancestors", "bett 1", ["Haus A", "-Etage 1", "--Zimmer 101", "---Bett 1"]],
    ["serial", "ab-77", ["Haus A", "-Etage 1", "--Zimmer 101", "---Bett 1"]],
    ["several matches", "zimmer", ["Haus A", "-Etage 1", "--Zimmer 101", "--Zimmer 102"]],
    ["the match's children stay, folded", "101", ["Haus A", "-Etage 1", "--Zimmer 101"]],
    ["no match", "xyz", []],
  ])("%s", (_, text, expected) => {
    const filter = filterTree(index, text);
    if (expected === null) {
      expect(filter).toBeNull();
      return;
    }
    expect(names([...(filter?.expand ?? [])], filter?.visible)).toEqual(expected);
  });
});

describe('matchFilter with a system view\'s filters (spec data §3.6 "filters (key, value)")', () => {
  const THRESHOLDS = { battery_threshold_low: 40, battery_threshold_critical: 25 };
  const viewFilter = (filters: { key: string; value: string }[]) => {
    const test = viewFilterTest(filters, THRESHOLDS);
    if (!test) throw new Error("no filter");
    return matchFilter(index, test);
  };

  it.each([
    ["battery low: the device in place, opened", [{ key: "battery", value: "low" }], ["Haus A", "-Etage 1", "--Zimmer 101", "---Bett 1"]],
    ["not reachable", [{ key: "reachable", value: "false" }], ["Haus A", "-Etage 1", "--Zimmer 101", "---Bett 2"]],
    ["kind building: both buildings", [{ key: "kind", value: "building" }], ["Haus A", "-Etage 1", "Haus B"]],
    ["no match", [{ key: "kind", value: "tech" }], []],
  ])("%s", (_, filters, expected) => {
    const filter = viewFilter(filters);
    expect(names([...filter.expand, ...(filters[0]?.key === "kind" ? [1] : [])], filter.visible)).toEqual(expected);
  });

  it("combines with the text filter: rows must pass both", () => {
    const both = intersectFilters(viewFilter([{ key: "kind", value: "device" }]), filterTree(index, "bett 2"));
    expect(names([...(both?.expand ?? [])], both?.visible)).toEqual(["Haus A", "-Etage 1", "--Zimmer 101", "---Bett 2"]);
  });

  it("restricts the index for the device and connection tables, parents kept for the context", () => {
    const restricted = restrictIndex(index, viewFilter([{ key: "battery", value: "low" }]));
    expect([...restricted.byId.keys()].sort()).toEqual([1, 2, 3, 4]);
    expect(restrictIndex(index, null)).toBe(index);
  });
});

describe("groupsFilter", () => {
  it("keeps the groups with their members and the path to them", () => {
    const withGroup = indexTree([...SAMPLE, treeNode(10, 2, "Nachtgruppe", { kind: "group" }), treeNode(11, 10, "Mitglied")]);
    const filter = groupsFilter(withGroup);
    const rows = visibleRows(withGroup, new Set([...(filter?.expand ?? []), 10]), filter?.visible).map((row) => row.node.name);
    expect(rows).toEqual(["Haus A", "Etage 1", "Nachtgruppe", "Mitglied"]);
  });

  it("is null without groups", () => {
    expect(groupsFilter(index)).toBeNull();
  });
});
