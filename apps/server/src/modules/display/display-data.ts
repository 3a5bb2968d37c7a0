import { DEFAULT_SORT_ORDER, formatTimeOfDay } from "@caresuite/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { entityTables } from "../entities/entity-tables.ts";

/**
 * What a display needs besides calls (spec §7 "CallDisplayRelations: schedules, displayGroups,
 * callTypes with system_id context"; "activeDisplayNotes"). Read-only views of the registry
 * tables for anonymous displays: names, times, colours, no secrets.
 */
export interface DisplayRelations {
  schedules: { id: number; name: string; times: string[] }[];
  display_groups: { id: number; name: string; connections: { section_id: number | null; call_type_id: number | null }[] }[];
  call_types: { id: number; name: string; char: string; color: string; urgency: string; flag: string; sort_order: number }[];
  /** The enabled display group overrides: boards route calls by them and name them (docs/decisions/022). */
  display_group_overrides: { id: number; name: string; section_id: number; section_display_group_id: number; systemtree_display_group_id: number }[];
}

export async function loadDisplayRelations(db: Kysely<Database>, systemId: number): Promise<DisplayRelations> {
  const [schedules, groups, connections, types, overrides] = await Promise.all([
    entityTables(db).selectFrom("schedules").selectAll().where("system_id", "=", systemId).orderBy("id").execute(),
    entityTables(db).selectFrom("display_groups").selectAll().where("system_id", "=", systemId).orderBy("id").execute(),
    entityTables(db).selectFrom("display_group_connections").selectAll().where("system_id", "=", systemId).execute(),
    entityTables(db).selectFrom("call_types").selectAll().where("system_id", "=", systemId).orderBy("sort_order").execute(),
    entityTables(db).selectFrom("display_group_overrides").selectAll().where("system_id", "=", systemId).where("is_enabled", "=", 1).orderBy("id").execute(),
  ]);
  return {
    schedules: schedules.map((s) => ({
      id: Number(s["id"]),
      name: String(s["name"] ?? ""),
      times: [s.time_1, s.time_2, s.time_3, s.time_4, s.time_5].filter((t): t is number => typeof t === "number").map(formatTimeOfDay),
    })),
    display_groups: groups.map((g) => ({
      id: Number(g["id"]),
      name: String(g["name"] ?? ""),
      connections: connections
        .filter((c) => c["display_group_id"] === g["id"])
        .map((c) => ({ section_id: (c["section_id"] as number | null) ?? null, call_type_id: (c["call_type_id"] as number | null) ?? null })),
    })),
    call_types: types.map((t) => ({
      id: Number(t["id"]),
      name: String(t["name"] ?? ""),
      char: String(t["char"] ?? ""),
      color: String(t["color"] ?? "#868E96"),
      urgency: String(t["urgency"] ?? "NORMAL"),
      flag: String(t["flag"] ?? "None"),
      sort_order: Number(t["sort_order"] ?? DEFAULT_SORT_ORDER),
    })),
    display_group_overrides: overrides.map((o) => ({
      id: Number(o.id),
      name: String(o.name),
      section_id: Number(o.section_id),
      section_display_group_id: Number(o.section_display_group_id),
      systemtree_display_group_id: Number(o.systemtree_display_group_id),
    })),
  };
}

export interface DisplayNoteView {
  id: number;
  title: string;
  text: string;
  color: string;
  sort_order: number;
}

/** Active notes whose day (if any) is today and whose time window (if any) holds now (local time). */
export async function loadActiveDisplayNotes(db: Kysely<Database>, now: Date): Promise<DisplayNoteView[]> {
  const rows = await entityTables(db).selectFrom("display_notes").selectAll().where("active", "=", 1).orderBy("sort_order").orderBy("id").execute();
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
  const minutes = now.getHours() * 60 + now.getMinutes();
  return rows
    .filter((n) => {
      const date = n["display_date"];
      if (typeof date === "string" && date !== "" && date !== today) return false;
      const from = n["display_from"];
      const until = n["display_until"];
      if (typeof from === "number" && minutes < from) return false;
      if (typeof until === "number" && minutes >= until) return false;
      return true;
    })
    .map((n) => ({
      id: Number(n["id"]),
      title: String(n["title"] ?? ""),
      text: String(n["text"] ?? ""),
      color: String(n["color"] ?? "yellow"),
      sort_order: Number(n["sort_order"] ?? 0),
    }));
}
