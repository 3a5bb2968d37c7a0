import type { FastifyInstance } from "fastify";
import type { SimulatorContext } from "../context.ts";
import { failBody, stallBody, trafficBody } from "@caresuite/protocol";

/** The traffic generator switch and the fault hooks for tests. */
export function registerControlRoutes(app: FastifyInstance, context: SimulatorContext): void {
  const { traffic, clock, clients, debug } = context;

  app.get("/api/traffic", async () => traffic.status());

  app.post("/api/traffic", async (request) => {
    const body = trafficBody.parse(request.body);
    if (body.speed !== undefined && body.speed !== clock.speed) {
      clock.setSpeed(body.speed);
      traffic.reschedule();
    }
    if (!body.enabled) {
      traffic.stop();
      return traffic.status();
    }
    const profile = {
      ...(body.day_rate_per_hour === undefined ? {} : { dayRatePerHour: body.day_rate_per_hour }),
      ...(body.night_rate_per_hour === undefined ? {} : { nightRatePerHour: body.night_rate_per_hour }),
    };
    traffic.start({ ...(body.seed === undefined ? {} : { seed: body.seed }), profile });
    return traffic.status();
  });

  app.post("/api/debug/drop-sockets", async () => ({ dropped: clients.dropAll() }));

  app.post("/api/debug/stall", async (request) => {
    debug.stallMs = stallBody.parse(request.body).ms;
    return { stall_ms: debug.stallMs };
  });

  app.post("/api/debug/fail", async (request) => {
    const fail = failBody.parse(request.body);
    debug.failStatus = fail.status;
    debug.failPath = fail.path ?? "/";
    return { fail_status: debug.failStatus, fail_path: debug.failPath };
  });
}
