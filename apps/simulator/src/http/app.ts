import websocket from "@fastify/websocket";
import Fastify, { LogController, type FastifyInstance } from "fastify";
import { ZodError } from "zod";
import type { SimulatorContext } from "../context.ts";
import { EngineError } from "../engine/engine-error.ts";
import { hasBasicAuth } from "./basic-auth.ts";
import { registerConfigRoutes } from "./config.routes.ts";
import { registerControlRoutes } from "./control.routes.ts";
import { registerDeviceRoutes } from "./device.routes.ts";
import { registerEventRoutes } from "./events.routes.ts";
import { registerJournalRoutes } from "./journal.routes.ts";

/** The stall hook's own route stays fast, or a test could never switch the stall off. */
const STALL_ROUTE = "/api/debug/stall";

/** The controller's HTTP + WebSocket protocol (docs/protocol.md). */
export async function buildApp(context: SimulatorContext): Promise<FastifyInstance> {
  const { options } = context;
  const app = Fastify({
    logger: options.logLevel === "silent" ? false : { level: options.logLevel },
    // A publish carries the whole configuration.
    bodyLimit: 32 * 1024 * 1024,
    // Traffic and pollers make request logs noise; they show at debug and trace.
    logController: new LogController({ disableRequestLogging: options.logLevel !== "debug" && options.logLevel !== "trace" }),
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  // Basic auth on every route, the event socket's upgrade included (a real controller's habit).
  app.addHook("onRequest", async (request, reply) => {
    if (!hasBasicAuth(request.headers.authorization, options.user, options.password)) {
      return reply.code(401).header("www-authenticate", 'Basic realm="GETS"').type("text/plain").send("Unauthorized");
    }
    if (context.debug.failStatus > 0 && request.url.startsWith(context.debug.failPath) && !request.url.startsWith("/api/debug/")) {
      return reply.code(context.debug.failStatus).send({ error: "internal error" });
    }
    if (context.debug.stallMs > 0 && request.url !== STALL_ROUTE) {
      await new Promise((resolve) => setTimeout(resolve, context.debug.stallMs));
    }
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: "not found" }));

  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof ZodError) {
      const issues = error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
      return reply.code(400).send({ error: "invalid request", issues });
    }
    if (error instanceof EngineError) return reply.code(error.status).send({ error: error.message });
    const status = (error as { statusCode?: number }).statusCode;
    // Fastify's own client errors (bad JSON, wrong content type, too large) keep their status.
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.code(status).send({ error: (error as Error).message });
    }
    request.log.error(error);
    return reply.code(500).send({ error: "internal error" });
  });

  registerConfigRoutes(app, context);
  registerDeviceRoutes(app, context);
  registerJournalRoutes(app, context);
  registerControlRoutes(app, context);
  registerEventRoutes(app, context);
  return app;
}
