import { describe, expect, it } from "vitest";
import {
  auditActionColor,
  auditChanges,
  classifyAuditValue,
  groupByLocalDay,
  hasMoreAuditData,
  isSystemAuditEntry,
  sinceLastCommitDone,
} from "./audit-display.ts";

describe("audit paging", () => {
  it.each([
    // spec: "more data while the last page has at least 60 entries"
    [60, true],
    [61, true],
    [59, false],
    [0, false],
  ])("a last page of %i entries → more: %s", (n, more) => expect(hasMoreAuditData(n)).toBe(more));

  it.each([
    // spec: "Since-last-commit mode stops when a result is empty or its last entry is gets_committed"
    [[], true],
    [[{ action: "updated" }, { action: "gets_committed" }], true],
    [[{ action: "gets_committed" }, { action: "updated" }], false],
  ])("since-last-commit page %j done: %s", (page, done) => expect(sinceLastCommitDone(page)).toBe(done));
});

describe("audit entries", () => {
  it.each([
    // spec: "created (green), updated (blue), deleted (red)"
    ["created", "green"],
    ["updated", "blue"],
    ["deleted", "red"],
    ["loggedin", "gray"],
  ])("%s is %s", (action, color) => expect(auditActionColor(action)).toBe(color));

  it.each(["gets_committed", "backup", "loggedin", "cleanup", "gets_imported"])("%s is a system entry", (action) =>
    expect(isSystemAuditEntry({ action })).toBe(true),
  );

  it("makes one synthetic change for an entry without changes but with a value (spec)", () => {
    const entry = { action: "updated", field: "name", value_old: "A", value_new: "B", created_at: "", changes: [] };
    expect(auditChanges(entry)).toEqual([{ field: "name", value_old: "A", value_new: "B" }]);
    expect(auditChanges({ ...entry, value_old: null, value_new: null })).toEqual([]);
  });
});

describe("audit values", () => {
  it.each([
    [null, { kind: "empty" }],
    // spec: 'Values beginning "i18n:" are translated by key.'
    ["i18n:enums.urgency.URGENT", { kind: "i18n", key: "enums.urgency.URGENT" }],
    // spec: "JSON array values show the first 2 items plus a show-more count."
    ['["a","b","c","d"]', { kind: "list", shown: ["a", "b"], more: 2 }],
    ["[1,2]", { kind: "list", shown: ["1", "2"], more: 0 }],
    ["[not json", { kind: "text", text: "[not json" }],
    ["plain", { kind: "text", text: "plain" }],
  ])("%s", (value, expected) => expect(classifyAuditValue(value)).toEqual(expected));

  it('parses "+0000 UTC" dates, date only at midnight (spec)', () => {
    expect(classifyAuditValue("2026-11-25 00:00:00 +0000 UTC")).toEqual({ kind: "date", date: new Date("2026-11-25T00:00:00Z"), dateOnly: true });
    expect(classifyAuditValue("2026-11-25 14:03:10 +0000 UTC")).toMatchObject({ kind: "date", dateOnly: false });
  });

  it("groups consecutive entries by local day (spec: timeline grouped by local calendar day)", () => {
    const at = (h: number, d = 25) => new Date(2026, 10, d, h).toISOString();
    const groups = groupByLocalDay([{ created_at: at(15) }, { created_at: at(9) }, { created_at: at(23, 24) }]);
    expect(groups.map((g) => [g.day, g.entries.length])).toEqual([
      ["2026-11-25", 2],
      ["2026-11-24", 1],
    ]);
  });
});
