import { builder } from "../../graphql/builder.ts";
import { ldapRoleChoices, ldapSettings, testLdapConnection, updateLdapSettings, type LdapSettingsView } from "./ldap.service.ts";

/**
 * LDAP sign-in settings (spec data §3.8 "LDAP"; route /admin/ldap: "admin::manage_system and
 * management licence"). The admin password never leaves the server (has_admin_password).
 */
const READ = { $all: { permission: "admin::manage_system", licence: "management" } } as const;
const WRITE = { $all: { writePermission: "admin::manage_system", licence: "management" } } as const;

const LdapRoleMapping = builder.objectRef<{ group_dn: string; role_id: number }>("LdapRoleMapping").implement({
  description: "A directory group (DN) and the role its members get.",
  fields: (t) => ({
    group_dn: t.exposeString("group_dn"),
    role_id: t.exposeInt("role_id"),
  }),
});

const LdapRoleChoice = builder.objectRef<{ id: number; name: string }>("LdapRoleChoice").implement({
  description: "A role the mapping may name (the screen's choices; the roles query is for role and user managers).",
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
  }),
});

const LdapSettingsType = builder.objectRef<LdapSettingsView>("LdapSettings").implement({
  description: "LDAP sign-in. The admin password never leaves the server: has_admin_password tells whether one is stored.",
  fields: (t) => ({
    enabled: t.exposeBoolean("enabled"),
    dsn: t.exposeString("dsn", { description: "ldap://host:port or ldaps://host:port" }),
    starttls: t.exposeBoolean("starttls", { description: "Upgrade an ldap:// connection with StartTLS (required when on)." }),
    base_dn: t.exposeString("base_dn"),
    admin_user: t.exposeString("admin_user", { description: "The DN the server binds as to search users; empty: anonymous." }),
    has_admin_password: t.exposeBoolean("has_admin_password"),
    user_filter: t.exposeString("user_filter", { description: "Search filter with {username}, e.g. (uid={username}); the name is escaped (RFC 4515)." }),
    roles_attribute: t.exposeString("roles_attribute", { description: "The user attribute listing group DNs, e.g. memberOf." }),
    mapping: t.field({ type: [LdapRoleMapping], resolve: (s) => s.mapping }),
    role_choices: t.field({ type: [LdapRoleChoice], resolve: (_s, _args, ctx) => ldapRoleChoices(ctx) }),
  }),
});

const LdapRoleMappingInput = builder.inputType("LdapRoleMappingInput", {
  fields: (t) => ({
    group_dn: t.string({ required: true }),
    role_id: t.int({ required: true }),
  }),
});

const LdapSettingsInput = builder.inputType("LdapSettingsInput", {
  fields: (t) => ({
    enabled: t.boolean(),
    dsn: t.string(),
    starttls: t.boolean(),
    base_dn: t.string(),
    admin_user: t.string(),
    admin_password: t.string({ description: "Empty keeps the stored password (to be typed again when the dsn changes)." }),
    user_filter: t.string(),
    roles_attribute: t.string(),
    mapping: t.field({ type: [LdapRoleMappingInput] }),
  }),
});

const LdapTestResult = builder.objectRef<{ ok: boolean; failure: string | null }>("LdapTestResult").implement({
  fields: (t) => ({
    ok: t.exposeBoolean("ok"),
    failure: t.exposeString("failure", { nullable: true, description: "not_configured, unreachable, tls, admin_bind, base_dn or unknown" }),
  }),
});

builder.queryField("ldapSettings", (t) => t.field({ type: LdapSettingsType, authScopes: READ, resolve: (_root, _args, ctx) => ldapSettings(ctx) }));

builder.mutationField("updateLdapSettings", (t) =>
  t.field({
    type: LdapSettingsType,
    args: { data: t.arg({ type: LdapSettingsInput, required: true }) },
    authScopes: WRITE,
    resolve: (_root, args, ctx) => updateLdapSettings(ctx, args.data),
  }),
);

builder.mutationField("testLdapConnection", (t) =>
  t.field({
    type: LdapTestResult,
    description: "Connects with the given settings (not saved), binds as the admin and reads the base DN; a failure answers its class only.",
    args: { data: t.arg({ type: LdapSettingsInput, required: true }) },
    authScopes: WRITE,
    resolve: (_root, args, ctx) => testLdapConnection(ctx, args.data),
  }),
);
