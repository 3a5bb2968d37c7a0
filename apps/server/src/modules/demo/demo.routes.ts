import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { demoModeOn } from "../appdata/app-state.service.ts";
import { entityTables } from "../entities/entity-tables.ts";
import { openCalls } from "../calls/calls.service.ts";
import { isControllerRefusal, refusalMessage } from "../../callsystem/protocol-client.ts";
import { demoFloors } from "./demo.service.ts";

/**
 * spec §7 "Demo: POST /demo/call/trigger (call_type_id, section_id, device_id, close); POST
 * /demo/call/close; POST /demo/reset". They exist only in demo mode and drive the virtual call
 * system through the same link as everything else: a demo call takes the real path.
 */
const triggerBody = z.strictObject({
  call_type_id: z.number().int().positive(),
  section_id: z.number().int().positive().nullable().optional(),
  device_id: z.number().int().positive(),
  close: z.boolean().optional().default(false),
});

/** Answers 404 outside demo mode: then the demo routes do not exist. */
async function inDemoMode(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  if (await demoModeOn(request.ctx)) return true;
  await reply.code(404).send({ ok: false, error: "not found" });
  return false;
}

async function demoLink(request: FastifyRequest, reply: FastifyReply) {
  const ctx = request.ctx;
  if (!(await inDemoMode(request, reply))) return null;
  const link = ctx.links?.get(ctx.systemId);
  if (!link?.state().connected) {
    await reply.code(409).send({ ok: false, error: "call system not connected" });
    return null;
  }
  return link;
}

/** Closes every open call (and presence) of the system, device by device. */
async function closeAll(request: FastifyRequest, link: NonNullable<Awaited<ReturnType<typeof demoLink>>>): Promise<number> {
  const devices = [...new Set((await openCalls(request.ctx, request.ctx.systemId)).map((c) => c.number))];
  for (const device of devices) await link.press(device, "cancel");
  return devices.length;
}

export function registerDemoRoutes(app: FastifyInstance): void {
  // Not in the spec's list: the demo screen's floors and rooms (there is no system tree query
  // yet). Public like the screen itself; it reads the database only, so it answers while the
  // call system is away.
  app.get("/demo/rooms", async (request, reply) => {
    if (!(await inDemoMode(request, reply))) return reply;
    return { ok: true, floors: await demoFloors(request.ctx) };
  });

  app.post("/demo/call/trigger", async (request, reply) => {
    const link = await demoLink(request, reply);
    if (!link) return reply;
    const parsed = triggerBody.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ ok: false, error: "invalid body" });
    // section_id is accepted (spec §7 lists it) but the virtual call system places a call in the
    // device's own section, for opening and closing alike.
    const { call_type_id, device_id, close } = parsed.data;
    const type = await entityTables(request.ctx.db.kysely)
      .selectFrom("call_types")
      .select(["flag", "urgency"])
      .where("system_id", "=", request.ctx.systemId)
      .where("id", "=", call_type_id)
      .executeTakeFirst();
    if (!type) return reply.code(400).send({ ok: false, error: "unknown call type" });
    try {
      if (type["flag"] === "Presence") {
        // Presence toggles at the device: pressing it again takes presence back.
        await link.press(device_id, "presence");
      } else if (close) {
        // The device opens a call in its own section: a section_id is not applied on open, so it
        // is not on close either, or a body with another section could not close what it opened
        //.
        await link.sendAction(device_id, "EndCalls", null);
      } else {
        await link.press(device_id, type["urgency"] === "EMERGENCY" ? "emergency" : "alert", call_type_id);
      }
    } catch (error) {
      // An unknown device is bad input, not a server fault.
      if (isControllerRefusal(error)) return reply.code(400).send({ ok: false, error: refusalMessage(error) });
      throw error;
    }
    return { ok: true };
  });

  app.post("/demo/call/close", async (request, reply) => {
    const link = await demoLink(request, reply);
    if (!link) return reply;
    return { ok: true, closed: await closeAll(request, link) };
  });

  app.post("/demo/reset", async (request, reply) => {
    const link = await demoLink(request, reply);
    if (!link) return reply;
    // The client signs in again and reloads (spec "Reset demo").
    return { ok: true, closed: await closeAll(request, link) };
  });
}
