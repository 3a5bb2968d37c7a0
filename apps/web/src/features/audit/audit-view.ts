import {
  AUDIT_COLLAPSED_ITEMS,
  LOCALES,
  ROLE_PERMISSION_LEVELS,
  auditChanges,
  classifyAuditValue,
  entityByName,
  isPermissionCode,
  localDayKey,
  type AuditChangeView,
  type PermissionCode,
  type RolePermissionLevel,
} from "@caresuite/domain";
import { enumLabelKey } from "../../entity-admin/entity-labels";
import { formatDate, formatDateTime } from "../../i18n/format";
import type { AuditLogEntry } from "./audit.graphql";

/**
 * How the audit log modal shows entries (spec "Audit log (modal)"): labels, values, icons and
 * days. The rules of the spec itself live in the domain (rules/audit-display.ts).
 */

/** Field labels of types whose labels live outside the entity registry. */
const FIELD_LABEL_PREFIXES: Readonly<Record<string, string>> = {
  globalSettings: "settings.fields",
  user: "users.fields",
  role: "roles.fields",
  systemparams: "systemParams.fields",
  // System tree nodes: the node form's labels (its catalogue loads with the log).
  systemtree: "nodeForm.fields",
  // The backup screen's catalogue is not loaded with the audit log: its labels live in the audit's.
  backupSettings: "audit.backupFields",
};

/**
 * spec: "Field labels use entity_type.fields.field": the registry's label where it has one,
 * then the screen's own, then the audit log's common labels. i18next takes the first it has.
 */
export function fieldLabelKeys(entityType: string, field: string): string[] {
  const prefix = FIELD_LABEL_PREFIXES[entityType];
  return [`entities.${entityType}.fields.${field}`, ...(prefix ? [`${prefix}.${field}`] : []), `audit.fields.${field}`];
}

/** The singular of a registry entity, else the audit log's name of the type. */
export function entityTypeLabelKeys(entityType: string): string[] {
  return [`entities.${entityType}.singular`, `audit.entityTypes.${entityType}`];
}

/** One value, or one item of a list value, as it is shown. */
export type AuditItem =
  | { kind: "text"; text: string }
  /** A translated value; `fallback` when the key is missing. */
  | { kind: "key"; key: string; fallback: string }
  /** A role permission "code:level" (spec §6 "Levels are hide, read, write"). */
  | { kind: "permission"; code: PermissionCode; level: RolePermissionLevel };

export type AuditDisplay =
  | { kind: "empty" }
  | { kind: "item"; item: AuditItem }
  | { kind: "date"; text: string }
  /** spec: "JSON array values show the first 2 items plus a show-more count". */
  | { kind: "list"; shown: AuditItem[]; more: number; all: AuditItem[] };

const PERMISSION_ITEM = /^(\w+::\w+):(\w+)$/;

/** An item translated where we know its vocabulary (yes/no, languages, enums, permissions). */
export function auditItem(entityType: string, field: string, text: string): AuditItem {
  if (text === "true" || text === "false") return { kind: "key", key: `audit.values.${text}`, fallback: text };
  if (field === "locale" && (LOCALES as readonly string[]).includes(text)) return { kind: "key", key: `languages.${text}`, fallback: text };
  const permission = PERMISSION_ITEM.exec(text);
  if (permission) {
    const [, code = "", level = ""] = permission;
    if (isPermissionCode(code) && (ROLE_PERMISSION_LEVELS as readonly string[]).includes(level)) {
      return { kind: "permission", code, level: level as RolePermissionLevel };
    }
  }
  const entity = entityByName(entityType);
  const def = entity?.fields[field];
  if (entity && def?.kind === "enum" && (def.values as readonly string[]).includes(text)) {
    return { kind: "key", key: enumLabelKey(entity, field, def, text), fallback: text };
  }
  return { kind: "text", text };
}

/** spec: a "+0000 UTC" date shows as a date only when its time is 00:00:00 (a calendar date, kept in UTC). */
export function formatAuditDate(date: Date, dateOnly: boolean): string {
  return dateOnly ? formatDate(new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())) : formatDateTime(date);
}

/** spec: values beginning "i18n:" are translated, "+0000 UTC" values are dates, JSON arrays are lists. */
export function describeAuditValue(entityType: string, field: string, value: string | null): AuditDisplay {
  const classified = classifyAuditValue(value, AUDIT_COLLAPSED_ITEMS);
  switch (classified.kind) {
    case "empty":
      return classified;
    case "i18n":
      return { kind: "item", item: { kind: "key", key: classified.key, fallback: classified.key } };
    case "date":
      return { kind: "date", text: formatAuditDate(classified.date, classified.dateOnly) };
    case "text":
      return { kind: "item", item: auditItem(entityType, field, classified.text) };
    case "list": {
      const all = classifyAuditValue(value, Number.MAX_SAFE_INTEGER);
      const items = all.kind === "list" ? all.shown : classified.shown;
      const toItem = (text: string): AuditItem => auditItem(entityType, field, text);
      return { kind: "list", shown: classified.shown.map(toItem), more: classified.more, all: items.map(toItem) };
    }
  }
}

