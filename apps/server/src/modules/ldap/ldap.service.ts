import {
  controllerAddressChanged,
  fieldErrors,
  ldapSettingsSchema,
  PASSWORD_REENTRY_MESSAGE,
  roleGrantsBeyond,
  seesAllSystems,
  VALIDATION_KEYS,
  type LdapTestFailure,
} from "@caresuite/domain";
import type { Kysely } from "kysely";
import type { RequestContext } from "../../context.ts";
import type { Database } from "../../db/schema.ts";
import { AppError, type FieldErrors } from "../../errors/app-error.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { ldapAuthenticate, ldapTestConnection, type LdapOptions } from "./ldap-client.ts";
import { readLdapSettings, writeLdapSettings, type StoredLdapSettings } from "./ldap.repo.ts";

/**
 * LDAP sign-in settings of /admin/ldap (spec data §3.8 "LDAP"; docs/decisions/040-ldap-sign-in.md).
 * The admin password never leaves the server: the view says only whether one is stored; an empty
 * one keeps it, and a changed address needs it typed again (ARCHITECTURE «Security rules»).
 */
export interface LdapSettingsView {
  enabled: boolean;
  dsn: string;
  starttls: boolean;
  base_dn: string;
  admin_user: string;
  has_admin_password: boolean;
  user_filter: string;
  roles_attribute: string;
  mapping: { group_dn: string; role_id: number }[];
}

const toView = (s: StoredLdapSettings): LdapSettingsView => ({
  enabled: s.enabled,
  dsn: s.dsn,
  starttls: s.starttls,
  base_dn: s.base_dn,
  admin_user: s.admin_user,
  has_admin_password: s.admin_password !== "",
  user_filter: s.user_filter,
  roles_attribute: s.roles_attribute,
  mapping: s.mapping.map((m) => ({ ...m })),
});

export const ldapOptions = (ctx: Pick<RequestContext, "config">): LdapOptions => ({ caFile: ctx.config.LDAP_CA_FILE });

export async function ldapSettings(ctx: RequestContext): Promise<LdapSettingsView> {
  return toView(await readLdapSettings(ctx.db.kysely));
}

/** Every role by rank, for the mapping's role choices. */
export async function ldapRoleChoices(ctx: RequestContext): Promise<{ id: number; name: string }[]> {
  return ctx.db.kysely.selectFrom("roles").select(["id", "name"]).orderBy("sort_order").orderBy("id").execute();
}

const invalid = (fields: FieldErrors): AppError => new AppError("VALIDATION", "Validation failed", { fields });

/** The password the input stands for: typed, or the stored one when the address is unchanged. */
function resolvePassword(before: StoredLdapSettings, input: { dsn: string; admin_password: string }): string {
  if (input.admin_password !== "") return input.admin_password;
  if (before.admin_password !== "" && controllerAddressChanged({ ip: before.dsn, tcp_port: 0 }, { ip: input.dsn, tcp_port: 0 })) {
    throw invalid({ admin_password: [{ message: PASSWORD_REENTRY_MESSAGE, data: { field: "admin_password" } }] });
  }
  return before.admin_password;
}

/** Roles named by the mapping exist, and give nothing beyond the actor (ARCHITECTURE «Security rules»). */
async function checkMapping(ctx: RequestContext, mapping: readonly { role_id: number }[]): Promise<void> {
  const db = ctx.db.kysely;
  const ids = [...new Set(mapping.map((m) => m.role_id))];
  const roles = ids.length ? await db.selectFrom("roles").select("id").where("id", "in", ids).execute() : [];
  const known = new Set(roles.map((r) => r.id));
  const errors: FieldErrors = {};
  const grants = ids.length ? await db.selectFrom("role_permissions").select(["role_id", "code", "level"]).where("role_id", "in", ids).execute() : [];
  mapping.forEach((m, index) => {
    const field = `mapping.${index}.role_id`;
    if (!known.has(m.role_id)) {
      errors[field] = [{ message: VALIDATION_KEYS.invalid, data: { field } }];
      return;
    }
    const beyond = roleGrantsBeyond(
      ctx.user,
      grants.filter((g) => g.role_id === m.role_id),
    );
    if (beyond.length) errors[field] = [{ message: VALIDATION_KEYS.exceeds_own_permissions, data: { field, value: beyond.join(", ") } }];
    // Directory users see every system: only an actor who does may hand that out.
    else if (!seesAllSystems(ctx.user)) errors[field] = [{ message: VALIDATION_KEYS.exceeds_own_systems, data: { field, value: "" } }];
  });
  if (Object.keys(errors).length) throw invalid(errors);
}

