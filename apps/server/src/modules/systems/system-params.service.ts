import {
  MAX_SYSTEM_ID,
  PASSWORD_REENTRY_MESSAGE,
  SYSTEM_PARAM_FIELDS,
  canAccessSystem,
  fieldErrors,
  formatTimeOfDay,
  needsPasswordReentry,
  systemParamInputSchema,
  type SystemParamInput,
} from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";
import { AppError, type FieldErrors } from "../../errors/app-error.ts";
import { forgetSystemIds } from "./known-system-ids.ts";
import { forgetSystemVisibility } from "../display/anonymous-systems.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { activeLicence } from "../licence/licence.repo.ts";
import { SYSTEM_MESSAGES_TOPIC, systemMessage } from "../../realtime/topics.ts";
import { checkControllerConnection as checkConnection } from "./connection-check.ts";
import {
  countOpenCalls,
  deleteSystemsWithData,
  findSystem,
  insertSystem,
  listSystems,
  sectionIdsOf,
  sectionsOf,
  systemNameTaken,
  updateSystem,
  type SystemRow,
} from "./systems.repo.ts";

/**
 * The configurators (spec data §3.8, route /admin/systemparams): one per system. The password is
 * write-only; connection data is checked against the controller before it is stored, and the
 * system's link reconnects with it. Every change is audited field by field in its transaction.
 */

/** Booleans as the row stores them (0/1) and times of day as "HH:MM" for the audit log. */
const TIME_FIELDS = new Set(["night_start", "night_stop", "call_suppression_time_start", "call_suppression_time_end"]);
const BOOL_FIELDS = new Set(["dhcp", "daylight_savings", "auto_commit", "call_suppression_enabled"]);

/** The parsed input as columns (the password only when one was typed). */
function valuesOf(input: SystemParamInput) {
  const { password, dhcp, daylight_savings, auto_commit, call_suppression_enabled, call_suppression_sections, ...rest } = input;
  return {
    ...rest,
    ...(password === "" ? {} : { password }),
    dhcp: dhcp ? 1 : 0,
    daylight_savings: daylight_savings ? 1 : 0,
    auto_commit: auto_commit ? 1 : 0,
    call_suppression_enabled: call_suppression_enabled ? 1 : 0,
    call_suppression_sections: JSON.stringify([...call_suppression_sections].sort((a, b) => a - b)),
  };
}

/** A column value as the audit log shows it. */
function auditValue(field: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (TIME_FIELDS.has(field) && typeof value === "number") return formatTimeOfDay(value);
  if (BOOL_FIELDS.has(field)) return value === 1 || value === true;
  if (field === "call_suppression_sections" && typeof value === "string") return JSON.parse(value) as unknown;
  return value;
}

/** Field-level changes; the password shows as "***" and only when one was written. */
function changesOf(before: SystemRow | null, after: SystemRow | null, passwordWritten: boolean): { field: string; value_old: unknown; value_new: unknown }[] {
  const changes: { field: string; value_old: unknown; value_new: unknown }[] = [];
  for (const field of SYSTEM_PARAM_FIELDS) {
    if (field === "password") {
      if (passwordWritten || (after === null && before !== null)) changes.push({ field, value_old: before ? "***" : null, value_new: after ? "***" : null });
      continue;
    }
    const old = auditValue(field, before?.[field]);
    const now = auditValue(field, after?.[field]);
    if (JSON.stringify(old) !== JSON.stringify(now)) changes.push({ field, value_old: old, value_new: now });
  }
  return changes;
}

const fail = (fields: FieldErrors): AppError => new AppError("VALIDATION", "Validation failed", { fields });
const fieldError = (field: string, message: string, data: Record<string, unknown> = {}): FieldErrors => ({ [field]: [{ message, data: { field, ...data } }] });

function parse(mode: "create" | "update", input: unknown): SystemParamInput {
  const parsed = systemParamInputSchema(mode).safeParse(input);
  if (!parsed.success) throw fail(fieldErrors(parsed.error));
  return parsed.data;
}

/** Name unique among the configurators; suppression sections must be sections of this system. */
async function checkAgainstDatabase(ctx: RequestContext, systemId: number, input: SystemParamInput): Promise<void> {
  const db = ctx.db.kysely;
  const errors: FieldErrors = {};
  if (await systemNameTaken(db, input.name, systemId)) Object.assign(errors, fieldError("name", "validation.unique"));
  if (input.call_suppression_sections.length > 0) {
    const known = new Set(await sectionIdsOf(db, systemId));
    if (input.call_suppression_sections.some((id) => !known.has(id))) Object.assign(errors, fieldError("call_suppression_sections", "validation.invalid"));
  }
  if (Object.keys(errors).length > 0) throw fail(errors);
}

async function announce(ctx: RequestContext, systemIds: number[]): Promise<void> {
  // Displays reload publicSystemParams (weekend window, names).
  await ctx.bus.publish(SYSTEM_MESSAGES_TOPIC, systemMessage("systemparams.updated", { system_ids: systemIds }));
}

function accessible(ctx: RequestContext, row: SystemRow | undefined): row is SystemRow {
  return row !== undefined && canAccessSystem(ctx.user, row.id);
}

/** Every system (callers filter by what may be read: visibleOf, listSystemParams). */
export function allSystems(ctx: RequestContext): Promise<SystemRow[]> {
  return listSystems(ctx.db.kysely);
}

