import { describe, expect, it } from "vitest";
import { incidentCallLink } from "./incident-call-link";

describe("incidentCallLink", () => {
  it.each([
    [12, "?filter=All", { pathname: "/analytics/incidents/call/12", search: "?filter=All" }],
    [7, "", { pathname: "/analytics/incidents/call/7", search: "" }],
    // No id (another subject, a viewer without call rights, a cleaned-up call): no link.
    [null, "?filter=All", null],
    [undefined, "", null],
    [0, "", null],
  ] as const)("call %s with %j", (id, search, expected) => {
    expect(incidentCallLink(id, search)).toEqual(expected);
  });
});
