import { canManageRole, fieldErrors, hasPermission, roleInputSchema, type RoleActor } from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";
import { AppError } from "../../graphql/errors.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { dynamic } from "../entities/entities.repo.ts";
import { loadRoles, roleOrdersOfUser, writeRoleGrants, type RoleRecord } from "./roles.repo.ts";

export type RoleView = RoleRecord & { can_edit: boolean };

/** The current user as an actor of the role hierarchy. */
export async function actorOf(ctx: RequestContext): Promise<RoleActor> {
  return { is_superuser: ctx.user.is_superuser, roleOrders: ctx.user.is_superuser ? [] : await roleOrdersOfUser(ctx.db.kysely, ctx.user.id) };
}

const forbidden = (): AppError => new AppError("MISSING_PERMISSION", "Access denied");

export async function listRoles(ctx: RequestContext): Promise<RoleView[]> {
  const actor = await actorOf(ctx);
  return (await loadRoles(ctx.db.kysely, ctx.systemId)).map((role) => ({ ...role, can_edit: canManageRole(actor, role) }));
}

function parse(input: unknown) {
  const parsed = roleInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError("VALIDATION", "Validation failed", { fields: fieldErrors(parsed.error) });
  return parsed.data;
}

/** Nobody grants more than they hold: a non-superuser may only give permissions of their own. */
function checkGrants(ctx: RequestContext, permissions: { code: string; level: string }[]): void {
  const foreign = permissions.filter((p) => p.level !== "hide" && !hasPermission(ctx.user, p.code));
  if (foreign.length > 0) {
    throw new AppError("VALIDATION", "Validation failed", {
      fields: { permissions: [{ message: "validation.invalid", data: { field: "permissions", value: foreign.map((p) => p.code).join(", ") } }] },
    });
  }
}

/** Access is granted to call source groups of the current system only (spec §6). */
async function checkGroups(ctx: RequestContext, groups: { callsource_group_id: number }[]): Promise<void> {
  const ids = [...new Set(groups.map((g) => g.callsource_group_id))];
  if (ids.length === 0) return;
  const found = new Set((await dynamic(ctx.db.kysely).selectFrom("call_source_groups").select("id").where("system_id", "=", ctx.systemId).where("id", "in", ids).execute()).map((r) => Number(r["id"])));
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length > 0) {
    throw new AppError("VALIDATION", "Validation failed", {
      fields: { call_source_group_permissions: [{ message: "validation.invalid", data: { field: "call_source_group_permissions", value: unknown.join(", ") } }] },
    });
  }
}

type GrantSet = { name: string; permissions: { code: string; level: string }[]; call_source_group_permissions: { callsource_group_id: number; permission_level: string }[] };

const grantChanges = (before: RoleRecord | null, after: GrantSet) => {
  const list = (r: { permissions: { code: string; level: string }[] } | null) =>
    (r?.permissions ?? []).map((p) => `${p.code}:${p.level}`).sort();
  const changes: { field: string; value_old: unknown; value_new: unknown }[] = [];
  if (before?.name !== after.name) changes.push({ field: "name", value_old: before?.name ?? null, value_new: after.name });
  if (JSON.stringify(list(before)) !== JSON.stringify(list(after))) {
    changes.push({ field: "permissions", value_old: before ? list(before) : null, value_new: list(after) });
  }
  // Call-source-group access is part of the role: audited like the permissions.
  const groups = (r: Pick<GrantSet, "call_source_group_permissions"> | null) =>
    (r?.call_source_group_permissions ?? []).map((g) => `${g.callsource_group_id}:${g.permission_level}`).sort();
  if (JSON.stringify(groups(before)) !== JSON.stringify(groups(after))) {
    changes.push({ field: "call_source_group_permissions", value_old: before ? groups(before) : null, value_new: groups(after) });
  }
  return changes;
};

