import { builder } from "../../graphql/builder.ts";
import { withConnectionParams, type SocketContext } from "../../graphql/socket-context.ts";
import { LOG_DATE_RANGES } from "@caresuite/domain";
import { CALL_LOG_DEFAULT_LIMIT, CALL_LOG_MAX_LIMIT, CALL_LOG_SORTS, CALL_LOG_STATES, CALL_LOG_TOTAL_CAP, type CallLogAnswer } from "./call-log.service.ts";
import type { CallView } from "./calls.repo.ts";
import {
  callById,
  callLog,
  callLogSections,
  markCallAsManuallyClosedByUser,
  openCalls,
  openCallsChanges,
  sendDeviceAction,
  targetSystem,
} from "./calls.service.ts";

const CallTypeRef = builder.objectRef<NonNullable<CallView["call_type"]>>("CallCallType").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    char: t.exposeString("char"),
    color: t.exposeString("color"),
    name: t.exposeString("name"),
    flag: t.exposeString("flag"),
    sort_order: t.exposeInt("sort_order"),
    text: t.exposeString("text"),
    urgency: t.exposeString("urgency"),
  }),
});
const CallSourceRef = builder.objectRef<NonNullable<CallView["call_source"]>>("CallCallSource").implement({
  fields: (t) => ({ id: t.exposeInt("id"), char: t.exposeString("char") }),
});
const SectionRef = builder.objectRef<NonNullable<CallView["section"]>>("CallSection").implement({
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name"), allow_manual_call_closure: t.exposeBoolean("allow_manual_call_closure") }),
});
const NodeRef = builder.objectRef<NonNullable<CallView["system_tree_node"]>>("CallSystemTreeNode").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    serial: t.exposeString("serial", { nullable: true }),
    text_short: t.exposeString("text_short"),
    text_long: t.exposeString("text_long"),
    deny_manual_call_closure: t.exposeBoolean("deny_manual_call_closure"),
  }),
});

export const CallType = builder.objectRef<CallView>("Call").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    system_id: t.exposeInt("system_id"),
    system_name: t.exposeString("system_name"),
    call_source_id: t.exposeInt("call_source_id", { nullable: true }),
    call_source_text: t.exposeString("call_source_text"),
    call_type_id: t.exposeInt("call_type_id"),
    call_type_text: t.exposeString("call_type_text"),
    opened_at: t.exposeString("opened_at"),
    closed_at: t.exposeString("closed_at", { nullable: true }),
    is_closed: t.exposeBoolean("is_closed"),
    duration: t.exposeInt("duration", { description: "Seconds from opening until the close (until now while open)." }),
    presence_at: t.exposeString("presence_at", { nullable: true, description: "When staff presence came to the room while the call was open." }),
    response_time: t.exposeInt("response_time", {
      nullable: true,
      description: "Seconds from opening until presence, else until the close; null while open without presence.",
    }),
    weekday: t.exposeInt("weekday"),
    device_text_long: t.exposeString("device_text_long"),
    device_text_short: t.exposeString("device_text_short"),
    handled_by_app_username: t.exposeString("handled_by_app_username", { nullable: true }),
    manually_closed_by_username: t.exposeString("manually_closed_by_username", { nullable: true }),
    number: t.exposeInt("number"),
    position: t.exposeString("position", { nullable: true }),
    section_id: t.exposeInt("section_id", { nullable: true }),
    section_name: t.exposeString("section_name"),
    call_type: t.field({ type: CallTypeRef, nullable: true, resolve: (c) => c.call_type }),
    call_source: t.field({ type: CallSourceRef, nullable: true, resolve: (c) => c.call_source }),
    section: t.field({ type: SectionRef, nullable: true, resolve: (c) => c.section }),
    system_tree_node: t.field({ type: NodeRef, nullable: true, resolve: (c) => c.system_tree_node }),
  }),
});

builder.queryField("openCalls", (t) =>
  t.field({
    type: [CallType],
    description: "Open calls of the system, in display order. Public: the display board shows them to anonymous visitors.",
    args: { override_system: t.arg.int() },
    authScopes: { public: true },
    resolve: async (_root, args, ctx) => openCalls(ctx, await targetSystem(ctx, args.override_system)),
  }),
);

builder.subscriptionField("callsChanged", (t) =>
  t.field({
    type: [CallType],
    description: "The full list of open calls first, then again after every change.",
    args: { override_system: t.arg.int() },
    authScopes: { public: true },
    subscribe: async (_root, args, ctx) => {
      const socketCtx = await withConnectionParams(ctx as SocketContext);
      return openCallsChanges(socketCtx, await targetSystem(socketCtx, args.override_system));
    },
    resolve: (calls) => calls,
  }),
);

const DeviceActionInput = builder.inputType("DeviceActionInput", {
  fields: (t) => ({ action: t.string({ required: true }), deviceID: t.int({ required: true }), sectionID: t.int() }),
});
const DeviceActionResult = builder.objectRef<{ success: boolean }>("DeviceActionResult").implement({
  fields: (t) => ({ success: t.exposeBoolean("success") }),
});

