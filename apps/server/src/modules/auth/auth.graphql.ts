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
    description: "Sets the signed-in user's password; current_password is needed unless the password is temporary.",
    args: {
      password: t.arg.string({ required: true }),
      password_repeat: t.arg.string({ required: true }),
      current_password: t.arg.string(),
    },
    // Also for a temporary password: it is the one thing such a session may do.
    authScopes: { signedIn: true },
    resolve: (_root, args, ctx) =>
      setOwnPassword(ctx, {
        password: args.password,
        password_repeat: args.password_repeat,
        ...(args.current_password === null || args.current_password === undefined ? {} : { current_password: args.current_password }),
      }),
  }),
);
