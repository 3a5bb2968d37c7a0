import { setImmediate as yieldToLoop } from "node:timers/promises";
import { formatTimeOfDay, parseTimeOfDay, type EntityDef } from "@caresuite/domain";
import { ENTITY_COLLECTIONS, type ControllerConfig, type EntityCollection } from "@caresuite/protocol";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { allRows } from "../entities/entities.repo.ts";
import { entityTables } from "../entities/entity-tables.ts";
import { fromColumn, toColumn } from "../entities/entity-columns.ts";

/**
 * The two directions between the controller's configuration (docs/protocol.md "Configuration")
 * and our tables: `configToRows` is what an import stores, `rowsToConfig` is our configuration in
 * the controller's shape (what a publish sends and what the changelog compares). Both live here
 * so that a field added on one side is added on the other.
 */

/** Controller collections that hold registry entities (the protocol names them). */
export const COLLECTIONS = Object.entries(ENTITY_COLLECTIONS) as [EntityCollection, EntityDef][];

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
// Texts never carry NUL (PostgreSQL's text cannot hold it; ARCHITECTURE «Security rules»).
const str = (v: unknown, max: number): string => (typeof v === "string" ? v.replaceAll("\0", "").slice(0, max) : "");
const optStr = (v: unknown, max: number): string | null => (typeof v === "string" ? v.replaceAll("\0", "").slice(0, max) : null);
const bit = (v: unknown): number => (v === true ? 1 : 0);
const instant = (v: unknown): number | null => {
  const ms = typeof v === "string" ? Date.parse(v) : NaN;
  return Number.isFinite(ms) ? ms : null;
};
const iso = (v: unknown): string | null => (typeof v === "number" || typeof v === "string" ? new Date(Number(v)).toISOString() : null);
const bool = (v: unknown): boolean => v === 1 || v === true;
const intOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The device text overrides as stored: known keys with text values only. */
function overrides(v: unknown): string {
  const source = typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {};
  const kept = Object.fromEntries(
    ["call_source", "checkpoint", "button"].flatMap((key) => (typeof source[key] === "string" ? [[key, (source[key] as string).slice(0, 19)]] : [])),
  );
  return JSON.stringify(kept);
}

const parseJson = <T>(v: unknown, fallback: T): T => {
  try {
    return typeof v === "string" ? (JSON.parse(v) as T) : fallback;
  } catch {
    return fallback;
  }
};

/**
 * The configured fields of spec data §3.6 beyond the call path's: a controller that does not send
 * them (older firmware) gets the defaults of migration 0010.
 */
function configuredFields(n: Record<string, unknown>): Record<string, unknown> {
  return {
    callback_number: optStr(n["callback_number"], 50),
    comment: optStr(n["comment"], 255),
    health: optStr(n["health"], 20),
    status: optStr(n["status"], 20),
    position: optStr(n["position"], 100),
    position_updated_at: instant(n["position_updated_at"]),
    is_linkable: bit(n["is_linkable"]),
    is_tech: bit(n["is_tech"]),
    radio: bit(n["radio"]),
    day_sound_level: num(n["day_sound_level"]),
    night_sound_level: num(n["night_sound_level"]),
    disable_buzzer_at_night: bit(n["disable_buzzer_at_night"]),
    mask_time_at_night: bit(n["mask_time_at_night"]),
    display_time: num(n["display_time"]),
    show_calls_without_presence: bit(n["show_calls_without_presence"]),
    use_activity_control: bit(n["use_activity_control"]),
    flight_profile_id: num(n["flight_profile_id"]),
    linked_system_tree_node_id: num(n["linked_system_tree_node_id"]),
    device_text_overrides: overrides(n["device_text_overrides"]),
    schedule_id: num(n["schedule_id"]),
    display_group_ids: JSON.stringify(Array.isArray(n["display_group_ids"]) ? n["display_group_ids"].filter((id) => num(id) !== null) : []),
    active_display_group_override_id: num(n["active_display_group_override_id"]),
    inherit_section: bit(n["inherit_section"]),
    inherit_text_long: bit(n["inherit_text_long"]),
    inherit_text_short: bit(n["inherit_text_short"]),
    inherit_flight_profile: bit(n["inherit_flight_profile"]),
  };
}

function entityRow(entity: EntityDef, record: Record<string, unknown>, systemId: number, now: number): Record<string, unknown> | null {
  const id = num(record["id"]);
  if (id === null || id <= 0) return null;
  const row: Record<string, unknown> = { id, created_at: now, updated_at: now };
  if (entity.systemScoped) row["system_id"] = systemId;
  if (entity.sortable) row["sort_order"] = num(record["sort_order"]) ?? 999;
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.secret) continue;
    const value = record[name];
    row[name] = field.kind === "time" ? parseTimeOfDay(value) : toColumn(field, value ?? (field.kind === "bool" ? false : field.kind === "refs" ? [] : null));
  }
  return row;
}

