import { AUDIT_PAGE_SIZE } from "../constants.ts";

/** Pure rules of the audit log modal (spec screens "Audit log (modal)", §4 "Audit paging"). */

export interface AuditChangeView {
  field: string;
  value_old: string | null;
  value_new: string | null;
}

export interface AuditEntryView {
  action: string;
  field: string | null;
  value_old: string | null;
  value_new: string | null;
  created_at: string;
  changes: AuditChangeView[];
}

/** spec: "more data while the last page has at least 60 entries". */
export function hasMoreAuditData(lastPageLength: number, pageSize = AUDIT_PAGE_SIZE): boolean {
  return lastPageLength >= pageSize;
}

/**
 * spec: "Since-last-commit mode stops when a result is empty or its last entry is gets_committed".
 */
export function sinceLastCommitDone(page: readonly { action: string }[]): boolean {
  return page.length === 0 || page.at(-1)?.action === "gets_committed";
}

/** spec: "system entries gets_committed, backup, loggedin, cleanup, gets_imported appear as a centred line with an icon". */
export const SYSTEM_AUDIT_ACTIONS = ["gets_committed", "backup", "loggedin", "cleanup", "gets_imported"] as const;

export function isSystemAuditEntry(entry: { action: string; entity_type?: string }): boolean {
  return (SYSTEM_AUDIT_ACTIONS as readonly string[]).includes(entry.action);
}

/** spec: "created (green), updated (blue), deleted (red)". */
export function auditActionColor(action: string): "green" | "blue" | "red" | "gray" {
  return action === "created" ? "green" : action === "updated" ? "blue" : action === "deleted" ? "red" : "gray";
}

/**
 * spec: "An entry with no changes list but an old or new value shows one synthetic change."
 */
export function auditChanges(entry: AuditEntryView): AuditChangeView[] {
  if (entry.changes.length > 0) return entry.changes;
  if (entry.value_old === null && entry.value_new === null) return [];
  return [{ field: entry.field ?? "", value_old: entry.value_old, value_new: entry.value_new }];
}

/** How one audit value is shown. */
export type AuditValue =
  | { kind: "empty" }
  | { kind: "text"; text: string }
  | { kind: "i18n"; key: string }
  | { kind: "date"; date: Date; dateOnly: boolean }
  | { kind: "list"; shown: string[]; more: number };

/**
 * spec: "JSON array values show the first 2 items plus a show-more count. Values beginning
 * "i18n:" are translated by key. Values containing "+0000 UTC" are parsed as dates (date only if
 * the time is 00:00:00)."
 */
export function classifyAuditValue(value: string | null, collapsedItems = 2): AuditValue {
  if (value === null || value === "") return { kind: "empty" };
  if (value.startsWith("i18n:")) return { kind: "i18n", key: value.slice(5) };
  if (value.includes("+0000 UTC")) {
    // Go's time format: "2026-11-25 14:03:00 +0000 UTC".
    const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/.exec(value);
    if (match) {
      const date = new Date(`${match[1]}T${match[2]}Z`);
      if (!Number.isNaN(date.getTime())) return { kind: "date", date, dateOnly: match[2] === "00:00:00" };
    }
  }
  if (value.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed)) {
        const items = parsed.map((item) => (typeof item === "string" ? item : JSON.stringify(item)));
        return { kind: "list", shown: items.slice(0, collapsedItems), more: Math.max(0, items.length - collapsedItems) };
      }
    } catch {
      // not JSON: shown as text
    }
  }
  return { kind: "text", text: value };
}

/** Local calendar day key (YYYY-MM-DD) of an instant, for the timeline's day groups. */
export function localDayKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** spec: "A timeline grouped by local calendar day": consecutive entries of one day together. */
export function groupByLocalDay<T extends { created_at: string }>(entries: readonly T[]): { day: string; entries: T[] }[] {
  const groups: { day: string; entries: T[] }[] = [];
  for (const entry of entries) {
    const day = localDayKey(entry.created_at);
    const last = groups.at(-1);
    if (last && last.day === day) last.entries.push(entry);
    else groups.push({ day, entries: [entry] });
  }
  return groups;
}
