import { checkUpload, checkpointMap, contentTypeOf, UPLOAD_RULES, type UploadFormat, VALIDATION_KEYS, type ValidationKey } from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";
import { AppError } from "../../errors/app-error.ts";
import { translate } from "../../i18n/messages.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { findRow, updateRow } from "../entities/entities.repo.ts";
import { toApi, type ApiRecord } from "../entities/entities.service.ts";
import { readStoredFile, readUpload, removeStoredFile, storedExtension, storeFile, type UploadedFile } from "../files/file-store.ts";

/**
 * The map image of a checkpoint map (spec data §3.4 "map_path (image)", §5 "Map image: max 5 MB").
 * The generic entity API cannot set it: only this upload does, after the content passed the
 * domain's upload rule. The file lives under DATA_DIR/uploads/maps/<system>/.
 */

const FIELD = "map_path";
const AREA = "maps";

function uploadError(ctx: RequestContext, message: ValidationKey, data: Record<string, unknown>): AppError {
  const key = message as Parameters<typeof translate>[0];
  return new AppError("VALIDATION", translate(key, ctx.locale, data), {
    fields: { [FIELD]: [{ message, data: { field: FIELD, ...data } }] },
  });
}

/**
 * Stores a new map image and points the map at it, audited; the previous image is removed after
 * the change is committed. A rejected upload changes nothing and stores nothing.
 */
export async function uploadCheckpointMapImage(ctx: RequestContext, id: number, upload: Promise<UploadedFile>): Promise<ApiRecord> {
  const rule = UPLOAD_RULES.map_image;
  // Read first, whatever comes next: an unread file part would hold the request open.
  const read = await readUpload(upload, rule.maxBytes);
  const existing = await findRow(ctx.db.kysely, checkpointMap, ctx.systemId, id);
  if (!existing) throw new AppError("NOT_FOUND", `checkpointMap ${id} not found`);
  if (!read.ok) {
    throw read.reason === "too_big"
      ? uploadError(ctx, VALIDATION_KEYS.upload_too_big, { max: `${rule.maxBytes / (1024 * 1024)} MB` })
      : uploadError(ctx, VALIDATION_KEYS.upload_unprocessable, {});
  }
  const check = checkUpload("map_image", { name: read.name, size: read.size, type: read.type, firstBytes: read.content.subarray(0, 1024) });
  if (!check.ok) throw uploadError(ctx, check.message, check.data);
  if (!check.extension) throw uploadError(ctx, VALIDATION_KEYS.upload_unprocessable, {});

  const stored = await storeFile(ctx.config.DATA_DIR, AREA, ctx.systemId, check.extension, read.content);
  const previous = typeof existing[FIELD] === "string" ? existing[FIELD] : null;
  const now = ctx.now();
  let record: ApiRecord;
  try {
    record = await ctx.db.kysely.transaction().execute(async (trx) => {
      const row = await updateRow(trx, checkpointMap, ctx.systemId, id, { [FIELD]: stored, updated_at: now });
      const after = toApi(checkpointMap, row);
      await writeAudit(trx, {
        systemId: ctx.systemId,
        userId: ctx.user.id,
        now,
        entityType: checkpointMap.name,
        entityId: id,
        entityDisplayName: String(after[checkpointMap.displayField] ?? id),
        action: "updated",
        meta: { file_name: read.name, size: read.size, format: check.format },
        changes: [{ field: FIELD, value_old: previous, value_new: stored }],
      });
      return after;
    });
  } catch (error) {
    await removeStoredFile(ctx.config.DATA_DIR, stored);
    throw error;
  }
  await removeStoredFile(ctx.config.DATA_DIR, previous);
  return record;
}

export interface MapImage {
  content: Buffer;
  contentType: string;
  extension: string;
}

const FORMAT_BY_EXTENSION: Record<string, UploadFormat> = { png: "png", jpg: "jpeg", svg: "svg" };

/** The stored image of a map of the context's system, or null (no map, no image, file gone). */
export async function loadCheckpointMapImage(ctx: RequestContext, id: number): Promise<MapImage | null> {
  const row = await findRow(ctx.db.kysely, checkpointMap, ctx.systemId, id);
  const path = row?.[FIELD];
  if (typeof path !== "string") return null;
  const extension = storedExtension(path);
  const format = extension ? FORMAT_BY_EXTENSION[extension] : undefined;
  if (!extension || !format) return null;
  const content = await readStoredFile(ctx.config.DATA_DIR, path);
  return content ? { content, contentType: contentTypeOf(format), extension } : null;
}