function nodeRow(n: Record<string, unknown>, systemId: number, now: number): Record<string, unknown> | null {
  const id = num(n["id"]);
  if (id === null) return null;
  const reachableAt = typeof n["last_reachable_at"] === "string" ? Date.parse(n["last_reachable_at"]) : NaN;
  return {
    system_id: systemId,
    id,
    kind: str(n["kind"], 20) || "device",
    parent_id: num(n["parent_id"]),
    name: str(n["name"], 100),
    number: num(n["number"]),
    serial: typeof n["serial"] === "string" ? n["serial"].slice(0, 64) : null,
    mac: typeof n["mac"] === "string" ? n["mac"].slice(0, 32) : null,
    text_short: str(n["text_short"], 7),
    text_long: str(n["text_long"], 19),
    call_source_id: num(n["call_source_id"]),
    section_id: num(n["section_id"]),
    is_enabled: n["is_enabled"] === false ? 0 : 1,
    sort_order: num(n["sort_order"]) ?? 0,
    default_call_type_id: num(n["default_call_type_id"]),
    deny_manual_call_closure: n["deny_manual_call_closure"] === true ? 1 : 0,
    battery: num(n["battery"]),
    battery_reported_at: num(n["battery"]) === null ? null : now,
    reachable: n["reachable"] === false ? 0 : 1,
    last_reachable_at: Number.isFinite(reachableAt) ? reachableAt : null,
    ...configuredFields(n),
    created_at: now,
    updated_at: now,
  };
}

export interface ConfigRows {
  collections: Record<EntityCollection, Record<string, unknown>[]>;
  nodes: Record<string, unknown>[];
}

/** The controller's configuration as the rows an import stores (records without a usable id are skipped). */
export function configToRows(config: Partial<ControllerConfig>, systemId: number, now: number): ConfigRows {
  const collections = Object.fromEntries(
    COLLECTIONS.map(([collection, entity]) => {
      const records = Array.isArray(config[collection]) ? (config[collection] as Record<string, unknown>[]) : [];
      return [collection, records.map((r) => entityRow(entity, r, systemId, now)).filter((r): r is Record<string, unknown> => r !== null)];
    }),
  ) as ConfigRows["collections"];
  const nodes = (Array.isArray(config.system_tree) ? config.system_tree : [])
    .map((n) => nodeRow(n as Record<string, unknown>, systemId, now))
    .filter((n): n is Record<string, unknown> => n !== null);
  return { collections, nodes };
}

function entityRecord(entity: EntityDef, row: Record<string, unknown>): Record<string, unknown> {
  const record: Record<string, unknown> = { id: Number(row["id"]) };
  if (entity.sortable) record["sort_order"] = intOrNull(row["sort_order"]) ?? 999;
  for (const [name, field] of Object.entries(entity.fields)) {
    // Secrets (hub passwords) are never imported, so they are never sent back nor compared.
    if (field.secret) continue;
    const value = row[name];
    record[name] = field.kind === "time" ? (typeof value === "number" ? formatTimeOfDay(value) : null) : fromColumn(field, value);
  }
  return record;
}

function nodeRecord(row: Record<string, unknown>): Record<string, unknown> {
  return {
    id: Number(row["id"]),
    kind: row["kind"],
    parent_id: intOrNull(row["parent_id"]),
    name: row["name"],
    number: intOrNull(row["number"]),
    serial: row["serial"] ?? null,
    mac: row["mac"] ?? null,
    text_short: row["text_short"],
    text_long: row["text_long"],
    call_source_id: intOrNull(row["call_source_id"]),
    section_id: intOrNull(row["section_id"]),
    is_enabled: bool(row["is_enabled"]),
    sort_order: Number(row["sort_order"] ?? 0),
    default_call_type_id: intOrNull(row["default_call_type_id"]),
    deny_manual_call_closure: bool(row["deny_manual_call_closure"]),
    battery: intOrNull(row["battery"]),
    reachable: bool(row["reachable"]),
    last_reachable_at: row["last_reachable_at"] === null || row["last_reachable_at"] === undefined ? null : iso(row["last_reachable_at"]),
    callback_number: row["callback_number"] ?? null,
    comment: row["comment"] ?? null,
    health: row["health"] ?? null,
    status: row["status"] ?? null,
    position: row["position"] ?? null,
    position_updated_at: row["position_updated_at"] === null || row["position_updated_at"] === undefined ? null : iso(row["position_updated_at"]),
    is_linkable: bool(row["is_linkable"]),
    is_tech: bool(row["is_tech"]),
    radio: bool(row["radio"]),
    day_sound_level: intOrNull(row["day_sound_level"]),
    night_sound_level: intOrNull(row["night_sound_level"]),
    disable_buzzer_at_night: bool(row["disable_buzzer_at_night"]),
    mask_time_at_night: bool(row["mask_time_at_night"]),
    display_time: intOrNull(row["display_time"]),
    show_calls_without_presence: bool(row["show_calls_without_presence"]),
    use_activity_control: bool(row["use_activity_control"]),
    flight_profile_id: intOrNull(row["flight_profile_id"]),
    linked_system_tree_node_id: intOrNull(row["linked_system_tree_node_id"]),
    device_text_overrides: parseJson<Record<string, string>>(row["device_text_overrides"], {}),
    schedule_id: intOrNull(row["schedule_id"]),
    display_group_ids: parseJson<number[]>(row["display_group_ids"], []),
    active_display_group_override_id: intOrNull(row["active_display_group_override_id"]),
    inherit_section: bool(row["inherit_section"]),
    inherit_text_long: bool(row["inherit_text_long"]),
    inherit_text_short: bool(row["inherit_text_short"]),
    inherit_flight_profile: bool(row["inherit_flight_profile"]),
  };
}

