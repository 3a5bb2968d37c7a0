import type { FastifyInstance, FastifyReply } from "fastify";
import { checkPublishTextOffThread } from "@caresuite/protocol/validate/off-thread";
import { FIRMWARE_VERSION, PublishError, jobParams, keepLiveState } from "@caresuite/protocol";
import type { SimulatorContext } from "../context.ts";

/** Firmware, configuration and publishing (docs/protocol.md "Configuration", "Publishing"). */
export function registerConfigRoutes(app: FastifyInstance, context: SimulatorContext): void {
  const { engine, publish, clock, options } = context;

  app.get("/api/firmware", async () => ({ version: FIRMWARE_VERSION }));

  app.get("/api/config", async () => engine.config);

  // The publish body arrives as text and is parsed and validated in a worker thread when large
  // (20,000 nodes take over half a second): the controller keeps handling calls meanwhile.
  void app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));

    const busy = (reply: FastifyReply) => reply.code(409).send({ error: "publish in progress", job_id: publish.runningJobId });
    scope.post("/api/config/publish", async (request, reply) => {
      // spec: "Publishing ... blocks other changes": one publish at a time.
      if (publish.runningJobId) return busy(reply);
      const body = typeof request.body === "string" ? request.body : "";
      const checked = await checkPublishTextOffThread({ body, now: new Date(clock.now()).toISOString(), content: true });
      if (!checked.ok && "malformed" in checked) return reply.code(400).send({ error: "invalid request", issues: checked.malformed });
      const job = publish.start({
        // Checked on arrival; the outcome shows at the "validating" step, as a controller reports it.
        validate: () => {
          if (!checked.ok) throw new PublishError(checked.code, checked.detail);
          if (!checked.content) throw new Error("the check was asked for the configuration");
          return checked.content;
        },
        apply: (content) => {
          // The hardware's live state as it is now, not as it was when the body arrived.
          keepLiveState(content, engine.config, new Date(clock.now()).toISOString());
          engine.applyConfig(content);
          return engine.config.revision;
        },
        stepMs: options.publishStepMs,
        recordMs: options.publishRecordMs,
        records: checked.records,
        leaseMs: options.publishLeaseMs,
        now: () => clock.now(),
      });
      if (!job) return busy(reply);
      return reply.code(202).send({ job_id: job.job_id });
    });
  });

  app.get("/api/config/publish/:job_id", async (request, reply) => {
    const { job_id } = jobParams.parse(request.params);
    const job = publish.poll(job_id);
    return job ?? reply.code(404).send({ error: "unknown publish job" });
  });
}
