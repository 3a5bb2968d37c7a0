import {
  ANALYTICS_MAX_DAYS,
  batteryState,
  dateOfLocalDay,
  DEFAULT_LOG_TIME_ZONE,
  hasPermission,
  isKnownTimeZone,
  LOG_DATE_RANGES,
  offsetSegments,
  percentileOfCounts,
  resolveCustomRange,
  resolveLogDateRange,
  shiftOfHour,
  VALIDATION_KEYS,
  weekdayOfLocalDay,
  type FieldError,
  type LogDateRange,
  type Shift,
} from "@caresuite/domain";
import type { Kysely } from "kysely";
import type { RequestContext } from "../../context.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { readGlobalSettings } from "../appdata/global-settings.repo.ts";
import { targetSystem } from "../calls/calls.service.ts";
import { entityTables } from "../entities/entity-tables.ts";
import { nodeVisibility } from "../systemtree/node-access.ts";
import {
  countByLocalHour,
  firstOpening,
  longestWaits,
  devicesForHealthBox,
  loadTree,
  loadTreeShape,
  openDefects,
  responseHistogram,
  withAncestors,
  type AnalyticsQuery,
  type KeyedBuckets,
  type HourCount,
  type TreeShapeRow,
} from "./analytics.repo.ts";
import { BUCKET_LOWER_SECONDS } from "./response-buckets.ts";

/** The analytics filter (spec route /analytics: "every chart filters by time range, section and call type"). */
export interface AnalyticsFilter {
  range?: LogDateRange | null;
  from?: string | null;
  to?: string | null;
  call_type_ids?: readonly number[] | null;
  section_ids?: readonly number[] | null;
}

/** Median and p90 of a group's response times (whole seconds), over `calls` calls that had a response. */
export interface ResponseStat {
  calls: number;
  median_seconds: number | null;
  p90_seconds: number | null;
}

export interface ShiftStat extends ResponseStat {
  shift: Shift;
  /** Every call opened in the shift, also those without a response yet. */
  opened: number;
}
export interface HourStat extends ResponseStat {
  hour: number;
  opened: number;
}
export interface DayStat {
  date: string;
  opened: number;
  mean_response_seconds: number | null;
}
export interface HeatCell {
  weekday: number;
  hour: number;
  opened: number;
}
export interface RoomStat extends ResponseStat {
  room_id: number;
  room_name: string;
}
export interface CallTypeStat extends ResponseStat {
  call_type_id: number;
  name: string;
  color: string;
}
export interface LongWait {
  id: number;
  opened_at: string;
  response_seconds: number;
  device_id: number;
  device_text_long: string;
  room_id: number;
  room_name: string;
  call_type_id: number;
  call_type_text: string;
  section_name: string;
}

/** The validated analytics of one system and period; every part is computed when asked for, once. */
export interface CallAnalytics {
  from: string | null;
  to: string | null;
  time_zone: string;
  opened: () => Promise<number>;
  overall: () => Promise<ResponseStat>;
  byDay: () => Promise<DayStat[]>;
  byHour: () => Promise<HourStat[]>;
  heatMap: () => Promise<HeatCell[]>;
  byShift: () => Promise<ShiftStat[]>;
  byRoom: () => Promise<RoomStat[]>;
  byCallType: () => Promise<CallTypeStat[]>;
  longestWaits: (limit: number) => Promise<LongWait[]>;
}

const MAX_IDS = 1000;
export const LONGEST_WAITS_MAX = 100;

type Errors = Record<string, FieldError[]>;
const fail = (errors: Errors, field: string, message: string, data: Record<string, unknown> = {}): void => {
  (errors[field] ??= []).push({ message, data: { field, ...data } });
};

function checkList(errors: Errors, field: string, ids: readonly number[] | null | undefined): number[] | null {
  if (ids === null || ids === undefined || ids.length === 0) return null;
  if (ids.length > MAX_IDS) fail(errors, field, VALIDATION_KEYS.list_too_long, { size: MAX_IDS });
  return [...new Set(ids)];
}

async function systemTimeZone(db: Kysely<Database>, systemId: number): Promise<string> {
  const row = await db.selectFrom("systems").select("timezone").where("id", "=", systemId).executeTakeFirst();
  const zone = row?.timezone ?? DEFAULT_LOG_TIME_ZONE;
  return isKnownTimeZone(zone) ? zone : DEFAULT_LOG_TIME_ZONE;
}