/** The sections of a system: what its call suppression may name. */
export function sectionsOfSystem(ctx: RequestContext, systemId: number): Promise<{ id: number; name: string }[]> {
  return sectionsOf(ctx.db.kysely, systemId);
}

export async function listSystemParams(ctx: RequestContext): Promise<SystemRow[]> {
  return (await listSystems(ctx.db.kysely)).filter((row) => canAccessSystem(ctx.user, row.id));
}

export async function getSystemParam(ctx: RequestContext, id: number): Promise<SystemRow> {
  const row = await findSystem(ctx.db.kysely, id);
  if (!accessible(ctx, row)) throw new AppError("NOT_FOUND", `configurator ${id} not found`);
  return row;
}

/** spec §8: "Max reached for ... configurators": the licence's systems limit (default 1). */
async function nextSystemId(ctx: RequestContext): Promise<number> {
  const existing = await listSystems(ctx.db.kysely);
  const { limits } = await activeLicence(ctx.db.kysely);
  const free = Array.from({ length: MAX_SYSTEM_ID }, (_, i) => i + 1).find((id) => !existing.some((row) => row.id === id));
  if (existing.length >= limits.systems || free === undefined) {
    throw new AppError("CONFLICT", "max reached for configurators", { reason: "max_reached" });
  }
  return free;
}

export async function createSystemParam(ctx: RequestContext, raw: unknown): Promise<SystemRow> {
  const input = parse("create", raw);
  const id = await nextSystemId(ctx);
  await checkAgainstDatabase(ctx, id, input);
  const version = await checkConnection(input);
  const now = ctx.now();
  const created = await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await insertSystem(trx, { ...valuesOf(input), password: input.password, id, version, created_at: now, updated_at: now });
    await writeAudit(trx, {
      systemId: id,
      userId: ctx.user.id,
      now,
      entityType: "systemparams",
      entityId: id,
      entityDisplayName: row.name,
      action: "created",
      changes: changesOf(null, row, true),
    });
    return row;
  });
  forgetSystemIds();
  forgetSystemVisibility();
  await ctx.links?.refresh();
  await announce(ctx, [id]);
  return created;
}

export async function updateSystemParam(ctx: RequestContext, id: number, raw: unknown): Promise<SystemRow> {
  const existing = await getSystemParam(ctx, id);
  const input = parse("update", raw);
  // ARCHITECTURE «Security rules»: the stored password goes only to the address it was saved with.
  if (needsPasswordReentry({ ...existing, has_password: existing.password !== "" }, input)) {
    throw fail(fieldError("password", PASSWORD_REENTRY_MESSAGE));
  }
  await checkAgainstDatabase(ctx, id, input);
  const password = input.password === "" ? existing.password : input.password;
  const connectionChanged =
    input.ip !== existing.ip || input.tcp_port !== existing.tcp_port || input.username !== existing.username || password !== existing.password;
  const version = connectionChanged ? await checkConnection({ ...input, password }) : existing.version;
  const now = ctx.now();
  const updated = await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await updateSystem(trx, id, { ...valuesOf(input), version, updated_at: now });
    const changes = changesOf(existing, row, password !== existing.password);
    if (changes.length > 0) {
      await writeAudit(trx, {
        systemId: id,
        userId: ctx.user.id,
        now,
        entityType: "systemparams",
        entityId: id,
        entityDisplayName: row.name,
        action: "updated",
        changes,
      });
    }
    return row;
  });
  // The link keys on its connection data: a change restarts it with the new one.
  if (connectionChanged) await ctx.links?.refresh();
  await announce(ctx, [id]);
  return updated;
}

/**
 * Deletes configurators with their configuration (the controller's import comes back with a new
 * connection); the call history stays. Refused for the last system and for systems with open
 * calls: those calls could never be closed any more.
 */
export async function deleteSystemParams(ctx: RequestContext, ids: number[]): Promise<{ id: number; name: string }[]> {
  const unique = [...new Set(ids)];
  const db = ctx.db.kysely;
  const all = await listSystems(db);
  const rows = unique.map((id) => all.find((row) => row.id === id));
  if (unique.length === 0 || rows.some((row) => !accessible(ctx, row))) throw new AppError("NOT_FOUND", "configurator not found");
  if (unique.length >= all.length) throw new AppError("CONFLICT", "the last configurator cannot be deleted", { reason: "last_system" });
  if ((await countOpenCalls(db, unique)) > 0) throw new AppError("CONFLICT", "configurator has open calls", { reason: "open_calls" });
  const now = ctx.now();
  const removed = await db.transaction().execute(async (trx) => {
    await deleteSystemsWithData(trx, unique);
    const result: { id: number; name: string }[] = [];
    for (const row of rows as SystemRow[]) {
      await writeAudit(trx, {
        systemId: row.id,
        userId: ctx.user.id,
        now,
        entityType: "systemparams",
        entityId: row.id,
        entityDisplayName: row.name,
        action: "deleted",
        changes: changesOf(row, null, false),
      });
      result.push({ id: row.id, name: row.name });
    }
    return result;
  });
  forgetSystemIds();
  forgetSystemVisibility();
  await ctx.links?.refresh();
  await announce(ctx, unique);
  return removed;
}
