import { builder } from "../../graphql/builder.ts";
import { createUser, deleteUsers, getUser, listUsers, updateUser, type UserView } from "./users.service.ts";

const UserRole = builder.objectRef<UserView["roles"][number]>("UserRole").implement({
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name"), sort_order: t.exposeInt("sort_order") }),
});

const UserType = builder.objectRef<UserView>("User").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    username: t.exposeString("username"),
    name: t.exposeString("name"),
    emails: t.exposeStringList("emails"),
    /** spec: "email (several, comma-separated)" — the form's text. */
    email: t.string({ resolve: (u) => u.emails.join(", ") }),
    locale: t.exposeString("locale", { nullable: true }),
    homepage: t.exposeString("homepage", { nullable: true }),
    is_superuser: t.exposeBoolean("is_superuser"),
    is_ldap: t.exposeBoolean("is_ldap"),
    password_is_temporary: t.exposeBoolean("password_is_temporary"),
    notify_email: t.exposeBoolean("notify_email"),
    notify_push: t.exposeBoolean("notify_push"),
    system_access: t.exposeIntList("system_access"),
    roles: t.field({ type: [UserRole], resolve: (u) => u.roles }),
    can_edit: t.exposeBoolean("can_edit"),
  }),
});

const UserPage = builder.objectRef<{ items: UserView[]; total: number }>("UserPage").implement({
  fields: (t) => ({ items: t.field({ type: [UserType], resolve: (p) => p.items }), total: t.exposeInt("total") }),
});

const UserInput = builder.inputType("UserInput", {
  fields: (t) => ({
    username: t.string(),
    name: t.string(),
    password: t.string(),
    password_repeat: t.string(),
    password_is_temporary: t.boolean(),
    email: t.string(),
    locale: t.string(),
    homepage: t.string(),
    is_superuser: t.boolean(),
    roles: t.intList(),
    system_access: t.intList(),
    notify_email: t.boolean(),
    notify_push: t.boolean(),
  }),
});

const UserFilter = builder.inputType("UserFilter", {
  fields: (t) => ({ search: t.string(), offset: t.int(), limit: t.int() }),
});

const DeletedUser = builder.objectRef<{ id: number; name: string }>("DeletedUser").implement({
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name") }),
});

const clean = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).filter(([key, v]) => v !== undefined && (v !== null || key === "locale")));
const scopes = { permission: "admin::manage_users" } as const;
const writeScopes = { writePermission: "admin::manage_users" } as const;

builder.queryField("users", (t) =>
  t.field({ type: UserPage, args: { filter: t.arg({ type: UserFilter }) }, authScopes: scopes, resolve: (_r, args, ctx) => listUsers(ctx, args.filter ?? {}) }),
);
builder.queryField("user", (t) =>
  t.field({ type: UserType, args: { id: t.arg.int({ required: true }) }, authScopes: scopes, resolve: (_r, args, ctx) => getUser(ctx, args.id) }),
);
builder.mutationField("createUser", (t) =>
  t.field({
    type: UserType,
    args: { data: t.arg({ type: UserInput, required: true }) },
    authScopes: writeScopes,
    resolve: (_r, args, ctx) => createUser(ctx, clean(args.data)),
  }),
);
builder.mutationField("updateUser", (t) =>
  t.field({
    type: UserType,
    args: { id: t.arg.int({ required: true }), data: t.arg({ type: UserInput, required: true }) },
    authScopes: writeScopes,
    resolve: (_r, args, ctx) => updateUser(ctx, args.id, clean(args.data)),
  }),
);
builder.mutationField("deleteUser", (t) =>
  t.field({
    type: [DeletedUser],
    args: { ids: t.arg.intList({ required: true }) },
    authScopes: writeScopes,
    resolve: (_r, args, ctx) => deleteUsers(ctx, args.ids),
  }),
);
