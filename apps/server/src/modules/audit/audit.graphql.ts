import { builder } from "../../graphql/builder.ts";
import { auditLogs, auditLogsSinceLastCommit, type AuditLogView } from "./audit.query.ts";

const AuditUser = builder.objectRef<{ id: number; name: string }>("AuditUser").implement({
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name") }),
});
const AuditSystem = builder.objectRef<{ name: string }>("AuditSystem").implement({
  fields: (t) => ({ name: t.exposeString("name") }),
});
const AuditChange = builder.objectRef<AuditLogView["changes"][number]>("AuditLogChange").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    field: t.exposeString("field"),
    value_new: t.exposeString("value_new", { nullable: true }),
    value_old: t.exposeString("value_old", { nullable: true }),
    display_value_new: t.exposeString("display_value_new", { nullable: true }),
    display_value_old: t.exposeString("display_value_old", { nullable: true }),
  }),
});

const AuditLogEntry = builder.objectRef<AuditLogView>("AuditLog").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    system_id: t.exposeInt("system_id", { nullable: true }),
    user_id: t.exposeInt("user_id", { nullable: true }),
    created_at: t.exposeString("created_at"),
    entity_id: t.exposeInt("entity_id", { nullable: true }),
    entity_type: t.exposeString("entity_type"),
    namespace: t.exposeString("namespace"),
    value_new: t.exposeString("value_new", { nullable: true }),
    value_old: t.exposeString("value_old", { nullable: true }),
    field: t.exposeString("field", { nullable: true }),
    action: t.exposeString("action"),
    meta: t.exposeString("meta", { nullable: true }),
    entity_display_name: t.exposeString("entity_display_name", { nullable: true }),
    user: t.field({ type: AuditUser, nullable: true, resolve: (e) => e.user }),
    system: t.field({ type: AuditSystem, nullable: true, resolve: (e) => e.system }),
    changes: t.field({ type: [AuditChange], resolve: (e) => e.changes }),
  }),
});

const AuditLogFilterInput = builder.inputType("AuditLogFilter", {
  fields: (t) => ({
    limit: t.int(),
    offset: t.int(),
    ignore_fields: t.stringList(),
    start_time: t.string(),
    entity_type: t.string(),
    entity_id: t.int(),
  }),
});

builder.queryField("auditLogs", (t) =>
  t.field({
    type: [AuditLogEntry],
    args: { input: t.arg({ type: AuditLogFilterInput, required: true }) },
    authScopes: { permission: "admin::see_auditlog" },
    resolve: (_root, args, ctx) => auditLogs(ctx, args.input),
  }),
);

builder.queryField("auditLogsSinceLastCommit", (t) =>
  t.field({
    type: [AuditLogEntry],
    args: { input: t.arg({ type: AuditLogFilterInput }) },
    authScopes: { permission: "admin::see_auditlog" },
    resolve: (_root, args, ctx) => auditLogsSinceLastCommit(ctx, args.input ?? {}),
  }),
);
