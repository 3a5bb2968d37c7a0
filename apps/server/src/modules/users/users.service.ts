import { LDAP_VALIDATION, VALIDATION_KEYS, canManageRole, fieldErrors, groupGrantsBeyond, userInputSchema, type UserInput } from "@caresuite/domain";
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { RequestContext } from "../../context.ts";
import { AppError, type FieldErrors } from "../../errors/app-error.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { hashPassword } from "../auth/password.ts";
import { deleteUserSessions } from "../auth/sessions.repo.ts";
import { canEditUser, grantActorOf, holdingsOf, holdingsOfUsers, userExcess, type GrantActor } from "../roles/grant-actor.ts";
import { grantsOfRoles } from "../roles/roles.repo.ts";

/** spec data §3.3 "User (admin)" as the API returns it (never the password). */
export interface UserView {
  id: number;
  username: string;
  name: string;
  emails: string[];
  locale: string | null;
  homepage: string | null;
  is_superuser: boolean;
  is_ldap: boolean;
  password_is_temporary: boolean;
  notify_email: boolean;
  notify_push: boolean;
  system_access: number[];
  roles: { id: number; name: string; sort_order: number }[];
  can_edit: boolean;
}

const forbidden = (): AppError => new AppError("MISSING_PERMISSION", "Access denied");
const invalid = (fields: FieldErrors): AppError => new AppError("VALIDATION", "Validation failed", { fields });

