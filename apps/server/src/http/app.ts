import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { REQUEST_HEADER, SYSTEM_HEADER, VERSION_HEADER } from "@caresuite/domain";
import type { RequestContext } from "../context.ts";
import { registerAuthRoutes } from "./auth.routes.ts";
import { registerDemoRoutes } from "../modules/demo/demo.routes.ts";
import { registerCheckpointMapRoutes } from "../modules/checkpoint-maps/checkpoint-maps.routes.ts";
import { registerExportRoutes } from "../modules/exports/exports.routes.ts";
import { createOpenCallsCache } from "../modules/calls/open-calls-cache.ts";
import { registerGraphql } from "./graphql.plugin.ts";
import { registerHealth, registerMetrics } from "./health.routes.ts";
import { refuseUnsafeInput } from "./input-guard.ts";
import { buildRequestContext, SESSION_COOKIE, type Services } from "./request-context.ts";
import { registerSecurityHeaders } from "./security-headers.ts";
import { fastifyTrustProxy } from "./trust-proxy.ts";
import { registerWebApp } from "./web-app.ts";
import { LOG_REDACT_CENSOR, LOG_REDACT_PATHS, rotatingLog } from "../modules/system-ops/log-files.ts";
import { registerSystemOpsRoutes } from "../modules/system-ops/system-ops.routes.ts";
import { runningVersion } from "../modules/updates/releases.ts";

declare module "fastify" {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

/** Paths that get a request context (system header, session) and the CSRF check. */
const API_PREFIXES = ["/backend/", "/demo/"];
/** Node keys request headers in lower case. */
const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * pino's options: the level, the redaction of secrets (every destination), and the destination:
 * standard output and/or the rotated files in DATA_DIR/logs (modules/system-ops/log-files.ts).
 */
function loggerOptions(config: Services["config"]): false | Record<string, unknown> {
  if (config.LOG_LEVEL === "silent") return false;
  const redact = { paths: LOG_REDACT_PATHS, censor: LOG_REDACT_CENSOR };
  if (!config.LOG_FILES) return { level: config.LOG_LEVEL, redact };
  const stream = rotatingLog(config.DATA_DIR, {
    maxBytes: Math.round(config.LOG_FILE_MAX_MB * 1024 * 1024),
    keep: config.LOG_FILE_KEEP,
    echo: config.LOG_STDOUT ? (line) => process.stdout.write(line) : undefined,
  });
  return { level: config.LOG_LEVEL, redact, stream };
}

/** Builds the HTTP application: REST, GraphQL (HTTP + WebSocket), health and the web app. */
export async function buildApp(services: Services): Promise<FastifyInstance> {
  services.openCalls ??= createOpenCallsCache(services.db.kysely, services.pubsub, services.now);
  const openCallsCache = services.openCalls;
  const app = Fastify({
    logger: loggerOptions(services.config),
    bodyLimit: 256 * 1024,
    // A request must be received whole within 2 minutes (Node answers 408): a body declared
    // longer than sent would otherwise hold its connection forever (Fastify's default is none).
    requestTimeout: 120_000,
    // X-Forwarded-* only from the proxies TRUST_PROXY names (off by default): otherwise anyone
    // could choose request.ip and dodge per-address throttling and limits.
    trustProxy: fastifyTrustProxy(services.config.TRUST_PROXY),
  });
  await app.register(cookie);

  // The version this process runs: a staged release says its own (modules/updates/releases.ts).
  const version = runningVersion();
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header(VERSION_HEADER, version);
    return payload;
  });
  registerSecurityHeaders(app);

  app.addHook("onRequest", async (request, reply) => {
    const unscoped = request.url.startsWith("/backend/health") || request.url.startsWith("/backend/metrics");
    if (!API_PREFIXES.some((p) => request.url.startsWith(p)) || unscoped) return;
    if (request.method === "POST" && header(request, REQUEST_HEADER) !== "1") {
      return reply.code(403).send({ ok: false, error: `missing ${REQUEST_HEADER} header` });
    }
    const ctx = await buildRequestContext(services, {
      sessionToken: request.cookies[SESSION_COOKIE],
      systemHeader: header(request, SYSTEM_HEADER),
      acceptLanguage: header(request, "accept-language"),
      ip: request.ip,
    });
    if (ctx === "system-unavailable") {
      return reply.code(424).send({ ok: false, error: "system unavailable" });
    }
    request.ctx = ctx;
  });

  // NUL, over-long lists and absurd nesting never reach a route or resolver (http/input-guard.ts).
  app.addHook("preValidation", refuseUnsafeInput);

  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    // Never a stack trace to a client (ARCHITECTURE «Contract rules»).
    return reply.code(status).send({ ok: false, error: status === 500 ? "internal error" : error.message });
  });

  app.addHook("onClose", async () => openCallsCache.close());
  registerHealth(app, services);
  registerMetrics(app, services);
  registerAuthRoutes(app, services);
  registerDemoRoutes(app);
  registerCheckpointMapRoutes(app);
  registerExportRoutes(app);
  registerSystemOpsRoutes(app);
  await registerGraphql(app, services);
  await registerWebApp(app, services.config.WEB_DIST);
  return app;
}
