import { describe, expect, it } from "vitest";
import { differenceSize, LARGE_DIFFERENCE_RECORDS } from "./sync-difference.ts";

const changed = { ours: true, theirs: true };
const onlyOurs = { ours: true, theirs: false };
const onlyTheirs = { ours: false, theirs: true };
const many = (n: number, entry: { ours: boolean; theirs: boolean }) => Array.from({ length: n }, () => entry);

// /sync: "publish: send the whole configuration ... a warning before applying a large
// difference"; spec "Send empties the configurator and refills it entirely."
describe("differenceSize", () => {
  it.each<[string, { ours: boolean; theirs: boolean }[], "publish" | "import", { records: number; removals: number; large: boolean }]>([
    ["nothing differs", [], "publish", { records: 0, removals: 0, large: false }],
    ["one rename, publish", [changed], "publish", { records: 1, removals: 0, large: false }],
    ["a record created here: a publish adds it", [onlyOurs], "publish", { records: 1, removals: 0, large: false }],
    ["a record created here: an import removes it", [onlyOurs], "import", { records: 1, removals: 1, large: true }],
    ["a record deleted here: a publish removes it at the call system", [onlyTheirs], "publish", { records: 1, removals: 1, large: true }],
    ["a record deleted here: an import brings it back", [onlyTheirs], "import", { records: 1, removals: 0, large: false }],
    ["just under the limit", many(LARGE_DIFFERENCE_RECORDS - 1, changed), "publish", { records: 49, removals: 0, large: false }],
    ["at the limit", many(LARGE_DIFFERENCE_RECORDS, changed), "import", { records: 50, removals: 0, large: true }],
  ])("%s", (_label, entries, direction, expected) => {
    expect(differenceSize(entries, direction)).toEqual(expected);
  });
});
