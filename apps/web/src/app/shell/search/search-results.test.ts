import { describe, expect, it } from "vitest";
import { hitTarget, nextPosition, shownGroups, type SearchHit } from "./search-results";

const hit = (entity: number, kind = "room"): SearchHit => ({ entity, key: "name", kind, text: `n${entity}`, context: null });

describe("shownGroups", () => {
  it("orders the categories, drops empty ones and numbers the hits across groups", () => {
    const { groups, count } = shownGroups([
      { category: "devices", results: [hit(3, "device"), hit(4, "device")] },
      { category: "people", results: [] },
      { category: "rooms", results: [hit(1)] },
    ]);
    expect(count).toBe(3);
    expect(groups.map((g) => [g.category, g.hits.map((h) => [h.hit.entity, h.position])])).toEqual([
      ["rooms", [[1, 0]]],
      [
        "devices",
        [
          [3, 1],
          [4, 2],
        ],
      ],
    ]);
  });
});

// spec: "Selecting a result goes to the flight profile form for kind flightprofile, otherwise to the system tree node form".
describe("hitTarget", () => {
  it.each([
    [hit(5, "room"), "/tree/edit/5"],
    [hit(7, "device"), "/tree/edit/7"],
    [hit(2, "flightprofile"), "/admin/flightprofiles/edit/2"],
  ])("%o → %s", (value, expected) => {
    expect(hitTarget(value)).toBe(expected);
  });
});

describe("nextPosition", () => {
  it.each([
    [-1, 3, "ArrowDown", 0],
    [0, 3, "ArrowDown", 1],
    [2, 3, "ArrowDown", 0],
    [-1, 3, "ArrowUp", 2],
    [1, 3, "ArrowUp", 0],
    [0, 3, "ArrowUp", 2],
    [-1, 0, "ArrowDown", -1],
  ] as const)("from %i of %i with %s → %i", (current, count, key, expected) => {
    expect(nextPosition(current, count, key)).toBe(expected);
  });
});
