import { LOG_DATE_RANGES, SHIFTS } from "@caresuite/domain";
import type { ObjectFieldBuilder } from "@pothos/core";
import { builder } from "../../graphql/builder.ts";
import {
  analyticsFilterOptions,
  callAnalytics,
  deviceHealthBox,
  HEALTH_BOX_ITEMS,
  LONGEST_WAITS_MAX,
  type CallAnalytics,
  type CallTypeStat,
  type DayStat,
  type HealthBox,
  type HealthDevice,
  type HeatCell,
  type HourStat,
  type LongWait,
  type ResponseStat,
  type RoomStat,
  type ShiftStat,
} from "./analytics.service.ts";

/** spec route table: "/analytics | analytics::use_module and analytics licence". */
const READ = { $all: { permission: "analytics::use_module", licence: "analytics" } } as const;

const AnalyticsRange = builder.enumType("AnalyticsRange", {
  description: "The call log's periods (spec §9 \"Log date ranges\"), in the system's time zone.",
  values: LOG_DATE_RANGES,
});
const ShiftEnum = builder.enumType("AnalyticsShift", { description: "Day 07:00–18:59, night 19:00–06:59, local time.", values: SHIFTS });

const AnalyticsFilterInput = builder.inputType("AnalyticsFilter", {
  fields: (t) => ({
    range: t.field({ type: AnalyticsRange, description: "A named period; default DAYS_30. Not together with from/to." }),
    from: t.string({ description: "Custom period start: ISO instant or local date YYYY-MM-DD (inclusive)." }),
    to: t.string({ description: "Custom period end: ISO instant (exclusive) or local date YYYY-MM-DD (the whole day included)." }),
    call_type_ids: t.intList(),
    section_ids: t.intList(),
  }),
});

const responseFields = <T extends ResponseStat>(t: PothosObjectFieldBuilder<T>) => ({
  calls: t.int({ description: "Calls with a response (staff presence, else the close).", resolve: (s) => s.calls }),
  median_seconds: t.int({
    nullable: true,
    description: "Median response time in seconds (nearest rank); null without calls.",
    resolve: (s) => s.median_seconds,
  }),
  p90_seconds: t.int({ nullable: true, description: "90th percentile of the response time in seconds (nearest rank).", resolve: (s) => s.p90_seconds }),
});
// The field builder's type as Pothos hands it to `fields`.
type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
type PothosObjectFieldBuilder<T> = ObjectFieldBuilder<Types, T>;

const ResponseStatRef = builder.objectRef<ResponseStat>("AnalyticsResponse").implement({ fields: (t) => responseFields(t) });
const ShiftStatRef = builder.objectRef<ShiftStat>("AnalyticsShiftStat").implement({
  fields: (t) => ({
    shift: t.field({ type: ShiftEnum, resolve: (s) => s.shift }),
    opened: t.exposeInt("opened", { description: "Calls opened in the shift." }),
    ...responseFields(t),
  }),
});
const HourStatRef = builder.objectRef<HourStat>("AnalyticsHourStat").implement({
  fields: (t) => ({ hour: t.exposeInt("hour", { description: "Local hour of day 0–23." }), opened: t.exposeInt("opened"), ...responseFields(t) }),
});
const DayStatRef = builder.objectRef<DayStat>("AnalyticsDayStat").implement({
  fields: (t) => ({
    date: t.exposeString("date", { description: "Local date YYYY-MM-DD." }),
    opened: t.exposeInt("opened"),
    mean_response_seconds: t.exposeInt("mean_response_seconds", { nullable: true }),
  }),
});
const HeatCellRef = builder.objectRef<HeatCell>("AnalyticsHeatCell").implement({
  fields: (t) => ({
    weekday: t.exposeInt("weekday", { description: "0 Monday … 6 Sunday, local." }),
    hour: t.exposeInt("hour"),
    opened: t.exposeInt("opened"),
  }),
});
const RoomStatRef = builder.objectRef<RoomStat>("AnalyticsRoomStat").implement({
  fields: (t) => ({
    room_id: t.exposeInt("room_id", { description: "The room node (a device without a room: the device)." }),
    room_name: t.exposeString("room_name"),
    ...responseFields(t),
  }),
});
const CallTypeStatRef = builder.objectRef<CallTypeStat>("AnalyticsCallTypeStat").implement({
  fields: (t) => ({ call_type_id: t.exposeInt("call_type_id"), name: t.exposeString("name"), color: t.exposeString("color"), ...responseFields(t) }),
});
const LongWaitRef = builder.objectRef<LongWait>("AnalyticsLongWait").implement({
  fields: (t) => ({
    id: t.exposeInt("id", { description: "The call (call form /analytics/call/edit/:id)." }),
    opened_at: t.exposeString("opened_at"),
    response_seconds: t.exposeInt("response_seconds"),
    device_id: t.exposeInt("device_id"),
    device_text_long: t.exposeString("device_text_long"),
    room_id: t.exposeInt("room_id"),
    room_name: t.exposeString("room_name"),
    call_type_id: t.exposeInt("call_type_id"),
    call_type_text: t.exposeString("call_type_text"),
    section_name: t.exposeString("section_name"),
  }),
});

