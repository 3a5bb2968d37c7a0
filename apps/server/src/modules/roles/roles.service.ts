import {
  VALIDATION_KEYS,
  fieldErrors,
  groupGrantsBeyond,
  isAccessLevel,
  roleGrantsBeyond,
  roleInputSchema,
  type AccessLevel,
  type GroupGrant,
} from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";
import { AppError } from "../../errors/app-error.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { entityTables } from "../entities/entity-tables.ts";
import { canEditRole, grantActorOf, type GrantActor } from "./grant-actor.ts";
import { loadRoles, writeRoleGrants, type RoleRecord } from "./roles.repo.ts";

export type RoleView = RoleRecord & { can_edit: boolean };

const forbidden = (): AppError => new AppError("MISSING_PERMISSION", "Access denied");

/** The role's grants as the bound sees them: its call-source-group grants belong to the current system. */
const groupsOf = (ctx: RequestContext, grants: readonly { callsource_group_id: number; permission_level: string }[]): GroupGrant[] =>
  grants.flatMap((g) =>
    isAccessLevel(g.permission_level) ? [{ system_id: ctx.systemId, callsource_group_id: g.callsource_group_id, permission_level: g.permission_level }] : [],
  );

const withCanEdit = (ctx: RequestContext, actor: GrantActor, role: RoleRecord): RoleView => ({
  ...role,
  can_edit: canEditRole(actor, { sort_order: role.sort_order, permissions: role.permissions, groups: groupsOf(ctx, role.call_source_group_permissions) }),
});

export async function listRoles(ctx: RequestContext): Promise<RoleView[]> {
  const actor = await grantActorOf(ctx);
  return (await loadRoles(ctx.db.kysely, ctx.systemId)).map((role) => withCanEdit(ctx, actor, role));
}

function parse(input: unknown) {
  const parsed = roleInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError("VALIDATION", "Validation failed", { fields: fieldErrors(parsed.error) });
  return parsed.data;
}

/**
 * ARCHITECTURE «Security rules» "Granting is bounded by holding": a role gives no more than the actor holds, its
 * permissions counted by what their levels give (docs/decisions/009), its call-source-group grants
 * by the actor's own level for each group.
 */
function checkGrants(
  ctx: RequestContext,
  actor: GrantActor,
  data: { permissions: { code: string; level: string }[]; call_source_group_permissions: { callsource_group_id: number; permission_level: AccessLevel }[] },
): void {
  const fields: Record<string, { message: string; data: Record<string, unknown> }[]> = {};
  const codes = roleGrantsBeyond(actor.holdings, data.permissions);
  if (codes.length > 0) fields["permissions"] = [{ message: VALIDATION_KEYS.exceeds_own_permissions, data: { field: "permissions", value: codes.join(", ") } }];
  const groups = groupGrantsBeyond(actor.holdings, groupsOf(ctx, data.call_source_group_permissions));
  if (groups.length > 0) {
    fields["call_source_group_permissions"] = [
      {
        message: VALIDATION_KEYS.exceeds_own_permissions,
        data: { field: "call_source_group_permissions", value: groups.map((g) => `#${g.callsource_group_id}:${g.permission_level}`).join(", ") },
      },
    ];
  }
  if (Object.keys(fields).length > 0) throw new AppError("VALIDATION", "Validation failed", { fields });
}

/** Access is granted to call source groups of the current system only (spec §6). */
async function checkGroups(ctx: RequestContext, groups: { callsource_group_id: number }[]): Promise<void> {
  const ids = [...new Set(groups.map((g) => g.callsource_group_id))];
  if (ids.length === 0) return;
  const found = new Set(
    (
      await entityTables(ctx.db.kysely).selectFrom("call_source_groups").select("id").where("system_id", "=", ctx.systemId).where("id", "in", ids).execute()
    ).map((r) => Number(r["id"])),
  );
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length > 0) {
    throw new AppError("VALIDATION", "Validation failed", {
      fields: {
        call_source_group_permissions: [{ message: "validation.invalid", data: { field: "call_source_group_permissions", value: unknown.join(", ") } }],
      },
    });
  }
}

type GrantSet = {
  name: string;
  permissions: { code: string; level: string }[];
  call_source_group_permissions: { callsource_group_id: number; permission_level: string }[];
};

const grantChanges = (before: RoleRecord | null, after: GrantSet) => {
  const list = (r: { permissions: { code: string; level: string }[] } | null) => (r?.permissions ?? []).map((p) => `${p.code}:${p.level}`).sort();
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
  checkGrants(ctx, await grantActorOf(ctx), data);
  await checkGroups(ctx, data.call_source_group_permissions);
  const now = ctx.now();
  const id = await ctx.db.kysely.transaction().execute(async (trx) => {
    // New roles start at the bottom, below everyone: their creator can always manage them.
    const last = await trx
      .selectFrom("roles")
      .select((eb) => eb.fn.max<number>("sort_order").as("max"))
      .executeTakeFirst();
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
  const actor = await grantActorOf(ctx);
  // one edits only a role one could create.
  if (!withCanEdit(ctx, actor, existing).can_edit) throw forbidden();
  // ARCHITECTURE «Security rules» "Partial updates never reset omitted fields".
  const stored = { name: existing.name, permissions: existing.permissions, call_source_group_permissions: existing.call_source_group_permissions };
  const data = parse(input !== null && typeof input === "object" && !Array.isArray(input) ? { ...stored, ...input } : input);
  checkGrants(ctx, actor, data);
  await checkGroups(ctx, data.call_source_group_permissions);
  const now = ctx.now();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable("roles").set({ name: data.name }).where("id", "=", id).execute();
    await writeRoleGrants(trx, id, ctx.systemId, data.permissions, data.call_source_group_permissions);
    const changes = grantChanges(existing, data);
    if (changes.length) {
      await writeAudit(trx, {
        systemId: null,
        userId: ctx.user.id,
        now,
        entityType: "role",
        entityId: id,
        entityDisplayName: data.name,
        action: "updated",
        changes,
      });
    }
  });
  return (await listRoles(ctx)).find((r) => r.id === id) as RoleView;
}

export async function deleteRoles(ctx: RequestContext, ids: number[]): Promise<{ id: number; name: string }[]> {
  // Nothing to delete (PostgreSQL refuses an empty IN list: it answered INTERNAL).
  if (ids.length === 0) return [];
  const roles = await loadRoles(ctx.db.kysely, ctx.systemId, ids);
  if (roles.length !== new Set(ids).size) throw new AppError("NOT_FOUND", "role not found");
  const actor = await grantActorOf(ctx);
  if (roles.some((r) => !withCanEdit(ctx, actor, r).can_edit)) throw forbidden();
  const used = roles.filter((r) => r.user_count > 0);
  if (used.length) throw new AppError("CONFLICT", `in use by users: ${used.map((r) => r.name).join(", ")}`, { reason: "in_use" });
  const now = ctx.now();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom("roles").where("id", "in", ids).execute();
    for (const role of roles) {
      await writeAudit(trx, {
        systemId: null,
        userId: ctx.user.id,
        now,
        entityType: "role",
        entityId: role.id,
        entityDisplayName: role.name,
        action: "deleted",
      });
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
      await trx
        .updateTable("roles")
        .set({ sort_order: position + 1 })
        .where("id", "=", id)
        .execute();
      await writeAudit(trx, {
        systemId: null,
        userId: ctx.user.id,
        now,
        entityType: "role",
        entityId: id,
        entityDisplayName: role.name,
        action: "updated",
        changes: [{ field: "sort_order", value_old: role.sort_order, value_new: position + 1 }],
      });
    }
  });
  return true;
}
