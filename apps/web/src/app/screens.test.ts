import { describe, expect, it } from "vitest";
import type { RouteObject } from "react-router";
import { hasScreen, registerRouteSource } from "./screens";

const routes: RouteObject[] = [
  {
    id: "root",
    children: [{ path: "display/:slug?" }, { id: "main", children: [{ path: "sync" }, { path: "*" }] }],
  },
];

describe("hasScreen", () => {
  // targets and navigation items without a screen are skipped or hidden.
  it.each([
    ["/display", true],
    ["/sync", true],
    ["/log", false],
    ["/tree", false],
    ["https://example.org", false],
    // A code-split section counts as built at its prefix before it is patched in.
    ["/admin", true],
    ["/admin/users", false],
  ])("%s → %s", (path, expected) => {
    registerRouteSource(() => routes, ["/admin"]);
    expect(hasScreen(path)).toBe(expected);
  });
});