/** Median and p90 of calls counted per response bucket: exact to the bucket (docs/decisions/034). */
function stat(counts: Uint32Array | undefined): ResponseStat {
  if (!counts) return { calls: 0, median_seconds: null, p90_seconds: null };
  return {
    calls: counts.reduce((sum, n) => sum + n, 0),
    median_seconds: percentileOfCounts(counts, BUCKET_LOWER_SECONDS, 50),
    p90_seconds: percentileOfCounts(counts, BUCKET_LOWER_SECONDS, 90),
  };
}

/** The histograms summed per `keyOf(key)` (the shift of an hour, the room of a device). */
function byKey(histograms: KeyedBuckets, keyOf: (key: number) => number = (k) => k): Map<number, Uint32Array> {
  const grouped = new Map<number, Uint32Array>();
  for (const [key, counts] of histograms) {
    const group = keyOf(key);
    const sum = grouped.get(group);
    if (!sum) grouped.set(group, counts.slice());
    else for (let b = 0; b < counts.length; b++) sum[b]! += counts[b]!;
  }
  return grouped;
}

/** A device's room: the nearest node of kind room at or above it; else the device itself. */
function roomsOf<Row extends TreeShapeRow>(
  tree: Row[],
): {
  roomOf: (deviceId: number) => number;
  nameOf: (id: number) => string;
  nodeOf: (id: number) => Row | undefined;
} {
  const byId = new Map(tree.map((n) => [n.id, n]));
  const cache = new Map<number, number>();
  const roomOf = (deviceId: number): number => {
    const known = cache.get(deviceId);
    if (known !== undefined) return known;
    let node = byId.get(deviceId);
    let room = deviceId;
    for (let depth = 0; node && depth < 64; depth += 1) {
      if (node.kind === "room") {
        room = node.id;
        break;
      }
      node = node.parent_id === null ? undefined : byId.get(node.parent_id);
    }
    cache.set(deviceId, room);
    return room;
  };
  const nameOf = (id: number): string => {
    const node = byId.get(id);
    return node ? node.text_long || node.name : `#${id}`;
  };
  return { roomOf, nameOf, nodeOf: (id) => byId.get(id) };
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () => (made ??= load());
}

/**
 * The analytics of a system (spec route /analytics; docs/decisions/034-analytics.md): the filter
 * is validated as the call log's is (spec §9 date ranges in the system's zone, ids of the system);
 * defect calls are left out unless the user may see them (analytics::see_defects,
 * analytics::see_repeater_defects). The caller has checked analytics::use_module, the licence and
 * the system's visibility.
 */
