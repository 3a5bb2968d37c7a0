/**
 * The events the controller journals and streams (docs/protocol.md "Events"). Every event has a
 * sequence number that is strictly increasing and never reused, also across restarts.
 */

/** Why a call ended. "timeout" is reserved for a controller-side call timeout (not emitted yet). */
export const CLOSE_REASONS = ["reset", "presence", "action", "timeout"] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

export interface EventDataMap {
  /** `call_id` is the seq of this very event: unique and stable without a second counter. */
  "call.opened": {
    call_id: number;
    device_id: number;
    call_type_id: number;
    section_id: number | null;
    call_source_id: number | null;
    opened_at: string;
  };
  "call.closed": { call_id: number; device_id: number; closed_at: string; reason: CloseReason };
  "presence.on": { device_id: number; section_id: number | null };
  "presence.off": { device_id: number; section_id: number | null };
  "device.battery": { device_id: number; battery: number };
  "device.reachability": { device_id: number; reachable: boolean };
  "hub.printer": { hub_id: number; address: string; error: string; node_id: number | null };
  "config.changed": { revision: number };
}

export type EventType = keyof EventDataMap;

export const EVENT_TYPES: readonly EventType[] = [
  "call.opened",
  "call.closed",
  "presence.on",
  "presence.off",
  "device.battery",
  "device.reachability",
  "hub.printer",
  "config.changed",
];

/** An event before the journal gave it a seq and a time. */
export type EventDraft = { [K in EventType]: { type: K; data: EventDataMap[K] } }[EventType];

/** A journaled event as it is stored and sent: `{ seq, type, at, data }`. */
export type SimEvent = { [K in EventType]: { seq: number; type: K; at: string; data: EventDataMap[K] } }[EventType];

/** An open call as `GET /api/calls/open` lists it (the data of its call.opened event). */
export type OpenCall = EventDataMap["call.opened"];
