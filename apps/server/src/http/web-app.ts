import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * The display board's own page (docs/decisions/006-display-entry.md): /display, /display/<slug>
 * and the call form over it, /display/<slug>/call/<id> and /display/call/<id>.
 */
const DISPLAY_PATH = /^\/display(\/[^/?]+)?(\/call\/\d+)?\/?(\?.*)?$/;

/**
 * Serves the built web app at / with SPA fallback: unknown non-API GETs get index.html, the
 * display board's paths get display.html.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(join(distDir, "index.html"));
  const hasDisplayPage = existsSync(join(distDir, "display.html"));
  if (hasBuild) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false, cacheControl: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith("/backend/") || request.url.startsWith("/demo/");
    if (request.method !== "GET" || isApi) return reply.code(404).send({ ok: false, error: "not found" });
    if (!hasBuild) {
      return reply.code(503).type("text/plain").send("The web app is not built. Run `npm run build` (npm start does it).");
    }
    // The HTML must never be cached: it names the hashed assets of the current version.
    const page = hasDisplayPage && DISPLAY_PATH.test(request.url) ? "display.html" : "index.html";
    return reply.header("Cache-Control", "no-cache").sendFile(page);
  });
  if (hasBuild) {
    app.get("/", (_request, reply) => reply.header("Cache-Control", "no-cache").sendFile("index.html"));
  }
}
