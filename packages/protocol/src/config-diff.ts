import type { RowState } from "@caresuite/domain";
import { ENTITY_COLLECTIONS, type ControllerConfig } from "./config.ts";

/**
 * Ours versus theirs (docs/decisions/028-config-ours-versus-theirs.md): our configuration and the
 * controller's, both in the controller's shape, compared per entity kind and record.
 */

/** The entity kinds of a configuration: the registry collections and the system tree. */
export const CONFIG_KINDS = [...(Object.keys(ENTITY_COLLECTIONS) as (keyof typeof ENTITY_COLLECTIONS)[]), "system_tree"] as const;
export type ConfigKind = (typeof CONFIG_KINDS)[number];

/**
 * Fields that are never a difference:
 * - the hardware reports them rather than the administrator configures them (battery,
 *   reachability, hub status): a publish keeps the controller's values;
 * - this suite derives them from its display group overrides (docs/decisions/022: the marks on a
 *   section and its nodes), which the controller does not keep.
 */
export const REPORTED_FIELDS: Partial<Record<ConfigKind, readonly string[]>> = {
  system_tree: ["battery", "reachable", "last_reachable_at", "health", "status", "position_updated_at", "active_display_group_override_id"],
  hubs: ["status", "last_sync"],
  sections: ["has_display_group_override", "active_display_group_override_id"],
};

export interface ConfigFieldChange {
  field: string;
  ours: unknown;
  theirs: unknown;
}

export interface ConfigChangeLogEntry {
  /** `<kind>:<record id>`: unique within one configuration. */
  id: string;
  entity_id: number;
  entity_kind: ConfigKind;
  state: RowState;
  changes: ConfigFieldChange[];
  ours: Record<string, unknown> | null;
  theirs: Record<string, unknown> | null;
}

export interface DiffContext {
  /** Our configuration changed after its last publish or import (domain hasLocalEdits). */
  localEdits: boolean;
  /** A publish is running: before its "sending" step the rows are submitting, from it on sent. */
  publishing: "submitting" | "sent" | null;
  /** Also list records that are equal on both sides (state in_sync). */
  includeInSync?: boolean;
}

const canonical = (value: unknown): string =>
  JSON.stringify(value ?? null, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/**
 * Equal as JSON with sorted keys. Most fields are primitives: compared as they are (the canonical
 * text of every field made the changelog of 20,000 nodes take over a second, bench/publish-parts.ts).
 */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  return canonical(a) === canonical(b);
}

const REPORTED_SETS = new Map<ConfigKind, ReadonlySet<string>>(CONFIG_KINDS.map((kind) => [kind, new Set(REPORTED_FIELDS[kind] ?? [])]));

/** The configured fields that differ between two records of one kind (reported fields left out). */
export function fieldChanges(kind: ConfigKind, ours: Record<string, unknown> | null, theirs: Record<string, unknown> | null): ConfigFieldChange[] {
  const reported = REPORTED_SETS.get(kind) ?? new Set<string>();
  let changes: ConfigFieldChange[] | null = null;
  const compare = (field: string): void => {
    if (reported.has(field)) return;
    const a = ours?.[field] ?? null;
    const b = theirs?.[field] ?? null;
    if (!sameValue(a, b)) (changes ??= []).push({ field, ours: a, theirs: b });
  };
  if (ours) for (const field in ours) compare(field);
  // Fields only theirs has.
  if (theirs) for (const field in theirs) if (!ours || !(field in ours)) compare(field);
  return changes === null ? [] : (changes as ConfigFieldChange[]).sort((x, y) => (x.field < y.field ? -1 : x.field > y.field ? 1 : 0));
}

/**
 * The row state of one record (spec "Row states"; the table in docs/decisions/028):
 * - no theirs fetched yet: never_synced;
 * - equal: in_sync;
 * - different while a publish runs: submitting_changes, then sent_to_gets from its sending step;
 * - with local edits the difference is ours: created, updated, deleted;
 * - without, it is the controller's: imported_to_gets (added or changed there), removed_from_gets.
 */
export function rowState(present: { ours: boolean; theirs: boolean; equal: boolean }, ctx: DiffContext & { theirsKnown: boolean }): RowState {
  if (!ctx.theirsKnown) return "never_synced";
  if (present.equal) return "in_sync";
  if (ctx.publishing === "submitting") return "submitting_changes";
  if (ctx.publishing === "sent") return "sent_to_gets";
  if (ctx.localEdits) return !present.theirs ? "created" : !present.ours ? "deleted" : "updated";
  return !present.theirs ? "removed_from_gets" : "imported_to_gets";
}

/** The changelog: per kind and record (sorted by kind, then id), the state and the field changes. */
export function diffConfigs(ours: ControllerConfig, theirs: ControllerConfig | null, ctx: DiffContext): ConfigChangeLogEntry[] {
  const entries: ConfigChangeLogEntry[] = [];
  for (const kind of CONFIG_KINDS) {
    const index = (config: ControllerConfig | null): Map<number, Record<string, unknown>> =>
      new Map(((config?.[kind] ?? []) as Record<string, unknown>[]).map((r) => [Number(r["id"]), r]));
    const a = index(ours);
    const b = index(theirs);
    const ids = [...new Set([...a.keys(), ...b.keys()])].sort((x, y) => x - y);
    for (const id of ids) {
      const o = a.get(id) ?? null;
      const t = b.get(id) ?? null;
      const changes = fieldChanges(kind, o, t);
      const equal = o !== null && t !== null && changes.length === 0;
      const state = rowState({ ours: o !== null, theirs: t !== null, equal }, { ...ctx, theirsKnown: theirs !== null });
      if (state === "in_sync" && !ctx.includeInSync) continue;
      entries.push({ id: `${kind}:${id}`, entity_id: id, entity_kind: kind, state, changes, ours: o, theirs: t });
    }
  }
  return entries;
}
