import { describe, expect, it } from "vitest";
import { matchRoutes, type RouteObject } from "react-router";
import { isInputFocused, modalCloseTarget, modalDepth, topModalMatchId, type MatchLike } from "./modal-routes";
import type { RouteHandle } from "./route-handle";

const modal = (extra: RouteHandle["modal"] = {}): RouteHandle => ({ modal: extra });

// A dummy tree shaped like the spec's: a list with an edit modal, a modal inside a modal,
// a renamed parameter, and a pathless layout route.
const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    children: [
      {
        id: "tree",
        path: "tree",
        children: [
          { id: "tree-edit", path: "edit/:id?", handle: modal() },
          {
            id: "tree-calls",
            path: "edit/:nodeid/calls/:id?",
            handle: modal({ closePath: "/tree/edit/:id", closeParams: { id: "nodeid" } }),
          },
        ],
      },
      {
        id: "log",
        path: "log",
        children: [
          {
            id: "log-filters",
            path: "filters",
            handle: modal(),
            children: [{ id: "log-filter-edit", path: "edit/:id?", handle: modal() }],
          },
        ],
      },
      {
        id: "layout",
        children: [{ id: "display", path: "display/:slug?", children: [{ id: "display-call", path: "call/:id", handle: modal() }] }],
      },
    ],
  },
];

function matchesFor(pathname: string): MatchLike[] {
  const found = matchRoutes(routes, pathname) ?? [];
  return found.map((m) => ({ id: m.route.id ?? "", pathname: m.pathname, params: m.params, handle: m.route.handle }));
}

describe("modal routes (spec: Modal routes stack. Closing a modal goes to the parent matched route.)", () => {
  it("closes to the parent matched route", () => {
    expect(modalCloseTarget(matchesFor("/tree/edit/5"), "tree-edit")).toBe("/tree");
  });

  it("keeps the query string of the page underneath", () => {
    expect(modalCloseTarget(matchesFor("/tree/edit/5"), "tree-edit", "?view=3")).toBe("/tree?view=3");
  });

  it("renames parameters listed in the route meta", () => {
    expect(modalCloseTarget(matchesFor("/tree/edit/7/calls/9"), "tree-calls")).toBe("/tree/edit/7");
  });

  it("closes the top modal of a stack to the modal below it", () => {
    const matches = matchesFor("/log/filters/edit/4");
    expect(topModalMatchId(matches)).toBe("log-filter-edit");
    expect(modalCloseTarget(matches, "log-filter-edit")).toBe("/log/filters");
    expect(modalCloseTarget(matches, "log-filters")).toBe("/log");
  });

  it("skips pathless layout routes when looking for the parent", () => {
    expect(modalCloseTarget(matchesFor("/display/ward-a/call/12"), "display-call")).toBe("/display/ward-a");
  });

  it("reports the stacking depth for z-order", () => {
    const matches = matchesFor("/log/filters/edit/4");
    expect(modalDepth(matches, "log-filters")).toBe(1);
    expect(modalDepth(matches, "log-filter-edit")).toBe(2);
  });

  it("has no top modal on a plain page", () => {
    expect(topModalMatchId(matchesFor("/tree"))).toBeNull();
    expect(modalCloseTarget(matchesFor("/tree"), "unknown")).toBeNull();
  });
});

describe("Escape handling (spec: Escape closes the top modal unless an input has focus)", () => {
  const element = (tagName: string, isContentEditable = false): Element => ({ tagName: tagName.toUpperCase(), isContentEditable }) as unknown as Element;

  it.each([
    ["input", true],
    ["textarea", true],
    ["select", true],
    ["button", false],
    ["div", false],
  ])("focus on <%s> blocks Escape: %s", (tag, expected) => {
    expect(isInputFocused(element(tag))).toBe(expected);
  });

  it("treats contenteditable as an input and nothing focused as free", () => {
    expect(isInputFocused(element("div", true))).toBe(true);
    expect(isInputFocused(null)).toBe(false);
  });
});
