import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { LdapConnection } from "./ldap-client.ts";

/** The stored LDAP settings (migration 0020), the admin password included: server-side only. */
export interface StoredLdapSettings extends LdapConnection {
  enabled: boolean;
  mapping: { group_dn: string; role_id: number }[];
}

export const EMPTY_LDAP_SETTINGS: StoredLdapSettings = {
  enabled: false,
  dsn: "",
  starttls: false,
  base_dn: "",
  admin_user: "",
  admin_password: "",
  user_filter: "(uid={username})",
  roles_attribute: "memberOf",
  mapping: [],
};

export async function readLdapSettings(db: Kysely<Database>): Promise<StoredLdapSettings> {
  const row = await db.selectFrom("ldap_settings").selectAll().where("id", "=", 1).executeTakeFirst();
  if (!row) return { ...EMPTY_LDAP_SETTINGS, mapping: [] };
  const mapping = await db.selectFrom("ldap_group_roles").select(["group_dn", "role_id"]).orderBy("sort_order").orderBy("id").execute();
  return {
    enabled: row.enabled === 1,
    dsn: row.dsn,
    starttls: row.starttls === 1,
    base_dn: row.base_dn,
    admin_user: row.admin_user,
    admin_password: row.admin_password,
    user_filter: row.user_filter,
    roles_attribute: row.roles_attribute,
    mapping,
  };
}

/** Replaces the settings row and the mapping (inside the caller's transaction). */
export async function writeLdapSettings(trx: Kysely<Database>, next: StoredLdapSettings, now: number): Promise<void> {
  const row = {
    enabled: next.enabled ? 1 : 0,
    dsn: next.dsn,
    starttls: next.starttls ? 1 : 0,
    base_dn: next.base_dn,
    admin_user: next.admin_user,
    admin_password: next.admin_password,
    user_filter: next.user_filter,
    roles_attribute: next.roles_attribute,
    updated_at: now,
  };
  await trx
    .insertInto("ldap_settings")
    .values({ id: 1, ...row })
    .onConflict((oc) => oc.column("id").doUpdateSet(row))
    .execute();
  await trx.deleteFrom("ldap_group_roles").execute();
  if (next.mapping.length > 0) {
    await trx
      .insertInto("ldap_group_roles")
      .values(next.mapping.map((m, index) => ({ group_dn: m.group_dn, role_id: m.role_id, sort_order: index })))
      .execute();
  }
}
