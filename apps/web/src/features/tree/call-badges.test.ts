import { describe, expect, it } from "vitest";
import { openCallBadges, type BadgeCall } from "./call-badges";
import { SAMPLE } from "./tree-fixtures.testing";
import { indexTree } from "./tree-model";

const index = indexTree(SAMPLE);
const call = (number: number, urgency: string, color: string): BadgeCall => ({ number, call_type: { urgency, color } });

describe("openCallBadges: count per node including descendants, colour by the most urgent call", () => {
  it.each([
    ["no calls", [], {}],
    [
      "one call counts on the device and every ancestor",
      [call(4, "NORMAL", "#0a0")],
      { 4: [1, "NORMAL"], 3: [1, "NORMAL"], 2: [1, "NORMAL"], 1: [1, "NORMAL"] },
    ],
    [
      "the most urgent call colours the shared ancestors",
      [call(4, "NORMAL", "#0a0"), call(5, "EMERGENCY", "#f00"), call(7, "URGENT", "#fa0")],
      { 4: [1, "NORMAL"], 5: [1, "EMERGENCY"], 3: [2, "EMERGENCY"], 7: [1, "URGENT"], 2: [3, "EMERGENCY"], 1: [3, "EMERGENCY"] },
    ],
    ["a call on a node the user does not see is left out", [call(999, "URGENT", "#fa0")], {}],
  ])("%s", (_, calls, expected) => {
    const badges = openCallBadges(index, calls);
    const got = Object.fromEntries([...badges].map(([id, badge]) => [id, [badge.count, badge.urgency]]));
    expect(got).toEqual(expected);
  });

  it("takes the colour of the most urgent call", () => {
    const badges = openCallBadges(index, [call(4, "NORMAL", "#0a0"), call(5, "EMERGENCY", "#f00")]);
    expect(badges.get(3)?.color).toBe("#f00");
    expect(badges.get(4)?.color).toBe("#0a0");
  });
});