/** The changes an entry shows: the server's display values where given, else the synthetic one. */
export function entryChanges(entry: AuditLogEntry): AuditChangeView[] {
  return auditChanges({
    action: entry.action,
    field: entry.field,
    value_old: entry.value_old,
    value_new: entry.value_new,
    created_at: entry.created_at,
    changes: entry.changes.map((change) => ({
      field: change.field,
      value_old: change.display_value_old ?? change.value_old,
      value_new: change.display_value_new ?? change.value_new,
    })),
  });
}

export type AuditIcon = "created" | "updated" | "deleted" | "commit" | "backup" | "login" | "cleanup" | "import" | "other";

const SYSTEM_ICONS: Readonly<Record<string, AuditIcon>> = {
  gets_committed: "commit",
  backup: "backup",
  loggedin: "login",
  cleanup: "cleanup",
  gets_imported: "import",
};

/** spec: system entries have an icon each; "A created entry of entity type configbackup uses the backup icon." */
export function auditIcon(entry: Pick<AuditLogEntry, "action" | "entity_type">): AuditIcon {
  const system = SYSTEM_ICONS[entry.action];
  if (system) return system;
  if (entry.action === "created" && entry.entity_type === "configbackup") return "backup";
  if (entry.action === "created" || entry.action === "updated" || entry.action === "deleted") return entry.action;
  return "other";
}

/**
 * What a `backup` system entry records (docs/decisions/041-backups.md): a restore, a refused
 * restore or a failed backup, read from its meta JSON; null for anything else.
 */
export function backupEvent(entry: Pick<AuditLogEntry, "action" | "meta">): "restore" | "refused" | "failed" | null {
  if (entry.action !== "backup" || !entry.meta) return null;
  try {
    const meta = JSON.parse(entry.meta) as { operation?: unknown; result?: unknown };
    if (meta.operation === "restore") return meta.result === "refused" ? "refused" : "restore";
    if (meta.result === "failed") return "failed";
  } catch {
    // not JSON
  }
  return null;
}

/** spec: "gets_imported reads a count from its meta JSON." */
export function importedCount(meta: string | null): number | null {
  if (!meta) return null;
  try {
    const parsed: unknown = JSON.parse(meta);
    if (typeof parsed === "number") return parsed;
    if (typeof parsed === "object" && parsed !== null && "count" in parsed) {
      const count = Number((parsed as { count: unknown }).count);
      return Number.isFinite(count) ? count : null;
    }
  } catch {
    // not JSON
  }
  return null;
}

/** The counts of a cleanup entry's meta (docs/decisions/044-cleanup-logs-maintenance.md); null when it has none. */
export function cleanupCounts(meta: string | null): { calls: number; audit: number; exports: number } | null {
  if (!meta) return null;
  try {
    const parsed: unknown = JSON.parse(meta);
    if (typeof parsed !== "object" || parsed === null) return null;
    const record = parsed as Record<string, unknown>;
    const [calls, audit, exports] = [record["calls"], record["audit_logs"], record["exports"]].map(Number);
    return [calls, audit, exports].every(Number.isFinite) ? { calls: calls ?? 0, audit: audit ?? 0, exports: exports ?? 0 } : null;
  } catch {
    return null;
  }
}

/** spec: "For systemtree entries the meta text shows next to the type": plain text only. */
export function systemTreeMeta(entry: Pick<AuditLogEntry, "entity_type" | "meta">): string | null {
  if (entry.entity_type !== "systemtree" || !entry.meta) return null;
  const meta = entry.meta.trim();
  return meta === "" || meta.startsWith("{") || meta.startsWith("[") ? null : meta;
}

/** The date chip of a day: "today", "yesterday" or none, with the date (dd.MM.yyyy). */
export function dayChip(day: string, now: Date): { relative: "today" | "yesterday" | null; date: string } {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  const relative = day === localDayKey(now.toISOString()) ? "today" : day === localDayKey(yesterday.toISOString()) ? "yesterday" : null;
  return { relative, date: formatDate(new Date(year, month - 1, date)) };
}

/**
 * The date picker's "YYYY-MM-DD" as the filter's start_time: the end of that local day, so the
 * list starts with the day's last entries (newest first). Empty or invalid: no start time.
 */
export function startTimeOfDate(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const end = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1, 0, 0, 0, -1);
  return Number.isNaN(end.getTime()) ? null : end.toISOString();
}

/** spec §9 "Formats: dd.MM.yyyy" in every language; dayjs spells it so for the date picker. */
export const AUDIT_DATE_FORMAT = "DD.MM.YYYY";

/**
 * A typed "dd.MM.yyyy" (or "d.M.yyyy") as the picker's "YYYY-MM-DD"; null while it names no day
 * of the calendar (31.02.2026). The picker parses only its own ISO form without this.
 */
export function parseDisplayDate(value: string): string | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Today as the date input's "YYYY-MM-DD" (its max). */
export function dateInputValue(date: Date): string {
  return localDayKey(date.toISOString());
}
