import { describe, expect, it } from "vitest";
import { safeRedirectTarget, sessionExpiredRedirect } from "./session-expiry";

describe("session timeout (spec §8: MISSING_AUTH ... go to login unless on login or display)", () => {
  it("sends other pages to login with the full path to return to", () => {
    expect(sessionExpiredRedirect({ pathname: "/admin/users", search: "?page=2", hash: "#top" })).toBe(
      `/login?redirect=${encodeURIComponent("/admin/users?page=2#top")}`,
    );
  });

  it.each(["/login", "/display", "/display/ward-a", "/display/ward-a/call/3"])("stays on %s", (pathname) => {
    expect(sessionExpiredRedirect({ pathname, search: "" })).toBeNull();
  });

  it("does not mistake a similar path for the display", () => {
    expect(sessionExpiredRedirect({ pathname: "/displaygroups", search: "" })).not.toBeNull();
  });
});

describe("post-login redirect target", () => {
  it.each([
    ["/tree?view=3", "/tree?view=3"],
    ["//evil.example/x", null],
    ["/\\evil.example", null],
    ["https://evil.example", null],
    ["", null],
    [null, null],
  ])("%s -> %s", (value, expected) => {
    expect(safeRedirectTarget(value)).toBe(expected);
  });
});
