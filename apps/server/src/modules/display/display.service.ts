import { displayProfileInputSchema, fieldErrors, slugify, type DisplayProfileInput, type DisplayProfileSetting } from "@caresuite/domain";
import type { Kysely, Selectable } from "kysely";
import type { RequestContext } from "../../context.ts";
import type { Database, DisplayProfileSettingsTable, DisplayProfilesTable } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { listSystemIds } from "../systems/systems.repo.ts";
import { SYSTEM_MESSAGES_TOPIC, systemMessage } from "../../realtime/topics.ts";
import { forgetSystemVisibility } from "./anonymous-systems.ts";
import { loadActiveDisplayNotes, loadDisplayRelations, type DisplayNoteView, type DisplayRelations } from "./display-data.ts";

/** spec data §3.5 "Display profile" with its settings per system. */
export type DisplayProfileView = Omit<Selectable<DisplayProfilesTable>, "fullscreen" | "show_presences" | "show_video_stream" | "show_calls_from_system"> & {
  fullscreen: boolean;
  show_presences: boolean;
  show_video_stream: boolean;
  show_calls_from_system: boolean;
  settings: Selectable<DisplayProfileSettingsTable>[];
};

export async function listDisplayProfiles(db: Kysely<Database>): Promise<DisplayProfileView[]> {
  const [profiles, settings] = await Promise.all([
    db.selectFrom("display_profiles").selectAll().orderBy("name").execute(),
    db.selectFrom("display_profile_settings").selectAll().orderBy("system_id").execute(),
  ]);
  return profiles.map((p) => ({
    ...p,
    fullscreen: p.fullscreen === 1,
    show_presences: p.show_presences === 1,
    show_video_stream: p.show_video_stream === 1,
    show_calls_from_system: p.show_calls_from_system === 1,
    settings: settings.filter((s) => s.profile_id === p.id),
  }));
}

async function uniqueSlug(db: Kysely<Database>, name: string, exceptId: number | null): Promise<string> {
  const base = slugify(name);
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    let query = db.selectFrom("display_profiles").select("id").where("slug", "=", slug);
    if (exceptId !== null) query = query.where("id", "!=", exceptId);
    if (!(await query.executeTakeFirst())) return slug;
  }
}

function parse(input: unknown): DisplayProfileInput {
  const parsed = displayProfileInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError("VALIDATION", "Validation failed", { fields: fieldErrors(parsed.error) });
  return parsed.data;
}

const profileColumns = (data: DisplayProfileInput) => ({
  name: data.name,
  font_size: data.font_size,
  fullscreen: data.fullscreen ? 1 : 0,
  locale: data.locale,
  show_presences: data.show_presences ? 1 : 0,
  show_video_stream: data.show_video_stream ? 1 : 0,
  show_calls_from_system: data.show_calls_from_system ? 1 : 0,
});

/** spec: "settings for disabled systems are dropped": only systems that exist are kept. */
async function writeSettings(db: Kysely<Database>, profileId: number, settings: DisplayProfileSetting[], systems: number[]): Promise<void> {
  await db.deleteFrom("display_profile_settings").where("profile_id", "=", profileId).execute();
  const kept = settings.filter((s, index) => systems.includes(s.system_id) && settings.findIndex((o) => o.system_id === s.system_id) === index);
  if (kept.length)
    await db
      .insertInto("display_profile_settings")
      .values(kept.map((s) => ({ ...(s as Omit<Selectable<DisplayProfileSettingsTable>, "profile_id">), profile_id: profileId })))
      .execute();
}

async function announce(ctx: RequestContext): Promise<void> {
  // The systems a profile names are what anonymous displays may read (docs/decisions/010).
  forgetSystemVisibility();
  await ctx.bus.publish(SYSTEM_MESSAGES_TOPIC, systemMessage("displayprofile.updated", {}));
}

export async function createDisplayProfile(ctx: RequestContext, input: unknown): Promise<{ id: number; name: string }> {
  const data = parse(input);
  const db = ctx.db.kysely;
  const systems = await listSystemIds(db);
  const now = ctx.now();
  const created = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("display_profiles")
      .values({ ...profileColumns(data), slug: await uniqueSlug(trx, data.name, null), created_at: now, updated_at: now })
      .returning(["id", "name", "slug"])
      .executeTakeFirstOrThrow();
    await writeSettings(trx, row.id, data.settings, systems);
    await writeAudit(trx, {
      systemId: null,
      userId: ctx.user.id,
      now,
      entityType: "displayProfile",
      entityId: row.id,
      entityDisplayName: row.name,
      action: "created",
      changes: [{ field: "name", value_old: null, value_new: row.name }],
    });
    return { id: row.id, name: row.name };
  });
  await announce(ctx);
  return created;
}

export async function updateDisplayProfile(ctx: RequestContext, input: unknown): Promise<{ id: number; name: string }> {
  const data = parse(input);
  if (data.id === undefined)
    throw new AppError("VALIDATION", "Validation failed", { fields: { id: [{ message: "validation.required", data: { field: "id" } }] } });
  const id = data.id;
  const db = ctx.db.kysely;
  const before = await db.selectFrom("display_profiles").selectAll().where("id", "=", id).executeTakeFirst();
  if (!before) throw new AppError("NOT_FOUND", `display profile ${id} not found`);
  const systems = await listSystemIds(db);
  const now = ctx.now();
  await db.transaction().execute(async (trx) => {
    const columns = profileColumns(data);
    await trx
      .updateTable("display_profiles")
      .set({ ...columns, updated_at: now })
      .where("id", "=", id)
      .execute();
    await writeSettings(trx, id, data.settings, systems);
    const changes: { field: string; value_old: unknown; value_new: unknown }[] = (Object.keys(columns) as (keyof typeof columns)[])
      .filter((key) => before[key] !== columns[key])
      .map((field) => ({ field, value_old: before[field], value_new: columns[field] }));
    changes.push({ field: "settings", value_old: null, value_new: data.settings });
    await writeAudit(trx, {
      systemId: null,
      userId: ctx.user.id,
      now,
      entityType: "displayProfile",
      entityId: id,
      entityDisplayName: data.name,
      action: "updated",
      changes,
    });
  });
  await announce(ctx);
  return { id, name: data.name };
}

export async function deleteDisplayProfiles(ctx: RequestContext, ids: number[]): Promise<{ id: number; name: string }[]> {
  // Nothing to delete (PostgreSQL refuses an empty IN list: it answered INTERNAL).
  if (ids.length === 0) return [];
  const db = ctx.db.kysely;
  const rows = await db
    .selectFrom("display_profiles")
    .select(["id", "name"])
    .where("id", "in", ids.length ? ids : [-1])
    .execute();
  if (rows.length !== new Set(ids).size) throw new AppError("NOT_FOUND", "display profile not found");
  const now = ctx.now();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("display_profiles").where("id", "in", ids).execute();
    for (const row of rows)
      await writeAudit(trx, {
        systemId: null,
        userId: ctx.user.id,
        now,
        entityType: "displayProfile",
        entityId: row.id,
        entityDisplayName: row.name,
        action: "deleted",
      });
  });
  await announce(ctx);
  return rows;
}

/** What a display shows besides calls, for one system (already checked: targetSystem). */
export function displayRelations(ctx: RequestContext, systemId: number): Promise<DisplayRelations> {
  return loadDisplayRelations(ctx.db.kysely, systemId);
}

/** The display notes active at the server's now. */
export function activeDisplayNotes(ctx: RequestContext): Promise<DisplayNoteView[]> {
  return loadActiveDisplayNotes(ctx.db.kysely, new Date(ctx.now()));
}