const CallAnalyticsRef = builder.objectRef<CallAnalytics>("CallAnalytics").implement({
  fields: (t) => ({
    from: t.exposeString("from", { nullable: true, description: "The period's start the filter resolved to (ISO)." }),
    to: t.exposeString("to", { nullable: true, description: "The period's end, exclusive (ISO); null: up to now." }),
    time_zone: t.exposeString("time_zone"),
    opened: t.int({ description: "Calls opened in the period.", resolve: (a) => a.opened() }),
    overall: t.field({ type: ResponseStatRef, resolve: (a) => a.overall() }),
    by_day: t.field({ type: [DayStatRef], description: "Calls per local day (days with calls).", resolve: (a) => a.byDay() }),
    by_hour: t.field({ type: [HourStatRef], description: "Calls and response per local hour of day (24 rows).", resolve: (a) => a.byHour() }),
    heat_map: t.field({ type: [HeatCellRef], description: "Calls per weekday × hour (168 cells).", resolve: (a) => a.heatMap() }),
    by_shift: t.field({ type: [ShiftStatRef], resolve: (a) => a.byShift() }),
    by_room: t.field({ type: [RoomStatRef], description: "Slowest p90 first.", resolve: (a) => a.byRoom() }),
    by_call_type: t.field({ type: [CallTypeStatRef], description: "Slowest p90 first.", resolve: (a) => a.byCallType() }),
    longest_waits: t.field({
      type: [LongWaitRef],
      args: { limit: t.arg.int({ description: `1..${LONGEST_WAITS_MAX}, default 10.` }) },
      resolve: (a, args) => a.longestWaits(args.limit ?? 10),
    }),
  }),
});

builder.queryField("callAnalytics", (t) =>
  t.field({
    type: CallAnalyticsRef,
    description: "Analytics of the calls (spec route /analytics): volume, response time by shift, room and call type, heat map, longest waits.",
    args: { filter: t.arg({ type: AnalyticsFilterInput }), override_system: t.arg.int() },
    authScopes: READ,
    resolve: (_root, args, ctx) => callAnalytics(ctx, args.override_system, args.filter ?? {}),
  }),
);

const OptionRef = builder.objectRef<{ id: number; name: string }>("AnalyticsOption").implement({
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name") }),
});
const TypeOptionRef = builder.objectRef<{ id: number; name: string; color: string }>("AnalyticsCallTypeOption").implement({
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name"), color: t.exposeString("color") }),
});
const FilterOptionsRef = builder.objectRef<Awaited<ReturnType<typeof analyticsFilterOptions>>>("AnalyticsFilterOptions").implement({
  fields: (t) => ({
    sections: t.field({ type: [OptionRef], resolve: (o) => o.sections }),
    call_types: t.field({ type: [TypeOptionRef], resolve: (o) => o.call_types }),
  }),
});

builder.queryField("analyticsFilterOptions", (t) =>
  t.field({
    type: FilterOptionsRef,
    description: "The sections and call types the analytics filter chooses from.",
    args: { override_system: t.arg.int() },
    authScopes: READ,
    resolve: (_root, args, ctx) => analyticsFilterOptions(ctx, args.override_system),
  }),
);

const HealthDeviceRef = builder.objectRef<HealthDevice>("AnalyticsHealthDevice").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    room_id: t.exposeInt("room_id"),
    room_name: t.exposeString("room_name"),
    battery: t.exposeInt("battery", { nullable: true }),
    reported_at: t.exposeString("reported_at", { nullable: true }),
  }),
});
const HealthBoxRef = builder.objectRef<HealthBox>("AnalyticsHealthBox").implement({
  fields: (t) => ({
    total: t.exposeInt("total"),
    items: t.field({ type: [HealthDeviceRef], description: `At most ${HEALTH_BOX_ITEMS}.`, resolve: (b) => b.items }),
  }),
});

builder.queryField("analyticsLowBattery", (t) =>
  t.field({
    type: HealthBoxRef,
    description: "The low battery box (spec permission analytics::see_low_battery_box): devices below the low threshold, lowest first.",
    args: { section_ids: t.arg.intList(), override_system: t.arg.int() },
    authScopes: { $all: { permission: "analytics::use_module", licence: "analytics", $all: { permission: "analytics::see_low_battery_box" } } },
    resolve: (_root, args, ctx) => deviceHealthBox(ctx, args.override_system, "low_battery", args.section_ids),
  }),
);

builder.queryField("analyticsNotReachable", (t) =>
  t.field({
    type: HealthBoxRef,
    description: "The not reachable box (spec permission analytics::see_not_reachable_box): devices the call system reports unreachable, longest silent first.",
    args: { section_ids: t.arg.intList(), override_system: t.arg.int() },
    authScopes: { $all: { permission: "analytics::use_module", licence: "analytics", $all: { permission: "analytics::see_not_reachable_box" } } },
    resolve: (_root, args, ctx) => deviceHealthBox(ctx, args.override_system, "not_reachable", args.section_ids),
  }),
);

builder.queryField("analyticsDefects", (t) =>
  t.field({
    type: HealthBoxRef,
    description: "The defects box (spec permission analytics::see_defects): devices other than repeaters with an open Defect call, oldest first.",
    args: { section_ids: t.arg.intList(), override_system: t.arg.int() },
    authScopes: { $all: { permission: "analytics::use_module", licence: "analytics", $all: { permission: "analytics::see_defects" } } },
    resolve: (_root, args, ctx) => deviceHealthBox(ctx, args.override_system, "defects", args.section_ids),
  }),
);

builder.queryField("analyticsRepeaterDefects", (t) =>
  t.field({
    type: HealthBoxRef,
    description: "The repeater defects box (spec permission analytics::see_repeater_defects): repeaters with an open Defect call, oldest first.",
    args: { section_ids: t.arg.intList(), override_system: t.arg.int() },
    authScopes: { $all: { permission: "analytics::use_module", licence: "analytics", $all: { permission: "analytics::see_repeater_defects" } } },
    resolve: (_root, args, ctx) => deviceHealthBox(ctx, args.override_system, "repeater_defects", args.section_ids),
  }),
);