export async function callAnalytics(ctx: RequestContext, overrideSystem: number | null | undefined, filter: AnalyticsFilter): Promise<CallAnalytics> {
  const systemId = await targetSystem(ctx, overrideSystem);
  const db = ctx.db.kysely;
  const now = ctx.now();
  const errors: Errors = {};
  if (filter.range && !(LOG_DATE_RANGES as readonly string[]).includes(filter.range)) fail(errors, "range", VALIDATION_KEYS.one_option_required);
  const callTypeIds = checkList(errors, "call_type_ids", filter.call_type_ids);
  const sectionIds = checkList(errors, "section_ids", filter.section_ids);

  const timeZone = await systemTimeZone(db, systemId);
  let from: number | null = null;
  let to: number | null = null;
  if ((filter.from || filter.to) && filter.range) {
    fail(errors, "range", VALIDATION_KEYS.cannot_be_same);
  } else if (filter.from || filter.to) {
    const resolved = resolveCustomRange({ from: filter.from ?? null, to: filter.to ?? null }, timeZone);
    if (resolved.ok) ({ from, to } = resolved.range);
    else for (const [field, list] of Object.entries(resolved.errors)) (errors[field] ??= []).push(...list);
    // The screen's longest custom period (domain analyticsPeriodErrors), an hour's slack for a DST change.
    if (from !== null && to !== null && to - from > ANALYTICS_MAX_DAYS * 86_400_000 + 3_600_000)
      fail(errors, "to", VALIDATION_KEYS.range_too_long_days, { days: ANALYTICS_MAX_DAYS });
  } else {
    ({ from, to } = resolveLogDateRange(filter.range ?? "DAYS_30", now, timeZone));
  }

  const types = await entityTables(db).selectFrom("call_types").select(["id", "flag", "name", "color"]).where("system_id", "=", systemId).execute();
  const knownTypes = new Set(types.map((t) => Number(t.id)));
  const unknownTypes = (callTypeIds ?? []).filter((id) => !knownTypes.has(id));
  if (unknownTypes.length > 0 && !errors["call_type_ids"]) fail(errors, "call_type_ids", VALIDATION_KEYS.unknown_reference, { value: unknownTypes.join(", ") });
  if (sectionIds && !errors["section_ids"]) {
    const found = new Set(
      (await entityTables(db).selectFrom("sections").select("id").where("system_id", "=", systemId).where("id", "in", sectionIds).execute()).map((r) =>
        Number(r.id),
      ),
    );
    const unknown = sectionIds.filter((id) => !found.has(id));
    if (unknown.length > 0) fail(errors, "section_ids", VALIDATION_KEYS.unknown_reference, { value: unknown.join(", ") });
  }
  if (Object.keys(errors).length > 0) throw new AppError("VALIDATION", "invalid analytics filter", { fields: errors });

  const seeDefects = hasPermission(ctx.user, "analytics::see_defects");
  const seeRepeaterDefects = hasPermission(ctx.user, "analytics::see_repeater_defects");
  const hideDefects: AnalyticsQuery["hideDefects"] =
    seeDefects && seeRepeaterDefects ? "none" : !seeDefects && !seeRepeaterDefects ? "all" : seeDefects ? "repeater" : "not_repeater";

  const start = from ?? (await firstOpening(db, systemId)) ?? now;
  const q: AnalyticsQuery = {
    systemId,
    dialect: ctx.db.dialect,
    timeZone,
    from,
    to,
    start,
    end: Math.max(start, to ?? now),
    useRollup: true,
    callTypeIds,
    sectionIds,
    hideDefects,
    defectTypeIds: types.filter((t) => t["flag"] === "Defect").map((t) => Number(t.id)),
    // Staff presence is the answer to a call, not a call that waits for one (docs/decisions/034).
    excludedTypeIds: callTypeIds ? [] : types.filter((t) => t["flag"] === "Presence").map((t) => Number(t.id)),
    offsets: offsetSegments(start, Math.max(start, to ?? now), timeZone),
  };

  const hours = once(() => countByLocalHour(db, q));
  const tree = once(async () => roomsOf(await loadTreeShape(db, systemId, ctx.db.dialect)));
  const typeById = new Map(types.map((t) => [Number(t.id), t]));
  const sumHours = (list: HourCount[], keyOf: (hour: number) => number): Map<number, { opened: number; responded: number; ms: number }> => {
    const sums = new Map<number, { opened: number; responded: number; ms: number }>();
    for (const h of list) {
      const key = keyOf(h.hour);
      const sum = sums.get(key) ?? { opened: 0, responded: 0, ms: 0 };
      sum.opened += h.calls;
      sum.responded += h.responded;
      sum.ms += h.response_ms;
      sums.set(key, sum);
    }
    return sums;
  };
  // One scan gives the hours of the day; the shifts and the whole period are sums of them.
  const hourHistogram = once(() => responseHistogram(db, q, "hour_of_day"));

  return {
    from: from === null ? null : new Date(from).toISOString(),
    to: to === null ? null : new Date(to).toISOString(),
    time_zone: timeZone,
    opened: async () => (await hours()).reduce((sum, h) => sum + h.calls, 0),
    overall: async () => stat(byKey(await hourHistogram(), () => 0).get(0)),
    byDay: async () =>
      [...sumHours(await hours(), (h) => Math.floor(h / 24))]
        .sort((a, b) => a[0] - b[0])
        .map(([day, s]) => ({
          date: dateOfLocalDay(day),
          opened: s.opened,
          mean_response_seconds: s.responded > 0 ? Math.round(s.ms / s.responded / 1000) : null,
        })),
    byHour: async () => {
      const [list, histogram] = await Promise.all([hours(), hourHistogram()]);
      const opened = sumHours(list, (h) => h % 24);
      const groups = byKey(histogram);
      return Array.from({ length: 24 }, (_, hour) => ({ hour, opened: opened.get(hour)?.opened ?? 0, ...stat(groups.get(hour)) }));
    },
    heatMap: async () => {
      const cells = sumHours(await hours(), (h) => weekdayOfLocalDay(Math.floor(h / 24)) * 24 + (h % 24));
      return Array.from({ length: 7 * 24 }, (_, i) => ({ weekday: Math.floor(i / 24), hour: i % 24, opened: cells.get(i)?.opened ?? 0 }));
    },
    byShift: async () => {
      const [list, histogram] = await Promise.all([hours(), hourHistogram()]);
      const opened = sumHours(list, (h) => (shiftOfHour(h % 24) === "DAY" ? 1 : 0));
      const groups = byKey(histogram, (hour) => (shiftOfHour(hour) === "DAY" ? 1 : 0));
      return (["DAY", "NIGHT"] as const).map((shift) => {
        const key = shift === "DAY" ? 1 : 0;
        return { shift, opened: opened.get(key)?.opened ?? 0, ...stat(groups.get(key)) };
      });
    },
    byRoom: async () => {
      const [rooms, histogram, visible] = await Promise.all([
        tree(),
        responseHistogram(
          db,
          q,
          "device",
          tree().then((r) => r.roomOf),
        ),
        nodeVisibility(ctx),
      ]);
      // Only rooms the user may open (the node form answers "not found" for the others, e.g. a
      // technical point without see_tech_devices): the same rule as the tree's.
      return [...byKey(histogram, rooms.roomOf)]
        .filter(([roomId]) => {
          const node = rooms.nodeOf(roomId);
          return node !== undefined && visible(node);
        })
        .map(([roomId, entries]) => ({ room_id: roomId, room_name: rooms.nameOf(roomId), ...stat(entries) }))
        .sort((a, b) => (b.p90_seconds ?? 0) - (a.p90_seconds ?? 0) || b.calls - a.calls || a.room_name.localeCompare(b.room_name));
    },
    byCallType: async () =>
      [...byKey(await responseHistogram(db, q, "call_type"))]
        .map(([typeId, entries]) => {
          const type = typeById.get(typeId);
          return { call_type_id: typeId, name: type?.name ?? `#${typeId}`, color: type?.color ?? "", ...stat(entries) };
        })
        .sort((a, b) => (b.p90_seconds ?? 0) - (a.p90_seconds ?? 0) || b.calls - a.calls),
    longestWaits: async (limit) => {
      if (!Number.isInteger(limit) || limit < 1 || limit > LONGEST_WAITS_MAX) {
        throw new AppError("VALIDATION", "invalid limit", {
          fields: { limit: [{ message: VALIDATION_KEYS.between, data: { field: "limit", min: 1, max: LONGEST_WAITS_MAX } }] },
        });
      }
      const [rows, rooms] = await Promise.all([longestWaits(db, q, limit), tree()]);
      return rows.map((r) => {
        const roomId = rooms.roomOf(r.device_id);
        return {
          id: r.id,
          opened_at: new Date(r.opened_at).toISOString(),
          response_seconds: Math.floor(r.response_ms / 1000),
          device_id: r.device_id,
          device_text_long: r.device_text_long,
          room_id: roomId,
          room_name: rooms.nameOf(roomId),
          call_type_id: r.call_type_id,
          call_type_text: r.call_type_text,
          section_name: r.section_name,
        };
      });
    },
  };
}

