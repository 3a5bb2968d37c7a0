import { builder } from "../../graphql/builder.ts";
import { withConnectionParams, type SocketContext } from "../../graphql/socket-context.ts";
import type { CallView } from "./calls.repo.ts";
import { callById, callLog, markCallAsManuallyClosedByUser, openCalls, openCallsChanges, sendDeviceAction, targetSystem } from "./calls.service.ts";

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
    duration: t.exposeInt("duration"),
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

const CallLogFilterInput = builder.inputType("CallLogFilter", {
  fields: (t) => ({
    from: t.string(),
    to: t.string(),
    call_type_ids: t.intList(),
    section_ids: t.intList(),
    device_id: t.int(),
    offset: t.int(),
    limit: t.int(),
  }),
});

const CallLogPage = builder.objectRef<{ items: CallView[]; total: number }>("CallLogPage").implement({
  fields: (t) => ({ items: t.field({ type: [CallType], resolve: (p) => p.items }), total: t.exposeInt("total") }),
});

builder.queryField("call", (t) =>
  t.field({
    type: CallType,
    description: "One call, open or closed, for the call form (spec route callForm: /log/edit/:id with query system).",
    args: { id: t.arg.int({ required: true }), override_system: t.arg.int() },
    authScopes: { permission: "calllog::use_module" },
    resolve: (_root, args, ctx) => callById(ctx, args.override_system, args.id),
  }),
);

builder.queryField("callLog", (t) =>
  t.field({
    type: CallLogPage,
    description: "The call log: calls of the system, newest first (spec data §3.4).",
    args: { filter: t.arg({ type: CallLogFilterInput }), override_system: t.arg.int() },
    authScopes: { permission: "calllog::use_module" },
    resolve: (_root, args, ctx) => callLog(ctx, args.override_system, args.filter ?? {}),
  }),
);
