import { createReadStream } from "node:fs";
import { isLoggedIn } from "@caresuite/domain";
import type { FastifyInstance } from "fastify";
import { mustChangePassword, PASSWORD_CHANGE_REQUIRED } from "../auth/password-change.ts";
import { exportFile } from "./exports.service.ts";

/** GET /backend/exports/:id/download — a finished export's file, for the user who started it only. */
export const EXPORT_DOWNLOAD_PATH = "/backend/exports/:id/download";

const CONTENT_TYPES: Record<string, string> = {
  CSV: "text/csv; charset=utf-8",
  XLSX: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  PDF: "application/pdf",
};

export function registerExportRoutes(app: FastifyInstance): void {
  app.get<{ Params: { id: string } }>(EXPORT_DOWNLOAD_PATH, async (request, reply) => {
    const ctx = request.ctx;
    reply.header("Cache-Control", "private, no-store");
    if (!isLoggedIn(ctx.user)) return reply.code(401).send({ ok: false, error: "not signed in" });
    if (mustChangePassword(ctx.user)) return reply.code(403).send({ ok: false, error: PASSWORD_CHANGE_REQUIRED });
    const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : null;
    // Another user's job, or one of a source the user may not use (calllog::use_module, or the
    // tree's permission and licence), is "not found": its existence is not told.
    const file = id === null ? null : await exportFile(ctx, id);
    if (!file) return reply.code(404).send({ ok: false, error: "not found" });
    return reply
      .header("Content-Type", CONTENT_TYPES[file.format] ?? "application/octet-stream")
      .header("X-Content-Type-Options", "nosniff")
      .header("Content-Disposition", `attachment; filename="${file.fileName}"`)
      .send(createReadStream(file.path));
  });
}