/** The sections and call types the analytics filter chooses from (presence types left out). */
export async function analyticsFilterOptions(
  ctx: RequestContext,
  overrideSystem: number | null | undefined,
): Promise<{ sections: { id: number; name: string }[]; call_types: { id: number; name: string; color: string }[] }> {
  const systemId = await targetSystem(ctx, overrideSystem);
  const db = entityTables(ctx.db.kysely);
  const [sections, types] = await Promise.all([
    db.selectFrom("sections").select(["id", "name"]).where("system_id", "=", systemId).orderBy("name").orderBy("id").execute(),
    db
      .selectFrom("call_types")
      .select(["id", "name", "color", "sort_order", "flag"])
      .where("system_id", "=", systemId)
      .orderBy("sort_order")
      .orderBy("id")
      .execute(),
  ]);
  return {
    sections: sections.map((s) => ({ id: Number(s.id), name: s.name ?? "" })),
    // Staff presence is no call to analyse (left out of the charts unless named in the filter).
    call_types: types.filter((t) => t["flag"] !== "Presence").map((t) => ({ id: Number(t.id), name: t.name ?? "", color: t.color ?? "" })),
  };
}

/**
 * The defect boxes (analytics::see_defects, analytics::see_repeater_defects; docs/decisions/034):
 * the devices with an open call of a Defect type, each with the opening of its oldest one; the
 * repeaters (tree kind repeater) in their own box, every other device in the defects box, as the
 * call log splits the two permissions. A section filter keeps the calls of those sections.
 */
