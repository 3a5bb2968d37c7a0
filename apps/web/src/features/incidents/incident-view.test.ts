import { describe, expect, it } from "vitest";
import { incidentFilterFromParams, incidentFilterToParams } from "./incident-view";

describe("the incident list's filter in the URL", () => {
  // spec data line 35: "filter All/Open/Settled"; the list opens on Open (docs/decisions/035).
  it.each([
    ["", "Open"],
    ["filter=All", "All"],
    ["filter=Settled", "Settled"],
    ["filter=Open", "Open"],
    ["filter=settled", "Open"],
    ["filter=Closed", "Open"],
  ])("?%s reads as %s", (query, filter) => {
    expect(incidentFilterFromParams(new URLSearchParams(query))).toBe(filter);
  });

  it("leaves the default out and keeps other parameters", () => {
    expect(incidentFilterToParams("Open", new URLSearchParams("filter=All&system=2")).toString()).toBe("system=2");
    expect(incidentFilterToParams("Settled", new URLSearchParams("system=2")).toString()).toBe("system=2&filter=Settled");
  });
});