export async function createRole(ctx: RequestContext, input: unknown): Promise<RoleView> {
  const data = parse(input);
  checkGrants(ctx, data.permissions);
  await checkGroups(ctx, data.call_source_group_permissions);
  const now = ctx.now();
  const id = await ctx.db.kysely.transaction().execute(async (trx) => {
    // New roles start at the bottom, below everyone: their creator can always manage them.
    const last = await trx.selectFrom("roles").select((eb) => eb.fn.max<number>("sort_order").as("max")).executeTakeFirst();
    const role = await trx
      .insertInto("roles")
      .values({ name: data.name, sort_order: Number(last?.max ?? 0) + 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await writeRoleGrants(trx, role.id, ctx.systemId, data.permissions, data.call_source_group_permissions);
    await writeAudit(trx, {
      systemId: null,
      userId: ctx.user.id,
      now,
      entityType: "role",
      entityId: role.id,
      entityDisplayName: data.name,
      action: "created",
      changes: grantChanges(null, data),
    });
    return role.id;
  });
  return (await listRoles(ctx)).find((r) => r.id === id) as RoleView;
}

export async function updateRole(ctx: RequestContext, id: number, input: unknown): Promise<RoleView> {
  const [existing] = await loadRoles(ctx.db.kysely, ctx.systemId, [id]);
  if (!existing) throw new AppError("NOT_FOUND", `role ${id} not found`);
  if (!canManageRole(await actorOf(ctx), existing)) throw forbidden();
  const data = parse(input);
  checkGrants(ctx, data.permissions);
  await checkGroups(ctx, data.call_source_group_permissions);
  const now = ctx.now();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable("roles").set({ name: data.name }).where("id", "=", id).execute();
    await writeRoleGrants(trx, id, ctx.systemId, data.permissions, data.call_source_group_permissions);
    const changes = grantChanges(existing, data);
    if (changes.length) {
      await writeAudit(trx, { systemId: null, userId: ctx.user.id, now, entityType: "role", entityId: id, entityDisplayName: data.name, action: "updated", changes });
    }
  });
  return (await listRoles(ctx)).find((r) => r.id === id) as RoleView;
}

export async function deleteRoles(ctx: RequestContext, ids: number[]): Promise<{ id: number; name: string }[]> {
  const roles = await loadRoles(ctx.db.kysely, ctx.systemId, ids);
  if (roles.length !== new Set(ids).size) throw new AppError("NOT_FOUND", "role not found");
  const actor = await actorOf(ctx);
  if (roles.some((r) => !canManageRole(actor, r))) throw forbidden();
  const used = roles.filter((r) => r.user_count > 0);
  if (used.length) throw new AppError("CONFLICT", `in use by users: ${used.map((r) => r.name).join(", ")}`, { reason: "in_use" });
  const now = ctx.now();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom("roles").where("id", "in", ids).execute();
    for (const role of roles) {
      await writeAudit(trx, { systemId: null, userId: ctx.user.id, now, entityType: "role", entityId: role.id, entityDisplayName: role.name, action: "deleted" });
    }
  });
  return roles.map((r) => ({ id: r.id, name: r.name }));
}

/** spec route table: "roles ... sort only for superusers". */
export async function sortRoles(ctx: RequestContext, ids: number[]): Promise<boolean> {
  if (!ctx.user.is_superuser) throw forbidden();
  const all = await loadRoles(ctx.db.kysely, ctx.systemId);
  if (ids.length !== all.length || new Set(ids).size !== ids.length || !ids.every((id) => all.some((r) => r.id === id))) {
    throw new AppError("VALIDATION", "The order must list every role once", { fields: { ids: [{ message: "validation.invalid", data: { field: "ids" } }] } });
  }
  const now = ctx.now();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    for (const [position, id] of ids.entries()) {
      const role = all.find((r) => r.id === id);
      if (!role || role.sort_order === position + 1) continue;
      await trx.updateTable("roles").set({ sort_order: position + 1 }).where("id", "=", id).execute();
      await writeAudit(trx, { systemId: null, userId: ctx.user.id, now, entityType: "role", entityId: id, entityDisplayName: role.name, action: "updated", changes: [{ field: "sort_order", value_old: role.sort_order, value_new: position + 1 }] });
    }
  });
  return true;
}
