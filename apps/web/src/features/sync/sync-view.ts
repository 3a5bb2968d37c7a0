import { DATA_SYNC_STATUSES, ROW_STATES, SEND_STEPS, type DataSyncStatus, type RowState, type SendStep } from "@caresuite/domain";

/**
 * How the sync route shows the changelog, the publish and its errors (spec "Data sync status",
 * "Row states", "Send steps", §8 "Configuration" and "Sync timeout"). Pure: tested in
 * sync-view.test.ts, rendered by SyncPage and its parts.
 */

/** The changelog's entity kinds in the order the page lists them; unknown kinds follow. */
export const KIND_ORDER = [
  "system_tree",
  "sections",
  "call_types",
  "call_sources",
  "schedules",
  "display_groups",
  "display_group_connections",
  "hubs",
] as const;

/** The admin registry's entity of each controller collection (its field labels and names). */
export const KIND_ENTITY: Readonly<Record<string, string>> = {
  sections: "section",
  call_types: "callType",
  call_sources: "callSource",
  schedules: "schedule",
  display_groups: "displayGroup",
  display_group_connections: "displayGroupConnection",
  hubs: "hub",
};

/** Records one group shows at a time ("show more" adds as many): the page renders what is seen. */
export const GROUP_PAGE = 50;

export interface ChangelogLike {
  id: string;
  entity_id: number;
  entity_kind: string;
  state: string;
}

export interface ChangelogGroup<E extends ChangelogLike> {
  kind: string;
  entries: E[];
  /** Records per row state, in the spec's order of states. */
  states: { state: RowState | string; count: number }[];
}

/** The changelog grouped by entity kind, with the count of each row state (groups in KIND_ORDER). */
export function groupChangelog<E extends ChangelogLike>(entries: readonly E[]): ChangelogGroup<E>[] {
  const byKind = new Map<string, E[]>();
  for (const entry of entries) {
    const list = byKind.get(entry.entity_kind);
    if (list) list.push(entry);
    else byKind.set(entry.entity_kind, [entry]);
  }
  const rank = (kind: string): number => {
    const index = (KIND_ORDER as readonly string[]).indexOf(kind);
    return index < 0 ? KIND_ORDER.length : index;
  };
  const stateRank = (state: string): number => {
    const index = (ROW_STATES as readonly string[]).indexOf(state);
    return index < 0 ? ROW_STATES.length : index;
  };
  return [...byKind.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([kind, list]) => {
      const counts = new Map<string, number>();
      for (const entry of list) counts.set(entry.state, (counts.get(entry.state) ?? 0) + 1);
      const states = [...counts.entries()].sort(([a], [b]) => stateRank(a) - stateRank(b) || a.localeCompare(b)).map(([state, count]) => ({ state, count }));
      return { kind, entries: list, states };
    });
}

export function isDataSyncStatus(value: string): value is DataSyncStatus {
  return (DATA_SYNC_STATUSES as readonly string[]).includes(value);
}

export function isRowState(value: string): value is RowState {
  return (ROW_STATES as readonly string[]).includes(value);
}

/** Badge colours of the row states: ours added/changed/removed like the audit log (green, blue, red). */
export function rowStateColor(state: string): string {
  switch (state) {
    case "created":
    case "imported_to_cs":
      return "green";
    case "updated":
    case "needs_commit":
      return "blue";
    case "deleted":
    case "removed_from_cs":
    case "removed_from_gets":
      return "red";
    case "imported_to_gets":
      return "grape";
    case "submitting_changes":
    case "sent_to_gets":
      return "yellow";
    case "in_sync":
      return "teal";
    default:
      return "gray";
  }
}

export function statusColor(status: string): string {
  switch (status) {
    case "in-sync":
      return "teal";
    case "needs-commit":
    case "ready":
      return "orange";
    case "processing":
    case "busy":
    case "loading":
      return "blue";
    case "offline":
    case "unauthorized":
      return "red";
    default:
      return "gray";
  }
}

