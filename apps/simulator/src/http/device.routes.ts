import type { FastifyInstance } from "fastify";
import type { SimulatorContext } from "../context.ts";
import { hardware, pressDevice } from "../engine/device-input.ts";
import { EngineError } from "../engine/engine-error.ts";
import { actionBody, checkpointDefectBody, hubStatusBody, idParams, pressBody, printerBody, reportBody } from "@caresuite/protocol";

/** Device actions (from the server), presses and reports (test and demo input), open calls. */
export function registerDeviceRoutes(app: FastifyInstance, context: SimulatorContext): void {
  const { engine, control } = context;

  app.post("/api/devices/:id/actions", async (request) => {
    const { id } = idParams.parse(request.params);
    const { action, section_id } = actionBody.parse(request.body);
    const events = control.run(id, action, section_id);
    return { success: true, events };
  });

  app.post("/api/devices/:id/press", async (request) => {
    const { id } = idParams.parse(request.params);
    const { kind, call_type_id } = pressBody.parse(request.body);
    return { events: pressDevice(engine, id, kind, call_type_id) };
  });

  app.post("/api/devices/:id/report", async (request) => {
    const { id } = idParams.parse(request.params);
    const values = reportBody.parse(request.body);
    hardware(engine, id);
    return { events: engine.report(id, values) };
  });

  app.post("/api/hubs/:id/printer", async (request) => {
    const { id } = idParams.parse(request.params);
    const { address, error, node_id } = printerBody.parse(request.body);
    if (!engine.config.hubs.some((hub) => hub.id === id)) throw new EngineError(404, `unknown hub ${id}`);
    return { events: engine.emit([{ type: "hub.printer", data: { hub_id: id, address, error, node_id: node_id ?? null } }]) };
  });

  app.post("/api/checkpoints/:id/defect", async (request) => {
    const { id } = idParams.parse(request.params);
    const { defect } = checkpointDefectBody.parse(request.body);
    if (id > 9999) throw new EngineError(404, `unknown checkpoint ${id}`);
    return { events: engine.reportCheckpoint(id, defect) };
  });

  app.post("/api/hubs/:id/status", async (request) => {
    const { id } = idParams.parse(request.params);
    const body = hubStatusBody.parse(request.body);
    if (!engine.config.hubs.some((hub) => hub.id === id)) throw new EngineError(404, `unknown hub ${id}`);
    return { events: engine.reportHub(id, body) };
  });

  app.get("/api/calls/open", async () => ({ calls: engine.openCalls() }));
}
