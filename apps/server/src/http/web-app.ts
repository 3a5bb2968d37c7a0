import { existsSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import fastifyStatic, { type SetHeadersResponse } from "@fastify/static";
import type { FastifyInstance } from "fastify";

/**
 * The display board's own page (docs/decisions/006-display-entry.md): /display, /display/<slug>
 * and the call form over it, /display/<slug>/call/<id> and /display/call/<id>.
 */
const DISPLAY_PATH = /^\/display(\/[^/?]+)?(\/call\/\d+)?\/?(\?.*)?$/;

/** Vite names every file below assets/ after a hash of its content: a new version is a new name. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Caching and encoding headers of every file sent from the build (docs/decisions/013-static-assets.md).
 * Hashed assets are kept for a year; everything else, the HTML above all (it names the hashed
 * assets of the current version), is revalidated on each use by its ETag.
 */
function staticHeaders(assetsDir: string): (response: SetHeadersResponse, path: string) => void {
  return (response, path) => {
    response.setHeader("Cache-Control", path.startsWith(assetsDir) ? IMMUTABLE : "no-cache");
    // The same URL answers brotli, gzip or plain by Accept-Encoding: caches must key on it.
    response.setHeader("Vary", "Accept-Encoding");
  };
}

/**
 * Serves the built web app at / with SPA fallback: unknown non-API GETs (and HEADs, which uptime
 * monitors send) get index.html, the display board's paths get display.html. Files are sent as
 * the brotli or gzip copies the build wrote next to them (scripts/precompress.ts) when the
 * browser accepts one.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(join(distDir, "index.html"));
  const hasDisplayPage = existsSync(join(distDir, "display.html"));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: resolve(distDir),
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: staticHeaders(join(resolve(distDir), "assets") + sep),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith("/backend/") || request.url.startsWith("/demo/");
    const isPageRequest = request.method === "GET" || request.method === "HEAD";
    if (!isPageRequest || isApi) return reply.code(404).send({ ok: false, error: "not found" });
    if (!hasBuild) {
      return reply.code(503).type("text/plain").send("The web app is not built. Run `npm run build` (npm start does it).");
    }
    return reply.sendFile(hasDisplayPage && DISPLAY_PATH.test(request.url) ? "display.html" : "index.html");
  });
  if (hasBuild) {
    // Fastify answers HEAD on every GET route (exposeHeadRoutes), so / needs no route of its own for it.
    app.get("/", (_request, reply) => reply.sendFile("index.html"));
  }
}
