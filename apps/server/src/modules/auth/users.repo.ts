import { permissionListsOf, type AuthUser } from "@caresuite/domain";
import { sql, type Kysely, type Selectable } from "kysely";
import type { Database, UsersTable } from "../../db/schema.ts";

export type UserRow = Selectable<UsersTable>;

export async function findUserByUsername(db: Kysely<Database>, username: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("username", "=", username).executeTakeFirst();
}

/** The user whose name equals `username` ignoring case (usernames are unique that way). */
export async function findUserByUsernameIgnoringCase(db: Kysely<Database>, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where(sql`lower(username)`, "=", username.toLowerCase())
    .executeTakeFirst();
}

export async function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user as the client sees it (spec data §3.3 "Current user"), permissions resolved from roles. */
export async function loadAuthUser(db: Kysely<Database>, user: UserRow): Promise<AuthUser> {
  const roles = await db
    .selectFrom("user_roles")
    .innerJoin("roles", "roles.id", "user_roles.role_id")
    .select(["roles.id", "roles.name"])
    .where("user_roles.user_id", "=", user.id)
    .orderBy("roles.sort_order")
    .execute();
  const grants =
    roles.length === 0
      ? []
      : await db
          .selectFrom("role_permissions")
          .select(["code", "level"])
          .where(
            "role_id",
            "in",
            roles.map((r) => r.id),
          )
          .execute();
  // spec: "Levels are hide, read, write": read shows, write also changes (docs/decisions/009).
  const { permissions, write_permissions } = permissionListsOf(grants);
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    locale: user.locale,
    homepage: user.homepage,
    is_superuser: user.is_superuser === 1,
    is_ldap: user.is_ldap === 1,
    password_is_temporary: user.password_is_temporary === 1,
    system_access: JSON.parse(user.system_access) as number[],
    emails: JSON.parse(user.emails) as string[],
    permissions,
    write_permissions,
    roles,
  };
}
