import { describe, expect, it } from "vitest";
import { incidentFilterFromParams, incidentFilterToParams, incidentPageFromParams, incidentPageToParams } from "./incident-view";

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

describe("the incident list's page in the URL (docs/decisions/035: All and Settled grow)", () => {
  it.each([
    ["", 1],
    ["page=2", 2],
    ["page=0", 1],
    ["page=-3", 1],
    ["page=x", 1],
    ["page=99999", 1],
  ])("?%s is page %i", (query, page) => expect(incidentPageFromParams(new URLSearchParams(query))).toBe(page));

  it("leaves page 1 out, and a new filter starts on page 1", () => {
    expect(incidentPageToParams(3, new URLSearchParams("filter=All")).toString()).toBe("filter=All&page=3");
    expect(incidentPageToParams(1, new URLSearchParams("filter=All&page=3")).toString()).toBe("filter=All");
    expect(incidentFilterToParams("Settled", new URLSearchParams("filter=All&page=3")).toString()).toBe("filter=Settled");
  });
});
