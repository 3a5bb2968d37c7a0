import { HUB_STATUSES } from "@caresuite/domain";
import { z } from "zod";

/**
 * The events the controller journals and streams (docs/protocol.md "Events"). Every event has a
 * sequence number that is strictly increasing and never reused, also across restarts.
 */

/** Why a call ended. "timeout" is reserved for a controller-side call timeout (not emitted yet). */
export const CLOSE_REASONS = ["reset", "presence", "action", "timeout"] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** ISO 8601 UTC; any text Date.parse reads is taken (a controller's clock format is its own). */
const time = z.string().refine((value) => Number.isFinite(Date.parse(value)), { error: "expected an ISO time" });
const id = z.number().int().positive();

/** The `data` of each event type. */
export const EVENT_DATA_SCHEMAS = {
  /** `call_id` is the seq of this very event: unique and stable without a second counter. */
  "call.opened": z.object({ call_id: id, device_id: id, call_type_id: id, section_id: id.nullable(), call_source_id: id.nullable(), opened_at: time }),
  "call.closed": z.object({ call_id: id, device_id: id, closed_at: time, reason: z.enum(CLOSE_REASONS) }),
  "presence.on": z.object({ device_id: id, section_id: id.nullable() }),
  "presence.off": z.object({ device_id: id, section_id: id.nullable() }),
  "device.battery": z.object({ device_id: id, battery: z.number().int().min(0).max(100) }),
  "device.reachability": z.object({ device_id: id, reachable: z.boolean() }),
  /**
   * A checkpoint (spec data §3.4 "Checkpoint: id, number, ...", located by its number) reports its
   * defect flag: set while it is broken, cleared when it works again. Only changes are sent.
   */
  "checkpoint.defect": z.object({ checkpoint: z.number().int().min(1).max(9999), defect: z.boolean() }),
  "hub.printer": z.object({ hub_id: id, address: z.string(), error: z.string(), node_id: id.nullable() }),
  /** A hub reports its state (spec "Hub: ... status, last_sync"): hourly while it syncs, at once when it changes. */
  "hub.status": z.object({ hub_id: id, status: z.enum(HUB_STATUSES), last_sync: time.nullable() }),
  /** After a publish, and at start when the stored revision was not yet announced. */
  "config.changed": z.object({ revision: z.number().int().min(0) }),
} as const;

export type EventDataMap = { [K in keyof typeof EVENT_DATA_SCHEMAS]: z.infer<(typeof EVENT_DATA_SCHEMAS)[K]> };
export type EventType = keyof EventDataMap;

export const EVENT_TYPES = Object.keys(EVENT_DATA_SCHEMAS) as readonly EventType[];

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENT_DATA_SCHEMAS, type);
}

/** Events that change the open calls (subscribers of a system's calls are told about these). */
export const CALL_EVENT_TYPES: ReadonlySet<string> = new Set<EventType>(["call.opened", "call.closed"]);

/**
 * A message on the event socket as a client first reads it: `{ seq, type, at, data }`. Its data is
 * checked against the type's schema where the event is applied, so an unknown or malformed event
 * still moves the client's position past it.
 */
export const eventEnvelopeSchema = z.object({
  seq: z.number().int().positive(),
  type: z.string().max(50),
  at: time,
  data: z.record(z.string(), z.unknown()),
});
export type EventEnvelope = z.infer<typeof eventEnvelopeSchema>;

/** An event before the journal gave it a seq and a time. */
export type EventDraft = { [K in EventType]: { type: K; data: EventDataMap[K] } }[EventType];

/** A journaled event as it is stored and sent: `{ seq, type, at, data }`. */
export type SimEvent = { [K in EventType]: { seq: number; type: K; at: string; data: EventDataMap[K] } }[EventType];

/** An open call as `GET /api/calls/open` lists it (the data of its call.opened event). */
export type OpenCall = EventDataMap["call.opened"];
