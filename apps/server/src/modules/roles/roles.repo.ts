import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

export interface RoleRecord {
  id: number;
  name: string;
  sort_order: number;
  permissions: { code: string; level: string }[];
  call_source_group_permissions: { callsource_group_id: number; permission_level: string }[];
  user_count: number;
}

/** All roles with their permissions, best rank (lowest sort_order) first. */
export async function loadRoles(db: Kysely<Database>, systemId: number, ids?: number[]): Promise<RoleRecord[]> {
  let query = db.selectFrom("roles").selectAll().orderBy("sort_order").orderBy("id");
  if (ids) query = query.where("id", "in", ids.length ? ids : [-1]);
  const roles = await query.execute();
  const roleIds = roles.map((r) => r.id);
  if (roleIds.length === 0) return [];
  const [permissions, groups, users] = await Promise.all([
    db.selectFrom("role_permissions").selectAll().where("role_id", "in", roleIds).orderBy("code").execute(),
    db.selectFrom("role_callsource_group_permissions").selectAll().where("role_id", "in", roleIds).where("system_id", "=", systemId).execute(),
    db
      .selectFrom("user_roles")
      .select(["role_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("role_id", "in", roleIds)
      .groupBy("role_id")
      .execute(),
  ]);
  return roles.map((role) => ({
    id: role.id,
    name: role.name,
    sort_order: role.sort_order,
    permissions: permissions.filter((p) => p.role_id === role.id).map((p) => ({ code: p.code, level: p.level })),
    call_source_group_permissions: groups
      .filter((g) => g.role_id === role.id)
      .map((g) => ({ callsource_group_id: g.callsource_group_id, permission_level: g.permission_level })),
    user_count: Number(users.find((u) => u.role_id === role.id)?.n ?? 0),
  }));
}

/** Sort orders of a user's roles (their rank in the role hierarchy). */
export async function roleOrdersOfUser(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("user_roles")
    .innerJoin("roles", "roles.id", "user_roles.role_id")
    .select("roles.sort_order")
    .where("user_roles.user_id", "=", userId)
    .execute();
  return rows.map((r) => r.sort_order);
}

/** Replaces a role's permissions and call-source-group access (of the current system). */
export async function writeRoleGrants(
  db: Kysely<Database>,
  roleId: number,
  systemId: number,
  permissions: { code: string; level: string }[],
  groups: { callsource_group_id: number; permission_level: string }[],
): Promise<void> {
  await db.deleteFrom("role_permissions").where("role_id", "=", roleId).execute();
  if (permissions.length) {
    await db
      .insertInto("role_permissions")
      .values(permissions.map((p) => ({ role_id: roleId, code: p.code, level: p.level })))
      .execute();
  }
  await db.deleteFrom("role_callsource_group_permissions").where("role_id", "=", roleId).where("system_id", "=", systemId).execute();
  if (groups.length) {
    await db
      .insertInto("role_callsource_group_permissions")
      .values(groups.map((g) => ({ role_id: roleId, system_id: systemId, callsource_group_id: g.callsource_group_id, permission_level: g.permission_level })))
      .execute();
  }
}

/** The permission and call-source-group grants of roles (every system): what holding them gives. */
export async function grantsOfRoles(
  db: Kysely<Database>,
  roleIds: readonly number[],
): Promise<{
  permissions: { role_id: number; code: string; level: string }[];
  groups: { role_id: number; system_id: number; callsource_group_id: number; permission_level: string }[];
}> {
  if (roleIds.length === 0) return { permissions: [], groups: [] };
  const ids = [...new Set(roleIds)];
  const [permissions, groups] = await Promise.all([
    db.selectFrom("role_permissions").select(["role_id", "code", "level"]).where("role_id", "in", ids).execute(),
    db
      .selectFrom("role_callsource_group_permissions")
      .select(["role_id", "system_id", "callsource_group_id", "permission_level"])
      .where("role_id", "in", ids)
      .execute(),
  ]);
  return { permissions, groups };
}

/** Role ids of a user. */
export async function roleIdsOfUser(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db.selectFrom("user_roles").select("role_id").where("user_id", "=", userId).execute();
  return rows.map((r) => r.role_id);
}
