import { builder } from "../../graphql/builder.ts";
import { DeletedRef } from "../entities/entities.graphql.ts";
import {
  createSystemView,
  createTreeView,
  deleteSystemViews,
  deleteTreeViews,
  systemViews,
  treeViews,
  updateSystemView,
  updateTreeView,
  type SystemViewView,
  type TreeViewView,
} from "./views.service.ts";

/**
 * spec data §3.6 "Tree view: name, is_enabled, roles restriction. System view: is_enabled,
 * is_system_view, sort_order, apply_permissions, filters (key, value), role_permissions, can_edit."
 */

const ViewFilter = builder.objectRef<SystemViewView["filters"][number]>("SystemViewFilter").implement({
  fields: (t) => ({ key: t.exposeString("key"), value: t.exposeString("value") }),
});
const ViewRolePermission = builder.objectRef<SystemViewView["role_permissions"][number]>("SystemViewRolePermission").implement({
  fields: (t) => ({ role_id: t.exposeInt("role_id"), level: t.exposeString("level", { nullable: true }) }),
});

const SystemViewType = builder.objectRef<SystemViewView>("SystemView").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    view_key: t.exposeString("view_key", { description: "What the view shows: tree, devices, groups or connections." }),
    is_enabled: t.exposeBoolean("is_enabled"),
    is_system_view: t.exposeBoolean("is_system_view"),
    sort_order: t.exposeInt("sort_order"),
    apply_permissions: t.exposeBoolean("apply_permissions"),
    filters: t.field({ type: [ViewFilter], resolve: (view) => view.filters }),
    role_permissions: t.field({ type: [ViewRolePermission], resolve: (view) => view.role_permissions }),
    can_edit: t.exposeBoolean("can_edit"),
  }),
});

const TreeViewType = builder.objectRef<TreeViewView>("TreeView").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    is_enabled: t.exposeBoolean("is_enabled"),
    role_ids: t.exposeIntList("role_ids", { description: "The roles restriction: the roles that see the view; empty for everyone." }),
  }),
});

const ViewFilterInput = builder.inputType("SystemViewFilterInput", {
  fields: (t) => ({ key: t.string({ required: true }), value: t.string({ required: true }) }),
});
const ViewRolePermissionInput = builder.inputType("SystemViewRolePermissionInput", {
  fields: (t) => ({ role_id: t.int({ required: true }), level: t.string() }),
});
const SystemViewInput = builder.inputType("SystemViewInput", {
  description: "Every field optional on update; name and view_key required on create.",
  fields: (t) => ({
    name: t.string(),
    view_key: t.string(),
    is_enabled: t.boolean(),
    sort_order: t.int(),
    apply_permissions: t.boolean(),
    filters: t.field({ type: [ViewFilterInput] }),
    role_permissions: t.field({ type: [ViewRolePermissionInput] }),
  }),
});
const TreeViewInput = builder.inputType("TreeViewInput", {
  description: "Every field optional on update; name required on create.",
  fields: (t) => ({ name: t.string(), is_enabled: t.boolean(), role_ids: t.intList() }),
});

const READ = { $all: { permission: "systemtree::use_module", licence: "management" } } as const;
const WRITE = { $all: { writePermission: "systemtree::manage_views", licence: "management" } } as const;

builder.queryField("systemViews", (t) =>
  t.field({
    type: [SystemViewType],
    description: 'spec §4 "System views": the enabled views the user sees, by sort_order; a system starts with Baum, Geräte, Gruppen and Verbindungen.',
    authScopes: READ,
    resolve: (_root, _args, ctx) => systemViews(ctx),
  }),
);

builder.queryField("treeViews", (t) =>
  t.field({
    type: [TreeViewType],
    description: "The enabled tree views whose roles restriction lets the user see them.",
    authScopes: READ,
    resolve: (_root, _args, ctx) => treeViews(ctx),
  }),
);

builder.mutationField("createSystemView", (t) =>
  t.field({
    type: SystemViewType,
    args: { data: t.arg({ type: SystemViewInput, required: true }) },
    authScopes: WRITE,
    resolve: (_root, args, ctx) => createSystemView(ctx, args.data),
  }),
);

builder.mutationField("updateSystemView", (t) =>
  t.field({
    type: SystemViewType,
    args: { id: t.arg.int({ required: true }), data: t.arg({ type: SystemViewInput, required: true }) },
    authScopes: WRITE,
    resolve: (_root, args, ctx) => updateSystemView(ctx, args.id, args.data),
  }),
);

builder.mutationField("deleteSystemView", (t) =>
  t.field({
    type: [DeletedRef],
    args: { ids: t.arg.intList({ required: true }) },
    authScopes: WRITE,
    resolve: (_root, args, ctx) => deleteSystemViews(ctx, args.ids),
  }),
);

builder.mutationField("createTreeView", (t) =>
  t.field({
    type: TreeViewType,
    args: { data: t.arg({ type: TreeViewInput, required: true }) },
    authScopes: WRITE,
    resolve: (_root, args, ctx) => createTreeView(ctx, args.data),
  }),
);

builder.mutationField("updateTreeView", (t) =>
  t.field({
    type: TreeViewType,
    args: { id: t.arg.int({ required: true }), data: t.arg({ type: TreeViewInput, required: true }) },
    authScopes: WRITE,
    resolve: (_root, args, ctx) => updateTreeView(ctx, args.id, args.data),
  }),
);

builder.mutationField("deleteTreeView", (t) =>
  t.field({
    type: [DeletedRef],
    args: { ids: t.arg.intList({ required: true }) },
    authScopes: WRITE,
    resolve: (_root, args, ctx) => deleteTreeViews(ctx, args.ids),
  }),
);