function parseRecord(json: string | null | undefined): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A record's name as the administrator knows it: ours where we have it, else the call system's. */
export function recordName(entry: { ours: string | null; theirs: string | null }): string | null {
  for (const record of [parseRecord(entry.ours), parseRecord(entry.theirs)]) {
    if (!record) continue;
    for (const key of ["name", "text_long", "title"]) {
      const value = record[key];
      if (typeof value === "string" && value.trim() !== "") return value;
    }
  }
  return null;
}

/** One side of a field diff as shown: empty, yes/no (translated), or text. */
export type DiffValue = { kind: "empty" } | { kind: "bool"; value: boolean } | { kind: "text"; text: string };

export function diffValue(json: string | null): DiffValue {
  if (json === null) return { kind: "empty" };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { kind: "text", text: json };
  }
  if (value === null || value === "") return { kind: "empty" };
  if (typeof value === "boolean") return { kind: "bool", value };
  if (typeof value === "string" || typeof value === "number") return { kind: "text", text: String(value) };
  if (Array.isArray(value) && value.every((v) => typeof v === "string" || typeof v === "number")) {
    return value.length === 0 ? { kind: "empty" } : { kind: "text", text: value.join(", ") };
  }
  return { kind: "text", text: JSON.stringify(value) };
}

/** Where each send step stands for the progress list: the current one, those before and after it. */
export type StepState = "done" | "active" | "pending" | "failed";

/** The steps a publish goes through (done or failed ends it). */
export const PROGRESS_STEPS = SEND_STEPS.filter((s) => s !== "done" && s !== "failed");

export function stepStates(step: SendStep | null, result: "done" | "failed" | null): { step: SendStep; state: StepState }[] {
  const index = step ? PROGRESS_STEPS.indexOf(step as (typeof PROGRESS_STEPS)[number]) : -1;
  return PROGRESS_STEPS.map((s, i) => {
    if (result === "done") return { step: s, state: "done" };
    if (result === "failed") return { step: s, state: i < index ? "done" : i === index ? "failed" : "pending" };
    return { step: s, state: i < index ? "done" : i === index ? "active" : "pending" };
  });
}

export function isSendStep(value: string | null | undefined): value is SendStep {
  return typeof value === "string" && (SEND_STEPS as readonly string[]).includes(value);
}

/**
 * spec §8 "Configuration: duplicated position, duplicated serial, invalid config, invalid schedule
 * interval, invalid value, missing call source, missing relation" (the controller's wording, as
 * packages/protocol/src/validate/publish-error.ts has it), and "Sync timeout: configurator did not
 * start in time". The server passes them on as "<code>: <detail>".
 */
export const CONFIG_ERRORS = {
  "duplicated position": "duplicatedPosition",
  "duplicated serial": "duplicatedSerial",
  "invalid config": "invalidConfig",
  "invalid schedule interval": "invalidScheduleInterval",
  "invalid value": "invalidValue",
  "missing call source": "missingCallSource",
  "missing relation": "missingRelation",
} as const;

/** The server's own publish endings (apps/server/src/modules/config-sync/config-sync.service.ts). */
const PUBLISH_ENDINGS: Readonly<Record<string, string>> = {
  "configurator did not start in time": "timeout",
  "publish interrupted by a server restart": "restart",
  "publish interrupted: the call system no longer knows the job": "jobLost",
  "the call system stopped answering during the publish": "stoppedAnswering",
  "the call system refused the publish": "refused",
  "a publish is already running at the call system": "publishRunning",
  "publish failed": "failed",
};

/** A sync error as the page shows it: the i18n key under sync.errors, and the controller's detail. */
export interface SyncErrorView {
  key: string;
  detail: string | null;
  /** The records the detail names (kind of the controller's collection, id). */
  records: { kind: string; id: number }[];
}