export async function updateLdapSettings(ctx: RequestContext, data: unknown): Promise<LdapSettingsView> {
  const parsed = ldapSettingsSchema.safeParse(data);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  const input = parsed.data;
  await checkMapping(ctx, input.mapping);
  const now = ctx.now();
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const before = await readLdapSettings(trx);
    const next: StoredLdapSettings = { ...input, admin_password: resolvePassword(before, input) };
    await writeLdapSettings(trx, next, now);
    const changes: { field: string; value_old: unknown; value_new: unknown }[] = (
      ["enabled", "dsn", "starttls", "base_dn", "admin_user", "user_filter", "roles_attribute"] as const
    )
      .filter((field) => before[field] !== next[field])
      .map((field) => ({ field, value_old: before[field], value_new: next[field] }));
    if (JSON.stringify(before.mapping) !== JSON.stringify(next.mapping)) changes.push({ field: "mapping", value_old: before.mapping, value_new: next.mapping });
    // The secret shows as "***", and only when one was typed.
    if (input.admin_password !== "") changes.push({ field: "admin_password", value_old: before.admin_password ? "***" : null, value_new: "***" });
    if (changes.length > 0) {
      await writeAudit(trx, { systemId: null, userId: ctx.user.id, now, entityType: "ldapSettings", entityId: null, action: "updated", changes });
    }
    return toView(next);
  });
}

/**
 * The connection test with the form's values (not saved): an empty password uses the stored one,
 * only for the address it was saved with. Audited, as it sends a stored secret.
 */
export async function testLdapConnection(ctx: RequestContext, data: unknown): Promise<{ ok: boolean; failure: LdapTestFailure | null }> {
  const parsed = ldapSettingsSchema.safeParse(data);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  const input = parsed.data;
  if (input.dsn === "" || input.base_dn === "") return { ok: false, failure: "not_configured" };
  const before = await readLdapSettings(ctx.db.kysely);
  const settings = { ...input, admin_password: resolvePassword(before, input) };
  const failure = await ldapTestConnection(settings, ldapOptions(ctx));
  await writeAudit(ctx.db.kysely, {
    systemId: null,
    userId: ctx.user.id,
    now: ctx.now(),
    entityType: "ldapSettings",
    entityId: null,
    action: "tested",
    meta: { dsn: input.dsn, result: failure ?? "ok" },
  });
  return { ok: failure === null, failure };
}

export type LdapSignIn =
  | { kind: "disabled" }
  | {
      kind: "error";
      code: "ldap_unknown_user" | "ldap_wrong_password" | "ldap_server_unreachable" | "ldap_too_many_users" | "ldap_no_matching_role" | "general";
    }
  | { kind: "ok"; name: string; emails: string[]; roles: number[] };

/** Asks the directory (when LDAP is on) whether the name and password sign in, and with which roles. */
export async function ldapSignIn(db: Kysely<Database>, options: LdapOptions, username: string, password: string): Promise<LdapSignIn> {
  const settings = await readLdapSettings(db);
  if (!settings.enabled) return { kind: "disabled" };
  const result = await ldapAuthenticate(settings, username, password, options);
  if (!result.ok) return { kind: "error", code: result.code === "ldap_configuration" ? "general" : result.code };
  return { kind: "ok", name: result.name, emails: result.emails, roles: result.roles };
}

/**
 * Creates or updates the local account of a directory user (is_ldap, no local password) with the
 * roles its groups give now: roles of groups left are removed (spec §10 "LDAP users get roles by
 * group mapping"). Inside the sign-in's transaction; audited.
 */
export async function syncLdapUser(
  trx: Kysely<Database>,
  existingId: number | null,
  username: string,
  found: { name: string; emails: string[]; roles: number[] },
  now: number,
): Promise<number> {
  let id: number;
  if (existingId === null) {
    const inserted = await trx
      .insertInto("users")
      .values({
        username,
        name: found.name,
        // No local password: the directory checks it; "" matches no scrypt hash.
        password_hash: "",
        password_is_temporary: 0,
        locale: null,
        homepage: null,
        is_superuser: 0,
        is_ldap: 1,
        emails: JSON.stringify(found.emails),
        system_access: "[]",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    id = inserted.id;
    await writeAudit(trx, {
      systemId: null,
      userId: id,
      now,
      entityType: "user",
      entityId: id,
      entityDisplayName: username,
      action: "created",
      meta: { source: "ldap" },
      changes: [{ field: "roles", value_old: null, value_new: found.roles }],
    });
  } else {
    id = existingId;
    await trx
      .updateTable("users")
      .set({ name: found.name, emails: JSON.stringify(found.emails), password_hash: "", updated_at: now })
      .where("id", "=", id)
      .execute();
  }
  const before = (await trx.selectFrom("user_roles").select("role_id").where("user_id", "=", id).execute()).map((r) => r.role_id).sort((a, b) => a - b);
  const after = [...found.roles].sort((a, b) => a - b);
  if (JSON.stringify(before) !== JSON.stringify(after)) {
    await trx.deleteFrom("user_roles").where("user_id", "=", id).execute();
    await trx
      .insertInto("user_roles")
      .values(after.map((role_id) => ({ user_id: id, role_id })))
      .execute();
    if (existingId !== null) {
      await writeAudit(trx, {
        systemId: null,
        userId: id,
        now,
        entityType: "user",
        entityId: id,
        entityDisplayName: username,
        action: "updated",
        meta: { source: "ldap" },
        changes: [{ field: "roles", value_old: before, value_new: after }],
      });
    }
  }
  return id;
}
