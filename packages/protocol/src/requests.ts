import { HUB_STATUSES } from "@caresuite/domain";
import { z } from "zod";

/** Request bodies and parameters of the protocol (docs/protocol.md); a mismatch answers 400. */

/** What a person does at a device (docs/protocol.md "Press"). */
export const PRESS_KINDS = ["alert", "presence", "emergency", "cancel"] as const;
export type PressKind = (typeof PRESS_KINDS)[number];

/** spec §3.1 "Control actions: EndCalls, IgnoreDefects, Mute, Restart, Unmute." */
export const DEVICE_ACTIONS = ["EndCalls", "IgnoreDefects", "Mute", "Restart", "Unmute"] as const;
export type DeviceAction = (typeof DEVICE_ACTIONS)[number];

/** What `GET /api/firmware` reports; the server shows it as the configurator version. */
export const FIRMWARE_VERSION = "GETS 5.8.2 (virtual)";

const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
const seq = z.coerce.number().int().min(0);

export const idParams = z.object({ id });
export const jobParams = z.object({ job_id: z.string().min(1).max(100) });

export const pressBody = z.strictObject({
  kind: z.enum(PRESS_KINDS),
  call_type_id: id.optional(),
});

export const actionBody = z.strictObject({
  action: z.enum(DEVICE_ACTIONS),
  section_id: id.optional(),
});

/** A device's own report (test input): what its radio would say. */
export const reportBody = z
  .strictObject({
    battery: z.number().int().min(0).max(100).optional(),
    reachable: z.boolean().optional(),
  })
  .refine((body) => body.battery !== undefined || body.reachable !== undefined, { error: "battery or reachable is needed" });

export const printerBody = z.strictObject({
  address: z.string().min(1).max(100),
  error: z.string().min(1).max(200),
  node_id: id.nullable().optional(),
});

/** A checkpoint's defect flag (test and demo input: a Defect incident for the checkpoint). */
export const checkpointDefectBody = z.strictObject({ defect: z.boolean() });

/** A hub's state (test and demo input: a hub that stops syncing makes the "outdated hubs" banner appear). */
export const hubStatusBody = z.strictObject({
  status: z.enum(HUB_STATUSES),
  last_sync: z.iso.datetime({ offset: true }).nullable(),
});

export const trafficBody = z.strictObject({
  enabled: z.boolean(),
  seed: z.number().int().optional(),
  speed: z.number().positive().max(100_000).optional(),
  day_rate_per_hour: z.number().min(0).max(100_000).optional(),
  night_rate_per_hour: z.number().min(0).max(100_000).optional(),
});

export const stallBody = z.strictObject({ ms: z.number().int().min(0).max(600_000) });
/**
 * Fault hook: every answer but the fault hooks' own is this 5xx status (0 = off); with `path`, only
 * requests whose URL starts with it (a test of the publish keeps the event stream up).
 */
export const failBody = z.strictObject({
  status: z.union([z.literal(0), z.number().int().min(500).max(599)]),
  path: z.string().startsWith("/api/").max(200).optional(),
});

export const journalQuery = z.object({
  from: seq.default(0),
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
});

export const eventsQuery = z.object({
  from: seq.default(0),
  /** A name for the client in acks and status (default: its address). */
  client: z.string().min(1).max(100).optional(),
});

/** What a client may send on the event socket. */
export const clientMessage = z.object({ type: z.literal("ack"), seq: z.number().int().min(0) });
