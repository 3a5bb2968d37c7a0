import { describe, expect, it } from "vitest";
import type { AuditLogEntry } from "./audit.graphql";
import {
  auditIcon,
  auditItem,
  dayChip,
  describeAuditValue,
  entityTypeLabelKeys,
  entryChanges,
  fieldLabelKeys,
  formatAuditDate,
  importedCount,
  cleanupCounts,
  backupEvent,
  parseDisplayDate,
  startTimeOfDate,
  systemTreeMeta,
} from "./audit-view";

const entry = (overrides: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id: 1,
  system_id: null,
  user_id: 1,
  created_at: "2026-05-04T10:00:00.000Z",
  entity_id: 3,
  entity_type: "role",
  namespace: "caresuite",
  value_new: null,
  value_old: null,
  field: null,
  action: "updated",
  meta: null,
  entity_display_name: "Pflege",
  user: { id: 1, name: "admin" },
  system: null,
  changes: [],
  ...overrides,
});

describe("labels (spec: field labels use entity_type.fields.field)", () => {
  it("asks the registry first, then the screen's labels, then the audit log's", () => {
    expect(fieldLabelKeys("callType", "char")).toEqual(["entities.callType.fields.char", "audit.fields.char"]);
    expect(fieldLabelKeys("user", "roles")).toEqual(["entities.user.fields.roles", "users.fields.roles", "audit.fields.roles"]);
    expect(fieldLabelKeys("globalSettings", "locale")).toContain("settings.fields.locale");
    expect(fieldLabelKeys("systemtree", "text_long")).toContain("nodeForm.fields.text_long");
    expect(entityTypeLabelKeys("role")).toEqual(["entities.role.singular", "audit.entityTypes.role"]);
  });
});

describe("values", () => {
  it.each([
    [
      "spec: values beginning i18n: are translated by key",
      "callType",
      "name",
      "i18n:sentinels.schedule_none",
      { kind: "item", item: { kind: "key", key: "sentinels.schedule_none", fallback: "sentinels.schedule_none" } },
    ],
    ["booleans read yes/no", "user", "is_superuser", "true", { kind: "item", item: { kind: "key", key: "audit.values.true", fallback: "true" } }],
    ["languages by name", "user", "locale", "fr", { kind: "item", item: { kind: "key", key: "languages.fr", fallback: "fr" } }],
    [
      "enum options of the registry",
      "callType",
      "urgency",
      "URGENT",
      { kind: "item", item: { kind: "key", key: "enums.callType.urgency.URGENT", fallback: "URGENT" } },
    ],
    ["plain text stays", "callType", "name", "Notruf", { kind: "item", item: { kind: "text", text: "Notruf" } }],
    ["null is empty", "callType", "name", null, { kind: "empty" }],
  ] as const)("%s", (_name, type, field, value, expected) => {
    expect(describeAuditValue(type, field, value)).toEqual(expected);
  });

  it("spec: JSON array values show the first 2 items plus a show-more count; all on demand", () => {
    const display = describeAuditValue("user", "roles", JSON.stringify(["Pflege", "Nacht", "Technik", "Leitung"]));
    expect(display).toMatchObject({ kind: "list", more: 2 });
    if (display.kind !== "list") return;
    expect(display.shown.map((item) => (item.kind === "text" ? item.text : ""))).toEqual(["Pflege", "Nacht"]);
    expect(display.all).toHaveLength(4);
  });

  it("shows a role's permission items as permission and level", () => {
    expect(auditItem("role", "permissions", "calllog::use_module:write")).toEqual({ kind: "permission", code: "calllog::use_module", level: "write" });
    expect(auditItem("role", "permissions", "nope::x:write")).toEqual({ kind: "text", text: "nope::x:write" });
  });

  it("spec: +0000 UTC values are dates, date only when the time is 00:00:00", () => {
    const dateOnly = describeAuditValue("schedule", "valid_from", "2026-11-25 00:00:00 +0000 UTC");
    expect(dateOnly).toEqual({ kind: "date", text: "25.11.2026" });
    const withTime = describeAuditValue("schedule", "valid_from", "2026-11-25 14:03:00 +0000 UTC");
    expect(withTime).toEqual({ kind: "date", text: formatAuditDate(new Date("2026-11-25T14:03:00Z"), false) });
    expect(withTime.kind === "date" && /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/.test(withTime.text)).toBe(true);
  });
});