async function loadUsers(db: Kysely<Database>, actor: GrantActor, ids: number[] | null, filter: { search?: string; offset?: number; limit?: number } = {}) {
  let base = db.selectFrom("users");
  if (ids) base = base.where("id", "in", ids.length ? ids : [-1]);
  const search = (filter.search ?? "").trim().toLowerCase().slice(0, 100);
  if (search) {
    const pattern = `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([eb(sql`lower(username)`, "like", sql`${pattern} escape '\\'`), eb(sql`lower(name)`, "like", sql`${pattern} escape '\\'`)]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy("username")
      .offset(Math.max(filter.offset ?? 0, 0))
      .limit(Math.min(Math.max(filter.limit ?? 200, 1), 500))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const roleRows = rows.length
    ? await db
        .selectFrom("user_roles")
        .innerJoin("roles", "roles.id", "user_roles.role_id")
        .select(["user_roles.user_id", "roles.id", "roles.name", "roles.sort_order"])
        .where(
          "user_roles.user_id",
          "in",
          rows.map((r) => r.id),
        )
        .orderBy("roles.sort_order")
        .execute()
    : [];
  const rolesOf = (userId: number) => roleRows.filter((r) => r.user_id === userId).map((r) => ({ id: r.id, name: r.name, sort_order: r.sort_order }));
  const holdings = await holdingsOfUsers(
    db,
    rows.map((row) => ({
      id: row.id,
      is_superuser: row.is_superuser === 1,
      system_access: JSON.parse(row.system_access) as number[],
      roleIds: rolesOf(row.id).map((r) => r.id),
    })),
  );
  const items: UserView[] = rows.map((row) => {
    const roles = rolesOf(row.id);
    const held = holdings.get(row.id);
    return {
      id: row.id,
      username: row.username,
      name: row.name,
      emails: JSON.parse(row.emails) as string[],
      locale: row.locale,
      homepage: row.homepage,
      is_superuser: row.is_superuser === 1,
      is_ldap: row.is_ldap === 1,
      password_is_temporary: row.password_is_temporary === 1,
      notify_email: row.notify_email === 1,
      notify_push: row.notify_push === 1,
      system_access: JSON.parse(row.system_access) as number[],
      roles,
      can_edit: held !== undefined && canEditUser(actor, { ...held, roleOrders: roles.map((r) => r.sort_order) }),
    };
  });
  return { items, total: Number(count.n) };
}

export async function listUsers(ctx: RequestContext, filter: { search?: string | null; offset?: number | null; limit?: number | null }) {
  return loadUsers(ctx.db.kysely, await grantActorOf(ctx), null, {
    search: filter.search ?? undefined,
    offset: filter.offset ?? undefined,
    limit: filter.limit ?? 25,
  });
}

export async function getUser(ctx: RequestContext, id: number): Promise<UserView> {
  return loadUser(ctx.db.kysely, await grantActorOf(ctx), id);
}

async function loadUser(db: Kysely<Database>, actor: GrantActor, id: number): Promise<UserView> {
  const { items } = await loadUsers(db, actor, [id]);
  if (!items[0]) throw new AppError("NOT_FOUND", `user ${id} not found`);
  return items[0];
}

/**
 * Validation plus what needs the database and the actor. Refusals (docs/decisions/009): the
 * hierarchy (is_superuser, a role at or above one's own) is MISSING_PERMISSION; rights beyond
 * one's own in the roles or systems given are a VALIDATION error on that field.
 */
async function validate(ctx: RequestContext, actor: GrantActor, input: unknown, mode: "create" | "update", selfId: number | null): Promise<UserInput> {
  const parsed = userInputSchema(mode).safeParse(input);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  const data = parsed.data;
  const db = ctx.db.kysely;
  if (data.is_superuser && !actor.rank.is_superuser) throw forbidden();
  const roles = data.roles.length ? await db.selectFrom("roles").select(["id", "sort_order"]).where("id", "in", data.roles).execute() : [];
  if (roles.length !== new Set(data.roles).size) throw invalid({ roles: [{ message: "validation.invalid", data: { field: "roles" } }] });
  // spec §6: a role manages the users below it: only roles below one's own can be handed out.
  if (roles.some((r) => !canManageRole(actor.rank, r))) throw forbidden();
  const errors = exceeding(actor, holdingsOf(data, data.roles, await grantsOfRoles(db, data.roles)));
  let duplicate = db
    .selectFrom("users")
    .select("id")
    .where(sql`lower(username)`, "=", data.username.toLowerCase());
  if (selfId !== null) duplicate = duplicate.where("id", "!=", selfId);
  if (await duplicate.executeTakeFirst()) errors["username"] = [{ message: "validation.unique", data: { field: "username" } }];
  if (Object.keys(errors).length) throw invalid(errors);
  return data;
}

/** ARCHITECTURE «Security rules» "Granting is bounded by holding": what the user would hold beyond the actor, by field. */
function exceeding(actor: GrantActor, target: ReturnType<typeof holdingsOf>): FieldErrors {
  const { excess, groupSystems } = userExcess(actor, target);
  const groups = groupGrantsBeyond(actor.holdings, target.groups);
  const errors: FieldErrors = {};
  const roleExcess = [...excess.permissions, ...groups.map((g) => `#${g.callsource_group_id}:${g.permission_level}`), ...groupSystems.map((s) => `#${s}:Full`)];
  if (roleExcess.length) errors["roles"] = [{ message: VALIDATION_KEYS.exceeds_own_permissions, data: { field: "roles", value: roleExcess.join(", ") } }];
  if (excess.system_access === "all" || excess.system_access.length) {
    errors["system_access"] = [
      {
        message: VALIDATION_KEYS.exceeds_own_systems,
        data: { field: "system_access", value: excess.system_access === "all" ? "" : excess.system_access.join(", ") },
      },
    ];
  }
  return errors;
}

const emailsOf = (data: UserInput): string[] =>
  data.email
    ? data.email
        .split(",")
        .map((e) => e.trim())
        .filter(Boolean)
    : [];

function columns(data: UserInput) {
  return {
    username: data.username,
    name: data.name || data.username,
    password_is_temporary: data.password_is_temporary ? 1 : 0,
    locale: data.locale,
    homepage: data.homepage || null,
    is_superuser: data.is_superuser ? 1 : 0,
    emails: JSON.stringify(emailsOf(data)),
    system_access: JSON.stringify([...new Set(data.system_access)].sort((a, b) => a - b)),
    notify_email: data.notify_email ? 1 : 0,
    notify_push: data.notify_push ? 1 : 0,
  };
}

function diff(before: UserView | null, after: UserView, passwordChanged: boolean) {
  const view = (u: UserView | null) =>
    u && {
      username: u.username,
      name: u.name,
      emails: u.emails,
      locale: u.locale,
      homepage: u.homepage,
      is_superuser: u.is_superuser,
      password_is_temporary: u.password_is_temporary,
      notify_email: u.notify_email,
      notify_push: u.notify_push,
      system_access: u.system_access,
      roles: u.roles.map((r) => r.name),
    };
  const old = view(before);
  const now = view(after) as NonNullable<ReturnType<typeof view>>;
  const changes = (Object.keys(now) as (keyof typeof now)[])
    .filter((field) => JSON.stringify(old?.[field] ?? null) !== JSON.stringify(now[field]))
    .map((field) => ({ field, value_old: old?.[field] ?? null, value_new: now[field] }));
  const all: { field: string; value_old: unknown; value_new: unknown }[] = changes;
  // The password itself is never logged.
  if (passwordChanged) all.push({ field: "password", value_old: before ? "***" : null, value_new: "***" });
  return all;
}

export async function createUser(ctx: RequestContext, input: unknown): Promise<UserView> {
  const actor = await grantActorOf(ctx);
  const data = await validate(ctx, actor, input, "create", null);
  const hash = await hashPassword(data.password, ctx.config.SCRYPT_LOG_N);
  const now = ctx.now();
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("users")
      .values({ ...columns(data), password_hash: hash, is_ldap: 0, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (data.roles.length)
      await trx
        .insertInto("user_roles")
        .values(data.roles.map((role_id) => ({ user_id: row.id, role_id })))
        .execute();
    const created = await loadUser(trx, actor, row.id);
    await writeAudit(trx, {
      systemId: null,
      userId: ctx.user.id,
      now,
      entityType: "user",
      entityId: row.id,
      entityDisplayName: created.username,
      action: "created",
      changes: diff(null, created, true),
    });
    return created;
  });
}

/** The stored user as input: what a partial update keeps for the fields it leaves out. */
function storedInput(user: UserView): Record<string, unknown> {
  return {
    username: user.username,
    name: user.name,
    password_is_temporary: user.password_is_temporary,
    email: user.emails.join(", "),
    locale: user.locale,
    homepage: user.homepage ?? "",
    is_superuser: user.is_superuser,
    roles: user.roles.map((r) => r.id),
    system_access: user.system_access,
    notify_email: user.notify_email,
    notify_push: user.notify_push,
  };
}

export async function updateUser(ctx: RequestContext, id: number, input: unknown): Promise<UserView> {
  const actor = await grantActorOf(ctx);
  const before = await loadUser(ctx.db.kysely, actor, id);
  // one edits or resets only a user one could create.
  if (!before.can_edit) throw forbidden();
  // ARCHITECTURE «Security rules» "Partial updates never reset omitted fields".
  const merged = input !== null && typeof input === "object" && !Array.isArray(input) ? { ...storedInput(before), ...input } : input;
  const data = await validate(ctx, actor, merged, "update", id);
  // Directory users sign in with the directory's password only (docs/decisions/040-ldap-sign-in.md).
  if (before.is_ldap && data.password) throw invalid({ password: [{ message: LDAP_VALIDATION.no_local_password, data: { field: "password" } }] });
  const hash = data.password ? await hashPassword(data.password, ctx.config.SCRYPT_LOG_N) : null;
  const now = ctx.now();
  return ctx.db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ ...columns(data), ...(hash ? { password_hash: hash } : {}), updated_at: now })
      .where("id", "=", id)
      .execute();
    await trx.deleteFrom("user_roles").where("user_id", "=", id).execute();
    if (data.roles.length)
      await trx
        .insertInto("user_roles")
        .values(data.roles.map((role_id) => ({ user_id: id, role_id })))
        .execute();
    // A new password ends the user's sessions (ARCHITECTURE «Storage and session rules»: "revoked on ... password change").
    if (hash) await deleteUserSessions(trx, id, id === ctx.user.id ? (ctx.sessionHash ?? undefined) : undefined);
    const after = await loadUser(trx, actor, id);
    const changes = diff(before, after, hash !== null);
    if (changes.length) {
      await writeAudit(trx, {
        systemId: null,
        userId: ctx.user.id,
        now,
        entityType: "user",
        entityId: id,
        entityDisplayName: after.username,
        action: "updated",
        changes,
      });
    }
    return after;
  });
}

export async function deleteUsers(ctx: RequestContext, ids: number[]): Promise<{ id: number; name: string }[]> {
  // Nothing to delete (PostgreSQL refuses an empty IN list: it answered INTERNAL).
  if (ids.length === 0) return [];
  if (ids.includes(ctx.user.id)) {
    throw invalid({ ids: [{ message: "validation.cannot_be_same", data: { field: "ids" } }] });
  }
  const { items } = await loadUsers(ctx.db.kysely, await grantActorOf(ctx), ids);
  if (items.length !== new Set(ids).size) throw new AppError("NOT_FOUND", "user not found");
  if (items.some((u) => !u.can_edit)) throw forbidden();
  const now = ctx.now();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom("users").where("id", "in", ids).execute();
    for (const user of items) {
      await writeAudit(trx, {
        systemId: null,
        userId: ctx.user.id,
        now,
        entityType: "user",
        entityId: user.id,
        entityDisplayName: user.username,
        action: "deleted",
      });
    }
  });
  return items.map((u) => ({ id: u.id, name: u.username }));
}
