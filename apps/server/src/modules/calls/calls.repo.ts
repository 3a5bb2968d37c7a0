import { callDurationSeconds, DEFAULT_SORT_ORDER, sortCalls, weekdayOf } from "@caresuite/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { entityTables } from "../entities/entity-tables.ts";

/** spec data §3.4 "Call" with its nested call_type, call_source, section, system_tree_node. */
export interface CallView {
  id: number;
  system_id: number;
  system_name: string;
  call_source_id: number | null;
  call_source_text: string;
  call_type_id: number;
  call_type_text: string;
  opened_at: string;
  closed_at: string | null;
  is_closed: boolean;
  duration: number;
  /** When staff presence came to the room while the call was open (null: not yet, or never). */
  presence_at: string | null;
  /** Seconds from opening until presence, else until the close; null while open without presence. */
  response_time: number | null;
  weekday: number;
  device_text_long: string;
  device_text_short: string;
  handled_by_app_username: string | null;
  manually_closed_by_username: string | null;
  /** spec: "number (device id)" */
  number: number;
  position: string | null;
  section_id: number | null;
  section_name: string;
  call_type: { id: number; char: string; color: string; name: string; flag: string; sort_order: number; text: string; urgency: string } | null;
  call_source: { id: number; char: string } | null;
  section: { id: number; name: string; allow_manual_call_closure: boolean } | null;
  system_tree_node: { id: number; serial: string | null; text_short: string; text_long: string; deny_manual_call_closure: boolean } | null;
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());
const responseSeconds = (opened: number, until: number | null): number | null =>
  until === null ? null : Math.max(0, Math.floor((Number(until) - Number(opened)) / 1000));

/** Calls of a system with their nested objects (current configuration), in display order. */
export async function loadCalls(
  db: Kysely<Database>,
  systemId: number,
  filter: { open?: boolean; ids?: number[] },
  now: number,
  displayOrder = true,
): Promise<CallView[]> {
  let query = db.selectFrom("calls").selectAll().where("system_id", "=", systemId);
  if (filter.open) query = query.where("closed_at", "is", null);
  if (filter.ids) query = query.where("id", "in", filter.ids.length ? filter.ids : [-1]);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const unique = (values: (number | null)[]) => [...new Set(values.filter((v): v is number => v !== null))];
  const typeIds = unique(rows.map((r) => r.call_type_id));
  const sourceIds = unique(rows.map((r) => r.call_source_id));
  const sectionIds = unique(rows.map((r) => r.section_id));
  const nodeIds = unique(rows.map((r) => r.device_id));
  const [types, sources, sections, nodes, system] = await Promise.all([
    entityTables(db).selectFrom("call_types").selectAll().where("system_id", "=", systemId).where("id", "in", typeIds).execute(),
    sourceIds.length ? entityTables(db).selectFrom("call_sources").selectAll().where("system_id", "=", systemId).where("id", "in", sourceIds).execute() : [],
    sectionIds.length ? entityTables(db).selectFrom("sections").selectAll().where("system_id", "=", systemId).where("id", "in", sectionIds).execute() : [],
    db.selectFrom("system_tree_nodes").selectAll().where("system_id", "=", systemId).where("id", "in", nodeIds).execute(),
    db.selectFrom("systems").select("name").where("id", "=", systemId).executeTakeFirst(),
  ]);
  const calls = rows.map((row): CallView => {
    const type = types.find((t) => t["id"] === row.call_type_id);
    const source = sources.find((s) => s["id"] === row.call_source_id);
    const section = sections.find((s) => s["id"] === row.section_id);
    const node = nodes.find((n) => n.id === row.device_id);
    const opened = iso(row.opened_at) as string;
    const closed = iso(row.closed_at);
    return {
      id: row.id,
      system_id: systemId,
      system_name: system?.name ?? "",
      call_source_id: row.call_source_id,
      call_source_text: row.call_source_text,
      call_type_id: row.call_type_id,
      call_type_text: row.call_type_text,
      opened_at: opened,
      closed_at: closed,
      is_closed: closed !== null,
      duration: callDurationSeconds(opened, closed, now),
      presence_at: iso(row.presence_at),
      response_time: responseSeconds(row.opened_at, row.presence_at ?? row.closed_at),
      weekday: weekdayOf(opened),
      device_text_long: row.device_text_long,
      device_text_short: row.device_text_short,
      handled_by_app_username: row.handled_by_app_username,
      manually_closed_by_username: row.manually_closed_by_username,
      number: row.device_id,
      position: null,
      section_id: row.section_id,
      section_name: row.section_name,
      call_type: type
        ? {
            id: Number(type["id"]),
            char: String(type["char"] ?? ""),
            color: String(type["color"] ?? ""),
            name: String(type["name"] ?? ""),
            flag: String(type["flag"] ?? "None"),
            sort_order: Number(type["sort_order"] ?? DEFAULT_SORT_ORDER),
            text: String(type["text"] ?? ""),
            urgency: String(type["urgency"] ?? "NORMAL"),
          }
        : null,
      call_source: source ? { id: Number(source["id"]), char: String(source["char"] ?? "") } : null,
      section: section
        ? { id: Number(section["id"]), name: String(section["name"] ?? ""), allow_manual_call_closure: section["allow_manual_call_closure"] === 1 }
        : null,
      system_tree_node: node
        ? {
            id: node.id,
            serial: node.serial,
            text_short: node.text_short,
            text_long: node.text_long,
            deny_manual_call_closure: node.deny_manual_call_closure === 1,
          }
        : null,
    };
  });
  return displayOrder ? sortCalls(calls) : calls;
}