describe("entries", () => {
  it("spec: an entry with no changes list but an old or new value shows one synthetic change", () => {
    expect(entryChanges(entry({ field: "name", value_old: "A", value_new: "B" }))).toEqual([{ field: "name", value_old: "A", value_new: "B" }]);
    expect(entryChanges(entry())).toEqual([]);
  });

  it("prefers the server's display values", () => {
    const change = { id: 1, field: "section_id", value_old: "1", value_new: "2", display_value_old: "Ward A", display_value_new: "Ward B" };
    expect(entryChanges(entry({ changes: [change] }))).toEqual([{ field: "section_id", value_old: "Ward A", value_new: "Ward B" }]);
  });

  it.each([
    ["gets_committed", "systemparams", "commit"],
    ["loggedin", "user", "login"],
    ["gets_imported", "systemtree", "import"],
    ["created", "configbackup", "backup"],
    ["created", "role", "created"],
    ["deleted", "role", "deleted"],
    ["something", "role", "other"],
  ])("%s of %s has the %s icon", (action, type, icon) => {
    expect(auditIcon({ action, entity_type: type })).toBe(icon);
  });

  it.each<[string, string | null, string | null]>([
    ["backup", '{"operation":"restore","folder":"2026-11-27T0300Z"}', "restore"],
    ["backup", '{"operation":"restore","result":"refused","reason":"corrupt"}', "refused"],
    ["backup", '{"operation":"backup","result":"failed"}', "failed"],
    ["backup", null, null],
    ["created", '{"operation":"restore"}', null],
  ])("a %s entry with meta %s is the backup event %s", (action, meta, event) => {
    expect(backupEvent({ action, meta })).toBe(event);
  });

  it("spec: gets_imported reads a count from its meta JSON", () => {
    expect(importedCount('{"count":12}')).toBe(12);
    // The cleanup's entry carries its counts (docs/decisions/044-cleanup-logs-maintenance.md).
    expect(cleanupCounts('{"before":1,"calls":2,"audit_logs":3,"exports":0}')).toEqual({ calls: 2, audit: 3, exports: 0 });
    expect(cleanupCounts('{"before":1}')).toBeNull();
    expect(cleanupCounts("oops")).toBeNull();
    expect(importedCount("7")).toBe(7);
    expect(importedCount("{}")).toBeNull();
    expect(importedCount("not json")).toBeNull();
  });

  it("spec: for systemtree entries the meta text shows next to the type", () => {
    expect(systemTreeMeta({ entity_type: "systemtree", meta: "Zimmer" })).toBe("Zimmer");
    expect(systemTreeMeta({ entity_type: "systemtree", meta: '{"ip":"1.2.3.4"}' })).toBeNull();
    expect(systemTreeMeta({ entity_type: "user", meta: "Zimmer" })).toBeNull();
  });
});

describe("days and the date picker", () => {
  it("labels today and yesterday, else the date", () => {
    const now = new Date(2026, 4, 4, 9, 30);
    expect(dayChip("2026-05-04", now)).toEqual({ relative: "today", date: "04.05.2026" });
    expect(dayChip("2026-05-03", now)).toEqual({ relative: "yesterday", date: "03.05.2026" });
    expect(dayChip("2026-04-30", now)).toEqual({ relative: null, date: "30.04.2026" });
  });

  it("starts the list at the end of the chosen local day", () => {
    expect(startTimeOfDate("2026-05-04")).toBe(new Date(2026, 4, 4, 23, 59, 59, 999).toISOString());
    expect(startTimeOfDate("")).toBeNull();
    expect(startTimeOfDate("04.05.2026")).toBeNull();
  });

  // 'The audit log's date filter shows `mm/dd/yyyy` in a German UI. Use the spec's formats
  // (dd.MM.yyyy) through the date picker of the UI kit, in every locale.'
  it.each([
    ["04.05.2026", "2026-05-04"],
    ["4.5.2026", "2026-05-04"],
    [" 29.02.2024 ", "2024-02-29"],
    ["29.02.2026", null],
    ["31.04.2026", null],
    ["05/04/2026", null],
    ["2026-05-04", null],
    ["04.05.26", null],
    ["", null],
  ])("reads the typed %j as %j", (typed, expected) => {
    expect(parseDisplayDate(typed)).toBe(expected);
  });
});