builder.mutationField("sendDeviceAction", (t) =>
  t.field({
    type: DeviceActionResult,
    args: { action: t.arg({ type: DeviceActionInput, required: true }) },
    // Checked per call in the service: close_calls or the manual closure rule (spec §6).
    authScopes: { loggedIn: true },
    resolve: (_root, args, ctx) => sendDeviceAction(ctx, args.action),
  }),
);

builder.mutationField("markCallAsManuallyClosedByUser", (t) =>
  t.field({
    type: CallType,
    args: { id: t.arg.int({ required: true }) },
    authScopes: { loggedIn: true },
    resolve: (_root, args, ctx) => markCallAsManuallyClosedByUser(ctx, args.id),
  }),
);

const CallLogRange = builder.enumType("CallLogRange", {
  description: 'spec §9 "Log date ranges: 1, 12, 24 hours, 7, 14, 30 days, yesterday, day before yesterday, this year, last year, since beginning".',
  values: LOG_DATE_RANGES,
});
const CallLogSortColumn = builder.enumType("CallLogSort", { values: CALL_LOG_SORTS });
const CallLogStateEnum = builder.enumType("CallLogState", { values: CALL_LOG_STATES });
const CallLogDirection = builder.enumType("CallLogDirection", { values: ["ASC", "DESC"] as const });

/** Shared with the call log export (modules/exports). */
export const CallLogFilterInput = builder.inputType("CallLogFilter", {
  fields: (t) => ({
    range: t.field({ type: CallLogRange, description: "A named period in the system's time zone; default SINCE_BEGINNING. Not together with from/to." }),
    from: t.string({ description: "Custom period start: ISO instant or local date YYYY-MM-DD (inclusive)." }),
    to: t.string({ description: "Custom period end: ISO instant (exclusive) or local date YYYY-MM-DD (the whole day included)." }),
    call_type_ids: t.intList(),
    section_ids: t.intList(),
    device_id: t.int({ description: "One device exactly." }),
    node_ids: t.intList({ description: "Nodes of any kind: every device of their subtrees." }),
    state: t.field({ type: CallLogStateEnum, description: "Open, closed or all calls (default ALL)." }),
    min_duration_seconds: t.int(),
    sort: t.field({ type: CallLogSortColumn, description: "Default OPENED_AT; open calls sort last by CLOSED_AT, DURATION, RESPONSE_TIME." }),
    direction: t.field({ type: CallLogDirection, description: "Default DESC." }),
    offset: t.int(),
    limit: t.int({ description: `1..${CALL_LOG_MAX_LIMIT}, default ${CALL_LOG_DEFAULT_LIMIT}.` }),
    with_total: t.boolean({ description: "Count the matches (up to the cap); default only on the first page (offset 0)." }),
  }),
});

const CallLogPage = builder.objectRef<CallLogAnswer>("CallLogPage").implement({
  fields: (t) => ({
    items: t.field({ type: [CallType], resolve: (p) => p.items }),
    total: t.exposeInt("total", { nullable: true, description: `Matches counted up to ${CALL_LOG_TOTAL_CAP}; null when not counted (later pages).` }),
    total_capped: t.exposeBoolean("total_capped", { description: "True when more calls match than total says." }),
    from: t.exposeString("from", { nullable: true, description: "The period's start the filter resolved to (ISO)." }),
    to: t.exposeString("to", { nullable: true, description: "The period's end, exclusive (ISO); null: up to now." }),
    time_zone: t.exposeString("time_zone"),
  }),
});

builder.queryField("call", (t) =>
  t.field({
    type: CallType,
    description: "One call, open or closed, for the call form (spec route callForm: /log/edit/:id with query system; /analytics/call/edit/:id).",
    args: { id: t.arg.int({ required: true }), override_system: t.arg.int() },
    // The analytics drill-down opens the same form (spec route table: /analytics children call/edit/:id?).
    authScopes: { $any: { permission: "calllog::use_module", $all: { permission: "analytics::use_module", licence: "analytics" } } },
    resolve: (_root, args, ctx) => callById(ctx, args.override_system, args.id),
  }),
);

const CallLogSection = builder.objectRef<{ id: number; name: string }>("CallLogSection").implement({
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name") }),
});

builder.queryField("callLogSections", (t) =>
  t.field({
    type: [CallLogSection],
    description: "The sections the call log can be filtered by (id and name, by name), for every call log user.",
    args: { override_system: t.arg.int() },
    authScopes: { permission: "calllog::use_module" },
    resolve: (_root, args, ctx) => callLogSections(ctx, args.override_system),
  }),
);

builder.queryField("callLog", (t) =>
  t.field({
    type: CallLogPage,
    description: "The call log: calls of the system, filtered, sorted and paged (spec data §3.4, screens /log).",
    args: { filter: t.arg({ type: CallLogFilterInput }), override_system: t.arg.int() },
    authScopes: { permission: "calllog::use_module" },
    resolve: (_root, args, ctx) => callLog(ctx, args.override_system, args.filter ?? {}),
  }),
);