export function describeSyncError(message: string): SyncErrorView {
  const text = message.trim();
  const ending = PUBLISH_ENDINGS[text];
  if (ending) return { key: ending, detail: null, records: [] };
  for (const [code, key] of Object.entries(CONFIG_ERRORS)) {
    if (text === code || text.startsWith(`${code}:`)) {
      const detail = text.slice(code.length).replace(/^:\s*/, "").trim();
      return { key, detail: detail === "" ? null : detail, records: detailRecords(detail) };
    }
  }
  return { key: "unknown", detail: text === "" ? null : text, records: [] };
}

const COLLECTIONS = ["system_tree", ...KIND_ORDER.filter((k) => k !== "system_tree")];

/**
 * The records a controller detail names (packages/protocol/src/validate: "system_tree[3] (id 12)",
 * "system_tree 12: ...", "on nodes 12 and 13", "sections 4 and 5: ..."), each once.
 */
export function detailRecords(detail: string): { kind: string; id: number }[] {
  const found: { kind: string; id: number }[] = [];
  const add = (kind: string, id: number): void => {
    if (Number.isInteger(id) && !found.some((r) => r.kind === kind && r.id === id)) found.push({ kind, id });
  };
  for (const match of detail.matchAll(/\bnodes (\d+) and (\d+)/g)) {
    add("system_tree", Number(match[1]));
    add("system_tree", Number(match[2]));
  }
  for (const match of detail.matchAll(/\b([a-z_]+)\[\d+\] \(id (\d+)\)/g)) if (COLLECTIONS.includes(match[1] ?? "")) add(match[1] ?? "", Number(match[2]));
  for (const match of detail.matchAll(/\b([a-z_]+) (\d+)(?: and (\d+))?/g)) {
    const kind = match[1] ?? "";
    if (!COLLECTIONS.includes(kind)) continue;
    add(kind, Number(match[2]));
    if (match[3]) add(kind, Number(match[3]));
  }
  return found;
}

/** The reasons of a refused import or publish (the server's CONFLICT reasons) the page words itself. */
export const ACTION_REASONS = ["publish_running", "config_committing", "not_connected", "publish_refused"] as const;

interface ErrorLike {
  graphQLErrors: readonly { message: string; extensions: Record<string, unknown> }[];
}

const REASON_KEYS: Readonly<Record<string, string>> = {
  publish_running: "publishRunning",
  config_committing: "configCommitting",
  not_connected: "notConnected",
  publish_refused: "refused",
};

/**
 * A refused import or publish as the page shows it: the server's validation before sending
 * (VALIDATION, reason config_invalid, the controller's code in fields.config with its detail),
 * or a CONFLICT reason (publish_running, config_committing, not_connected, publish_refused).
 */
export function actionError(error: ErrorLike | undefined): SyncErrorView | null {
  if (!error) return null;
  for (const graphQLError of error.graphQLErrors) {
    const { extensions } = graphQLError;
    const reason = typeof extensions["reason"] === "string" ? extensions["reason"] : "";
    if (extensions["code"] === "VALIDATION" && reason === "config_invalid") {
      const fields = extensions["fields"] as Record<string, { message?: unknown; data?: { detail?: unknown } }[]> | undefined;
      const first = fields?.["config"]?.[0];
      const code = typeof first?.message === "string" ? first.message : "";
      const detail = typeof first?.data?.detail === "string" ? first.data.detail : "";
      return describeSyncError(code && detail ? `${code}: ${detail}` : graphQLError.message);
    }
    const key = REASON_KEYS[reason];
    if (key) return { key, detail: null, records: [] };
  }
  return { key: "generic", detail: null, records: [] };
}

/**
 * The text colour of a light badge of `color`: shade 9 of blue, red, grape and gray reads at least
 * 4.5:1 on its light background (WCAG AA, axe); teal, green, orange and yellow do not reach it,
 * so their text is dark and the background carries the colour.
 */
export function badgeText(color: string): string {
  return ["blue", "red", "grape", "gray"].includes(color) ? `${color}.9` : "dark.7";
}

/** A light alert's title in dark text: orange.8 and red.8 on their light backgrounds fall below 4.5:1 (axe). */
export const ALERT_STYLES = { title: { color: "var(--mantine-color-dark-7)" } } as const;
