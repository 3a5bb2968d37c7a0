import { describe, expect, it } from "vitest";
import * as TESTIDS from "./testids";

function values(node: unknown): string[] {
  if (typeof node === "string") return [node];
  if (typeof node === "function") return [];
  return Object.values(node as Record<string, unknown>).flatMap(values);
}

describe("test ids", () => {
  it("are unique, so a selector finds exactly one kind of element", () => {
    const all = values(TESTIDS);
    expect(new Set(all).size).toBe(all.length);
  });

  it("build per-item ids for the navigation", () => {
    expect(TESTIDS.shell.nav("overview")).toBe("shell.nav.overview");
  });
});
