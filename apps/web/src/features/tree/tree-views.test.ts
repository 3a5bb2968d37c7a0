import { describe, expect, it } from "vitest";
import { BUILT_IN_VIEWS, currentView, viewChoices } from "./tree-views";

describe("viewChoices", () => {
  it("falls back to the four built-in views without system views", () => {
    expect(viewChoices(undefined)).toBe(BUILT_IN_VIEWS);
    expect(viewChoices([]).map((view) => view.id)).toEqual(["tree", "devices", "groups", "connections"]);
  });

  it("maps system views by their view_key; seeded names translate, renamed ones show as named", () => {
    const views = viewChoices([
      { id: 1, name: "Baum", view_key: "tree" },
      { id: 2, name: "Batterien", view_key: "devices", filters: [{ key: "battery", value: "low" }] },
      { id: 3, name: "x", view_key: "unknown" },
    ]);
    expect(views).toEqual([
      { id: "1", mode: "tree", labelKey: "tree.views.tree", name: "Baum", filters: [] },
      { id: "2", mode: "devices", labelKey: null, name: "Batterien", filters: [{ key: "battery", value: "low" }] },
    ]);
  });
});

describe("currentView (spec: /tree/view/:id redirects to /tree with query view=id)", () => {
  const views = viewChoices([
    { id: 7, name: "Baum", view_key: "tree" },
    { id: 9, name: "Geräte", view_key: "devices" },
  ]);
  it.each([
    [null, "7"],
    ["9", "9"],
    ["devices", "9"],
    ["42", "7"],
  ])("view=%s → %s", (param, expected) => {
    expect(currentView(views, param).id).toBe(expected);
  });
});
