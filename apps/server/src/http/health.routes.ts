import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Services } from "./request-context.ts";
import { runningVersion } from "../modules/updates/releases.ts";

/** Liveness and readiness for load balancers and monitoring: is the database answering? */
export function registerHealth(app: FastifyInstance, services: Services): void {
  const version = runningVersion();
  app.get("/backend/health", async (_request, reply) => {
    const started = performance.now();
    try {
      await sql`select 1`.execute(services.db.kysely);
      const callsystems = (services.links?.all() ?? []).map((link) => link.state());
      return {
        status: "ok",
        version,
        database: services.db.dialect,
        db_ms: Math.round(performance.now() - started),
        callsystems: callsystems.map((s) => ({ system_id: s.system_id, connected: s.connected, last_event_at: s.last_event_at })),
      };
    } catch {
      return reply.code(503).send({ status: "error", version, database: services.db.dialect });
    }
  });
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/** Who may read the metrics: the METRICS_TOKEN bearer, or, without a token configured, the machine itself. */
export function mayReadMetrics(token: string | undefined, authorization: string | undefined, remoteAddress: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(authorization ?? "");
    const wanted = Buffer.from(`Bearer ${token}`);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  }
  return LOOPBACK.has(remoteAddress ?? "");
}

/** Prometheus text format: link state and event counters per system (for monitoring). */
export function registerMetrics(app: FastifyInstance, services: Services): void {
  app.get("/backend/metrics", async (request, reply) => {
    // The raw socket's address: X-Forwarded-For is the client's to choose.
    if (!mayReadMetrics(services.config.METRICS_TOKEN, request.headers.authorization, request.raw.socket.remoteAddress)) {
      return reply.code(403).send({ ok: false, error: "forbidden" });
    }
    const lines: string[] = [
      "# HELP caresuite_callsystem_connected 1 when the link to the call system is connected.",
      "# TYPE caresuite_callsystem_connected gauge",
    ];
    const links = services.links?.all() ?? [];
    for (const link of links) lines.push(`caresuite_callsystem_connected{system="${link.systemId}"} ${link.state().connected ? 1 : 0}`);
    lines.push("# HELP caresuite_callsystem_last_seq Last applied event sequence.", "# TYPE caresuite_callsystem_last_seq gauge");
    for (const link of links) lines.push(`caresuite_callsystem_last_seq{system="${link.systemId}"} ${link.state().last_seq}`);
    lines.push("# HELP caresuite_callsystem_events_total Controller events by outcome.", "# TYPE caresuite_callsystem_events_total counter");
    for (const link of links) {
      for (const [outcome, count] of Object.entries(link.counters())) {
        lines.push(`caresuite_callsystem_events_total{system="${link.systemId}",outcome="${outcome}"} ${count}`);
      }
    }
    return reply.type("text/plain; version=0.0.4").send(`${lines.join("\n")}\n`);
  });
}
