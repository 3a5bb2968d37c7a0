import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { hashPassword } from "../modules/auth/password.ts";

/** Creates a user (and a role holding the given permissions) directly in the database. */
export async function buildUser(
  db: Kysely<Database>,
  overrides: {
    username?: string;
    password?: string;
    permissions?: string[];
    is_superuser?: boolean;
    password_is_temporary?: boolean;
    locale?: string;
    system_access?: number[];
  } = {},
): Promise<{ id: number; username: string; password: string }> {
  const username = overrides.username ?? `user${Math.random().toString(36).slice(2, 8)}`;
  const password = overrides.password ?? "correct horse battery";
  const now = Date.now();
  const user = await db
    .insertInto("users")
    .values({
      username,
      name: username,
      password_hash: await hashPassword(password, 12),
      password_is_temporary: overrides.password_is_temporary ? 1 : 0,
      locale: overrides.locale ?? "de",
      homepage: null,
      is_superuser: overrides.is_superuser ? 1 : 0,
      is_ldap: 0,
      emails: "[]",
      system_access: JSON.stringify(overrides.system_access ?? []),
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (overrides.permissions?.length) {
    const role = await db
      .insertInto("roles")
      .values({ name: `role-${username}`, sort_order: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("role_permissions")
      .values(overrides.permissions.map((code) => ({ role_id: role.id, code, level: "write" })))
      .execute();
    await db.insertInto("user_roles").values({ user_id: user.id, role_id: role.id }).execute();
  }
  return { id: user.id, username, password };
}

/** Adds a system (configurator) row. */
export async function buildSystem(db: Kysely<Database>, id: number, name = `System ${id}`): Promise<void> {
  const now = Date.now();
  await db.insertInto("systems").values({ id, name, ip: "127.0.0.1", username: "admin", password: "secret", created_at: now, updated_at: now }).execute();
}