const byId = (a: Record<string, unknown>, b: Record<string, unknown>): number => Number(a["id"]) - Number(b["id"]);

/** Stored rows in the controller's shape: the inverse of `configToRows` (records sorted by id). */
export function rowsToConfig(rows: ConfigRows, revision: number): ControllerConfig {
  const config: Record<string, unknown> = { revision };
  for (const [collection, entity] of COLLECTIONS) config[collection] = rows.collections[collection].map((r) => entityRecord(entity, r)).sort(byId);
  config["system_tree"] = rows.nodes.map(nodeRecord).sort(byId);
  return config as ControllerConfig;
}

/**
 * The controller's configuration as we would store it and send it back: fields we do not keep
 * (secrets, unknown extras) dropped, values normalised. The changelog compares this with ours, so
 * that a difference is a real one and not a matter of shape.
 */
export function normaliseTheirs(config: Partial<ControllerConfig>, systemId: number): ControllerConfig {
  return rowsToConfig(configToRows(config, systemId, 0), typeof config.revision === "number" ? config.revision : 0);
}

/** Our configuration of one system in the controller's shape (what a publish sends). */
export async function readOurConfig(db: Kysely<Database>, systemId: number, revision: number): Promise<ControllerConfig> {
  const collections = Object.fromEntries(
    await Promise.all(COLLECTIONS.map(async ([collection, entity]) => [collection, await allRows(db, entity, systemId)] as const)),
  ) as unknown as ConfigRows["collections"];
  const config = rowsToConfig({ collections, nodes: [] }, revision);
  return { ...config, system_tree: await readNodeRecordsInSlices(db, systemId) };
}

/** Nodes read per query: SQLite's driver is synchronous, and 20,000 rows at once hold the event loop. */
const NODE_SLICE = 2000;

/**
 * Every node of a system in the controller's shape, in id order (as rowsToConfig sorts them),
 * NODE_SLICE per query and conversion with the event loop turning between them.
 */
async function readNodeRecordsInSlices(db: Kysely<Database>, systemId: number): Promise<ControllerConfig["system_tree"]> {
  const nodes: Record<string, unknown>[] = [];
  let after: number | null = null;
  for (;;) {
    let query = db.selectFrom("system_tree_nodes").selectAll().where("system_id", "=", systemId);
    if (after !== null) query = query.where("id", ">", after);
    const slice = await query.orderBy("id").limit(NODE_SLICE).execute();
    for (const node of slice) nodes.push(nodeRecord(node as unknown as Record<string, unknown>));
    const last = slice.at(-1);
    if (!last || slice.length < NODE_SLICE) return nodes as ControllerConfig["system_tree"];
    after = Number(last.id);
    await yieldToLoop();
  }
}

/** The hub passwords stored for a system (non-empty only), by hub id. Secrets: server-side only. */
export async function readHubPasswords(db: Kysely<Database>, systemId: number): Promise<Map<number, string>> {
  const rows = await entityTables(db).selectFrom("hubs").select(["id", "password"]).where("system_id", "=", systemId).execute();
  return new Map(rows.flatMap((row) => (row.password ? [[Number(row.id), row.password] as const] : [])));
}

/**
 * What a publish sends: ours in the controller's shape, and each hub with the password entered
 * here (the controller needs it to reach the hub; it never returns it). Only for the request to
 * the controller: never stored as theirs, compared, logged or answered (docs/decisions/032).
 */
export async function readPublishBody(db: Kysely<Database>, systemId: number, revision: number): Promise<ControllerConfig> {
  const [config, passwords] = await Promise.all([readOurConfig(db, systemId, revision), readHubPasswords(db, systemId)]);
  return {
    ...config,
    hubs: config.hubs.map((hub) => {
      const password = passwords.get(hub.id);
      return password ? { ...hub, password } : hub;
    }),
  };
}
