import { fieldErrors, globalSettingsSchema, type GlobalSettings } from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";
import { AppError } from "../../errors/app-error.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { readGlobalAppSettings, readGlobalSettings, writeGlobalSettings, type GlobalAppSettings } from "./global-settings.repo.ts";

/** Saves the global settings (whole object), auditing each changed value. */
export async function updateGlobalSettings(ctx: RequestContext, input: unknown): Promise<GlobalSettings> {
  const parsed = globalSettingsSchema.safeParse(input);
  if (!parsed.success) throw new AppError("VALIDATION", "Validation failed", { fields: fieldErrors(parsed.error) });
  const next = parsed.data;
  const now = ctx.now();
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const before = await readGlobalSettings(trx);
    const changes = (Object.keys(next) as (keyof GlobalSettings)[])
      .filter((key) => before[key] !== next[key])
      .map((field) => ({ field, value_old: before[field], value_new: next[field] }));
    await writeGlobalSettings(trx, next, now);
    if (changes.length > 0) {
      await writeAudit(trx, {
        systemId: null,
        userId: ctx.user.id,
        now,
        entityType: "globalSettings",
        entityId: null,
        action: "updated",
        changes,
      });
    }
    return next;
  });
}

export function globalSettings(ctx: RequestContext): Promise<GlobalSettings> {
  return readGlobalSettings(ctx.db.kysely);
}

export function globalAppSettings(ctx: RequestContext): Promise<GlobalAppSettings> {
  return readGlobalAppSettings(ctx.db.kysely);
}
