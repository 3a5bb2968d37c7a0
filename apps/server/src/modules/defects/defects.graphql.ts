import { builder } from "../../graphql/builder.ts";
import { ignoreDefects, listDefects, type DefectView, type IgnoreDefectsResult } from "./defects.service.ts";

/** Route table "/admin defects | admin::manage_system or calllog::see_defects": either permission. */
const READ = { $any: { permission: "admin::manage_system", $all: { permission: "calllog::see_defects" } } } as const;
/**
 * IgnoreDefects: admin::manage_system at write, or calllog::see_defects, a view code that has no
 * write level (rules/permission-levels.ts) and is the defect screen's whole permission: whoever
 * is given the screen may silence what it lists (docs/decisions/038-technical-reports.md).
 */
const WRITE = { $any: { writePermission: "admin::manage_system", $all: { permission: "calllog::see_defects" } } } as const;

const DefectType = builder.objectRef<DefectView>("Defect").implement({
  description: "A device with an open call of a call type flagged Defect.",
  fields: (t) => ({
    device_id: t.exposeInt("device_id"),
    device_name: t.exposeString("device_name"),
    device_path: t.exposeString("device_path", { description: "The names of the parent chain, separated by ›." }),
    call_type_id: t.exposeInt("call_type_id"),
    call_type_name: t.exposeString("call_type_name"),
    since: t.exposeString("since", { description: "ISO 8601: the oldest open defect call's opening." }),
    open_calls: t.exposeInt("open_calls"),
  }),
});

const IgnoreDefectsResultType = builder.objectRef<IgnoreDefectsResult>("IgnoreDefectsResult").implement({
  fields: (t) => ({
    success: t.exposeBoolean("success", { description: "The call system accepted the action." }),
    sent_to: t.exposeInt("sent_to", { description: "How many nodes it was sent to (the device, or the system's top-level nodes)." }),
  }),
});

builder.queryField("defects", (t) =>
  t.field({
    type: [DefectType],
    description: "The current defects of the request's system, oldest first.",
    authScopes: READ,
    resolve: (_root, _args, ctx) => listDefects(ctx),
  }),
);

builder.mutationField("ignoreDefects", (t) =>
  t.field({
    type: IgnoreDefectsResultType,
    description: "Sends the control action IgnoreDefects to the call system for one device, or without deviceID for the whole system.",
    authScopes: WRITE,
    args: { deviceID: t.arg.int({ required: false }) },
    resolve: (_root, args, ctx) => ignoreDefects(ctx, args.deviceID ?? null),
  }),
);
