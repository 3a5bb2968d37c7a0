import { describe, expect, it } from "vitest";
import { parseDisplayPath } from "./display-location";

// spec route table: "/display/:slug? | none | modal child /display/:slug?/call/:id".
describe("parseDisplayPath", () => {
  it.each([
    ["/display", undefined, undefined],
    ["/display/", undefined, undefined],
    ["/display/station-1", "station-1", undefined],
    ["/display/station-1/", "station-1", undefined],
    ["/display/station-1/call/42", "station-1", 42],
    ["/display/call/42", undefined, 42],
    ["/display/call", "call", undefined],
    ["/display/st%C3%A4tion", "stätion", undefined],
    ["/display/%E0%A4%A", undefined, undefined],
    ["/display/station-1/call/abc", undefined, undefined],
    ["/display/station-1/call/0", "station-1", undefined],
    ["/display/a/b", undefined, undefined],
    ["/displays", undefined, undefined],
  ])("%s → slug %s, call %s", (path, slug, callId) => {
    expect(parseDisplayPath(path)).toEqual({ slug, callId });
  });
});