async function defectBox(ctx: RequestContext, systemId: number, which: "defects" | "repeater_defects", sectionIds: number[] | null): Promise<HealthBox> {
  const db = ctx.db.kysely;
  const types = await entityTables(db).selectFrom("call_types").select(["id", "flag"]).where("system_id", "=", systemId).execute();
  const defectTypeIds = types.filter((t) => t["flag"] === "Defect").map((t) => Number(t.id));
  const [open, tree] = await Promise.all([openDefects(db, systemId, defectTypeIds, sectionIds), loadTree(db, systemId)]);
  const rooms = roomsOf(tree);
  const kindOf = new Map(tree.map((n) => [n.id, n.kind]));
  const matching = open.filter((d) => (kindOf.get(d.device_id) === "repeater") === (which === "repeater_defects"));
  return {
    total: matching.length,
    items: matching.slice(0, HEALTH_BOX_ITEMS).map((d) => {
      const roomId = rooms.roomOf(d.device_id);
      return {
        id: d.device_id,
        name: rooms.nameOf(d.device_id),
        room_id: roomId,
        room_name: roomId === d.device_id ? "" : rooms.nameOf(roomId),
        battery: null,
        reported_at: new Date(d.since).toISOString(),
      };
    }),
  };
}

export interface HealthDevice {
  id: number;
  name: string;
  room_id: number;
  room_name: string;
  battery: number | null;
  /** Battery: when the level was reported; reachability: the last sign of life; defects: the oldest open defect call's opening. */
  reported_at: string | null;
}
export interface HealthBox {
  total: number;
  items: HealthDevice[];
}
export const HEALTH_BOX_ITEMS = 100;

/**
 * The spec's boxes on /analytics from the tree's device health: devices whose battery is low by the
 * global thresholds (spec battery rule, domain batteryState), and devices the call system reports
 * unreachable. Devices are the kinds device and tech; a section filter keeps the devices of those
 * sections. Lowest battery first / longest silent first, at most HEALTH_BOX_ITEMS listed.
 */
export async function deviceHealthBox(
  ctx: RequestContext,
  overrideSystem: number | null | undefined,
  which: "low_battery" | "not_reachable" | "defects" | "repeater_defects",
  sectionIds: readonly number[] | null | undefined,
): Promise<HealthBox> {
  const systemId = await targetSystem(ctx, overrideSystem);
  if (sectionIds && sectionIds.length > MAX_IDS) {
    throw new AppError("VALIDATION", "too many sections", {
      fields: { section_ids: [{ message: VALIDATION_KEYS.list_too_long, data: { field: "section_ids", size: MAX_IDS } }] },
    });
  }
  const sections = sectionIds && sectionIds.length > 0 ? new Set(sectionIds) : null;
  if (which === "defects" || which === "repeater_defects") return defectBox(ctx, systemId, which, sections ? [...sections] : null);
  const db = ctx.db.kysely;
  const settings = await readGlobalSettings(db);
  const devices = await devicesForHealthBox(
    db,
    systemId,
    which === "low_battery" ? { batteryBelow: settings.battery_threshold_low } : "not_reachable",
    sections ? [...sections] : null,
  );
  const matching =
    which === "low_battery"
      ? devices.filter((n) => batteryState(n.battery, settings).status === "low").sort((a, b) => (a.battery ?? 0) - (b.battery ?? 0) || a.id - b.id)
      : devices.sort((a, b) => (a.last_reachable_at ?? 0) - (b.last_reachable_at ?? 0) || a.id - b.id);
  const shown = matching.slice(0, HEALTH_BOX_ITEMS);
  const rooms = roomsOf(
    await withAncestors(
      db,
      systemId,
      shown.map((n) => n.id),
    ),
  );
  return {
    total: matching.length,
    items: shown.map((n) => {
      const roomId = rooms.roomOf(n.id);
      const at = which === "low_battery" ? n.battery_reported_at : n.last_reachable_at;
      return {
        id: n.id,
        name: n.text_long || n.name,
        room_id: roomId,
        room_name: roomId === n.id ? "" : rooms.nameOf(roomId),
        battery: n.battery,
        reported_at: at === null ? null : new Date(at).toISOString(),
      };
    }),
  };
}
