import type { FastifyInstance } from "fastify";
import { validateConfig } from "@caresuite/protocol";
import type { SimulatorContext } from "../context.ts";
import { FIRMWARE_VERSION, jobParams, publishBodySchema } from "@caresuite/protocol";

/** Firmware, configuration and publishing (docs/protocol.md "Configuration", "Publishing"). */
export function registerConfigRoutes(app: FastifyInstance, context: SimulatorContext): void {
  const { engine, publish, clock, options } = context;

  app.get("/api/firmware", async () => ({ version: FIRMWARE_VERSION }));

  app.get("/api/config", async () => engine.config);

  app.post("/api/config/publish", async (request, reply) => {
    const body = publishBodySchema.parse(request.body);
    const job = publish.start({
      validate: () => validateConfig(body, engine.config, new Date(clock.now()).toISOString()),
      apply: (content) => {
        engine.applyConfig(content);
        return engine.config.revision;
      },
      stepMs: options.publishStepMs,
      recordMs: options.publishRecordMs,
      records: Object.values(body).reduce<number>((sum, value) => sum + (Array.isArray(value) ? value.length : 0), 0),
      leaseMs: options.publishLeaseMs,
      now: () => clock.now(),
    });
    // spec: "Publishing ... blocks other changes": one publish at a time.
    if (!job) return reply.code(409).send({ error: "publish in progress", job_id: publish.runningJobId });
    return reply.code(202).send({ job_id: job.job_id });
  });

  app.get("/api/config/publish/:job_id", async (request, reply) => {
    const { job_id } = jobParams.parse(request.params);
    const job = publish.poll(job_id);
    return job ?? reply.code(404).send({ error: "unknown publish job" });
  });
}
