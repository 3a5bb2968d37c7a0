import { builder } from "../../graphql/builder.ts";
import { createRole, deleteRoles, listRoles, sortRoles, updateRole, type RoleView } from "./roles.service.ts";

const RolePermission = builder.objectRef<RoleView["permissions"][number]>("RolePermission").implement({
  fields: (t) => ({ code: t.exposeString("code"), level: t.exposeString("level") }),
});
const RoleGroupPermission = builder.objectRef<RoleView["call_source_group_permissions"][number]>("RoleCallSourceGroupPermission").implement({
  fields: (t) => ({ callsource_group_id: t.exposeInt("callsource_group_id"), permission_level: t.exposeString("permission_level") }),
});

export const RoleType = builder.objectRef<RoleView>("Role").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    sort_order: t.exposeInt("sort_order"),
    permissions: t.field({ type: [RolePermission], resolve: (r) => r.permissions }),
    call_source_group_permissions: t.field({ type: [RoleGroupPermission], resolve: (r) => r.call_source_group_permissions }),
    user_count: t.exposeInt("user_count"),
    can_edit: t.exposeBoolean("can_edit"),
  }),
});

const RolePermissionInput = builder.inputType("RolePermissionInput", {
  fields: (t) => ({ code: t.string({ required: true }), level: t.string({ required: true }) }),
});
const RoleGroupPermissionInput = builder.inputType("RoleCallSourceGroupPermissionInput", {
  fields: (t) => ({ callsource_group_id: t.int({ required: true }), permission_level: t.string({ required: true }) }),
});
const RoleInput = builder.inputType("RoleInput", {
  fields: (t) => ({
    name: t.string(),
    permissions: t.field({ type: [RolePermissionInput] }),
    call_source_group_permissions: t.field({ type: [RoleGroupPermissionInput] }),
  }),
});

const DeletedRole = builder.objectRef<{ id: number; name: string }>("DeletedRole").implement({
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name") }),
});

const clean = (data: Record<string, unknown>) => Object.fromEntries(Object.entries(data).filter(([, v]) => v !== null && v !== undefined));

builder.queryField("roles", (t) =>
  t.field({
    type: [RoleType],
    description: "All roles, best rank first; the user form needs them to assign roles.",
    // Role managers, and user managers who assign roles in the user form.
    // Through the builder's scopes, so a temporary-password user is refused like everywhere else.
    authScopes: { $any: { permission: "admin::manage_roles", $all: { permission: "admin::manage_users" } } },
    resolve: (_root, _args, ctx) => listRoles(ctx),
  }),
);

builder.mutationField("createRole", (t) =>
  t.field({
    type: RoleType,
    args: { data: t.arg({ type: RoleInput, required: true }) },
    authScopes: { writePermission: "admin::manage_roles" },
    resolve: (_root, args, ctx) => createRole(ctx, clean(args.data)),
  }),
);

builder.mutationField("updateRole", (t) =>
  t.field({
    type: RoleType,
    args: { id: t.arg.int({ required: true }), data: t.arg({ type: RoleInput, required: true }) },
    authScopes: { writePermission: "admin::manage_roles" },
    resolve: (_root, args, ctx) => updateRole(ctx, args.id, clean(args.data)),
  }),
);

builder.mutationField("deleteRole", (t) =>
  t.field({
    type: [DeletedRole],
    args: { ids: t.arg.intList({ required: true }) },
    authScopes: { writePermission: "admin::manage_roles" },
    resolve: (_root, args, ctx) => deleteRoles(ctx, args.ids),
  }),
);

builder.mutationField("sortRoles", (t) =>
  t.boolean({
    args: { ids: t.arg.intList({ required: true }) },
    authScopes: { superuser: true },
    resolve: (_root, args, ctx) => sortRoles(ctx, args.ids),
  }),
);
