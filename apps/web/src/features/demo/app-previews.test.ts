import { describe, expect, it } from "vitest";
import { APP_PREVIEWS, callsForPreview, previewScale, type AppPreview } from "./app-previews";

const preview = (id: AppPreview["id"]): AppPreview => APP_PREVIEWS.find((p) => p.id === id) as AppPreview;
const call = (id: number, section: number | null, flag = "None") => ({ id, section: section === null ? null : { id: section }, call_type: { flag } });

describe("callsForPreview", () => {
  const calls = [call(1, 1), call(2, 2), call(3, 1, "Presence"), call(4, 3), call(5, null), call(6, 2, "Presence")];

  it.each<[AppPreview["id"], number[]]>([
    ["station1", [1, 3]],
    ["station2", [2, 6]],
    // the night nurse covers both stations of Haus A, without presences
    ["night", [1, 2]],
  ])("%s receives calls %j", (id, expected) => {
    expect(callsForPreview(calls, preview(id)).map((c) => c.id)).toEqual(expected);
  });

  it("keeps the order it was given (the server's display order)", () => {
    expect(callsForPreview([call(9, 1), call(7, 1), call(8, 1)], preview("station1")).map((c) => c.id)).toEqual([9, 7, 8]);
  });

  it("shows three users' views (spec: a preview of three users' app views)", () => {
    expect(APP_PREVIEWS).toHaveLength(3);
  });
});

describe("previewScale", () => {
  const design = { width: 300, height: 600 };
  it.each<[string, { width: number; height: number }, number]>([
    // spec: "Preview scale is capped at 1"
    ["more room than needed", { width: 900, height: 1200 }, 1],
    ["exactly the size", { width: 300, height: 600 }, 1],
    ["narrow", { width: 150, height: 1200 }, 0.5],
    ["low", { width: 900, height: 300 }, 0.5],
    ["narrow and low: the tighter wins", { width: 240, height: 300 }, 0.5],
    ["not measured yet", { width: 0, height: 0 }, 1],
    ["height unknown", { width: 150, height: 0 }, 0.5],
  ])("%s → %s", (_label, available, expected) => {
    expect(previewScale(available, design)).toBe(expected);
  });
});
