import { describe, expect, it } from "vitest";
import { systemUnavailableAction } from "./system-unavailable";

// spec §8: "Network status 424: system unavailable; logged, stored system reset to 1, page
// reloaded once unless systemRedirect is present, go to /tree/overview with systemRedirect=1."
describe("HTTP 424 handling", () => {
  it("reloads once into /tree/overview?systemRedirect=1", () => {
    expect(systemUnavailableAction({ pathname: "/admin/hubs", search: "?system=3" })).toEqual({
      kind: "reload",
      to: "/tree/overview?systemRedirect=1",
    });
  });

  it("does not reload again when the marker is present, but still goes to the overview", () => {
    expect(systemUnavailableAction({ pathname: "/log", search: "?systemRedirect=1" })).toEqual({
      kind: "navigate",
      to: "/tree/overview?systemRedirect=1",
    });
  });

  it("does nothing more when already on the overview with the marker", () => {
    expect(systemUnavailableAction({ pathname: "/tree/overview", search: "?systemRedirect=1" })).toEqual({
      kind: "none",
    });
  });

  it("treats the marker as present whatever its value", () => {
    expect(systemUnavailableAction({ pathname: "/", search: "?a=1&systemRedirect" }).kind).toBe("navigate");
  });
});
