import type { AuthUser } from "@caresuite/domain";
import { builder } from "../../graphql/builder.ts";
import { setOwnPassword } from "./auth.service.ts";

const RoleRefType = builder.objectRef<{ id: number; name: string }>("RoleRef").implement({
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name") }),
});

export const AuthUserType = builder.objectRef<AuthUser>("AuthUser").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    username: t.exposeString("username"),
    locale: t.exposeString("locale", { nullable: true }),
    homepage: t.exposeString("homepage", { nullable: true }),
    is_superuser: t.exposeBoolean("is_superuser"),
    is_ldap: t.exposeBoolean("is_ldap"),
    password_is_temporary: t.exposeBoolean("password_is_temporary"),
    system_access: t.exposeIntList("system_access"),
    emails: t.exposeStringList("emails"),
    permissions: t.exposeStringList("permissions"),
    /** Codes held at write: the changes the user may make (docs/decisions/009). */
    write_permissions: t.exposeStringList("write_permissions"),
    roles: t.field({ type: [RoleRefType], resolve: (u) => u.roles }),
  }),
});

builder.queryField("authUser", (t) =>
  t.field({
    type: AuthUserType,
    description: "The signed-in user, or the anonymous user (id 0).",
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => ctx.user,
  }),
);

const UserIdType = builder.objectRef<{ id: number }>("UserId").implement({
  fields: (t) => ({ id: t.exposeInt("id") }),
});

builder.mutationField("userSetPassword", (t) =>
  t.field({
    type: UserIdType,
    args: { password: t.arg.string({ required: true }), password_repeat: t.arg.string({ required: true }) },
    authScopes: { loggedIn: true },
    resolve: (_root, args, ctx) => setOwnPassword(ctx, args),
  }),
);
