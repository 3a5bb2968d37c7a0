import { checkpointMap, hasPermission, isLoggedIn } from "@caresuite/domain";
import type { FastifyInstance } from "fastify";
import { mustChangePassword, PASSWORD_CHANGE_REQUIRED } from "../auth/password-change.ts";
import { loadCheckpointMapImage } from "./checkpoint-maps.service.ts";

/**
 * GET /backend/files/maps/:id — the map image of a checkpoint map of the requested system, for
 * signed-in users who may read checkpoint maps. Served as the type its content was checked to be,
 * never sniffed; an SVG opened on its own runs in a sandbox without scripts.
 */
export const MAP_IMAGE_PATH = "/backend/files/maps/:id";

/** spec-less hardening: no scripts, plugins or requests from a served file (SVG can carry them). */
const FILE_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

export function registerCheckpointMapRoutes(app: FastifyInstance): void {
  app.get<{ Params: { id: string } }>(MAP_IMAGE_PATH, async (request, reply) => {
    const ctx = request.ctx;
    reply.header("Cache-Control", "private, no-cache");
    if (!isLoggedIn(ctx.user)) return reply.code(401).send({ ok: false, error: "not signed in" });
    // a temporary password must be replaced before anything else.
    if (mustChangePassword(ctx.user)) return reply.code(403).send({ ok: false, error: PASSWORD_CHANGE_REQUIRED });
    if (!hasPermission(ctx.user, checkpointMap.permission)) return reply.code(403).send({ ok: false, error: "access denied" });
    const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : null;
    const image = id === null ? null : await loadCheckpointMapImage(ctx, id);
    if (!image) return reply.code(404).send({ ok: false, error: "not found" });
    return reply
      .header("Content-Type", image.contentType)
      .header("X-Content-Type-Options", "nosniff")
      .header("Content-Security-Policy", FILE_CSP)
      .header("Content-Disposition", `inline; filename="map-${id}.${image.extension}"`)
      .send(image.content);
  });
}
