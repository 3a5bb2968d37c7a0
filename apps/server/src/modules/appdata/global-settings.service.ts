import { fieldErrors, globalSettingsSchema, type GlobalSettings } from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";
import { AppError } from "../../graphql/errors.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { readGlobalSettings, writeGlobalSettings } from "./global-settings.repo.ts";

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
