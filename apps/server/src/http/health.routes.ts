import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { PRODUCT_VERSION } from "@caresuite/domain";
import type { Services } from "./request-context.ts";

/** Liveness and readiness for load balancers and monitoring: is the database answering? */
export function registerHealth(app: FastifyInstance, services: Services): void {
  app.get("/backend/health", async (_request, reply) => {
    const started = performance.now();
    try {
      await sql`select 1`.execute(services.db.kysely);
      return { status: "ok", version: PRODUCT_VERSION, database: services.db.dialect, db_ms: Math.round(performance.now() - started) };
    } catch {
      return reply.code(503).send({ status: "error", version: PRODUCT_VERSION, database: services.db.dialect });
    }
  });
}
