import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { hasPermission, isLicensed, isLoggedIn } from "@caresuite/domain";
import type { FastifyInstance } from "fastify";
import { mustChangePassword, PASSWORD_CHANGE_REQUIRED } from "../auth/password-change.ts";
import { currentLicence } from "../licence/licence.service.ts";
import { logFilePath } from "./log-files.ts";

/**
 * GET /backend/logs/:name/download — one log file, with the permission of /admin/logs
 * (admin::manage_system and the management licence). Only our own file names: anything else,
 * a traversal included, is 404 without a look at the disk.
 */
export const LOG_DOWNLOAD_PATH = "/backend/logs/:name/download";

export function registerSystemOpsRoutes(app: FastifyInstance): void {
  app.get<{ Params: { name: string } }>(LOG_DOWNLOAD_PATH, async (request, reply) => {
    const ctx = request.ctx;
    reply.header("Cache-Control", "private, no-store");
    if (!isLoggedIn(ctx.user)) return reply.code(401).send({ ok: false, error: "not signed in" });
    if (mustChangePassword(ctx.user)) return reply.code(403).send({ ok: false, error: PASSWORD_CHANGE_REQUIRED });
    const licence = await currentLicence(ctx);
    if (!hasPermission(ctx.user, "admin::manage_system") || !isLicensed(licence, "management", ctx.user)) {
      return reply.code(403).send({ ok: false, error: "access denied" });
    }
    const path = logFilePath(ctx.config.DATA_DIR, request.params.name);
    const info = path ? await stat(path).catch(() => null) : null;
    if (!path || !info?.isFile()) return reply.code(404).send({ ok: false, error: "not found" });
    return reply
      .header("Content-Type", "text/plain; charset=utf-8")
      .header("X-Content-Type-Options", "nosniff")
      .header("Content-Disposition", `attachment; filename="${request.params.name}"`)
      .send(createReadStream(path));
  });
}
