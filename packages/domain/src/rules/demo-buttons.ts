import { DEMO_CALL_TYPES } from "../constants.ts";

/**
 * The demo screen's room buttons (spec screens §4 "Demo buttons"): "alert and presence toggle
 * independently; pressing alert while presence is on turns both into emergency (presence closed,
 * emergency sent); pressing either while both on cancels emergency and clears both."
 *
 * The state is never kept in the browser: it is read from the live open calls of the room's
 * device, so every browser showing the demo agrees. "Both on" is the emergency: the call system
 * then has the emergency call open (and neither the alert nor the presence).
 */

/** The three per-room controls. */
export type DemoButton = "alert" | "presence" | "emergency";

/** A room as its buttons show it; `emergency` is the spec's "both on". */
export type DemoRoomMode = "off" | "alert" | "presence" | "emergency";

/**
 * One request to POST /demo/call/trigger (spec §7). For the presence call type the call system
 * toggles presence at the device ("a second trigger takes it back"); `close` says which way we
 * mean. For the others `close: true` ends the device's calls.
 */
export interface DemoTrigger {
  call_type_id: number;
  close: boolean;
}

/** The minimum of an open call the rule reads. */
export interface DemoOpenCall {
  /** spec §3.4: "number (device id)". */
  number: number;
  call_type_id: number;
}

const open = (callTypeId: number): DemoTrigger => ({ call_type_id: callTypeId, close: false });
const close = (callTypeId: number): DemoTrigger => ({ call_type_id: callTypeId, close: true });

/**
 * The room's mode from the open calls of its device. An emergency, or an alert and a presence
 * open at once, is "both on".
 */
export function demoRoomMode(calls: readonly DemoOpenCall[], deviceId: number): DemoRoomMode {
  const has = (callTypeId: number): boolean => calls.some((call) => call.number === deviceId && call.call_type_id === callTypeId);
  const alert = has(DEMO_CALL_TYPES.alert);
  const presence = has(DEMO_CALL_TYPES.presence);
  if (has(DEMO_CALL_TYPES.emergency) || (alert && presence)) return "emergency";
  if (alert) return "alert";
  if (presence) return "presence";
  return "off";
}

/** Which buttons are lit: in an emergency ("both on") alert and presence light with it. */
export function demoButtonLights(mode: DemoRoomMode): Record<DemoButton, boolean> {
  return {
    alert: mode === "alert" || mode === "emergency",
    presence: mode === "presence" || mode === "emergency",
    emergency: mode === "emergency",
  };
}

/** What pressing `button` in `mode` sends (in this order) and the mode the room is in after it. */
export function pressDemoButton(mode: DemoRoomMode, button: DemoButton): { next: DemoRoomMode; triggers: DemoTrigger[] } {
  const { alert, presence, emergency } = DEMO_CALL_TYPES;
  // spec: "pressing either while both on cancels emergency and clears both". Ending the device's
  // calls closes the emergency and whatever else is open there, presence included.
  if (mode === "emergency") return { next: "off", triggers: [close(emergency)] };
  if (button === "emergency") {
    // The direct emergency button: what is on goes off first, as when both turn into emergency.
    const first = mode === "alert" ? [close(alert)] : mode === "presence" ? [close(presence)] : [];
    return { next: "emergency", triggers: [...first, open(emergency)] };
  }
  if (button === "alert") {
    if (mode === "alert") return { next: "off", triggers: [close(alert)] };
    // spec: "pressing alert while presence is on turns both into emergency (presence closed,
    // emergency sent)".
    if (mode === "presence") return { next: "emergency", triggers: [close(presence), open(emergency)] };
    return { next: "alert", triggers: [open(alert)] };
  }
  if (mode === "presence") return { next: "off", triggers: [close(presence)] };
  // spec: "alert and presence toggle independently": presence goes on beside the alert, and both
  // on is the emergency; the alert it replaces is ended first.
  if (mode === "alert") return { next: "emergency", triggers: [close(alert), open(emergency)] };
  return { next: "presence", triggers: [open(presence)] };
}

/** One state a room can be in; a room may be in several at once. `call` is any other call type. */
export type DemoRoomState = "emergency" | "alert" | "call" | "presence";

/** Most urgent first, as the board sorts calls. */
const STATE_ORDER: readonly DemoRoomState[] = ["emergency", "alert", "call", "presence"];

/**
 * Every state the room's device is in, from the live open calls ("a room shows every
 * state it is in (call and presence together, emergency)"). The mode above folds alert and
 * presence into "both on"; the status shows them as they are, with calls of other types too.
 */
export function demoRoomStates(calls: readonly DemoOpenCall[], deviceId: number): DemoRoomState[] {
  const states = new Set<DemoRoomState>();
  for (const call of calls) {
    if (call.number !== deviceId) continue;
    if (call.call_type_id === DEMO_CALL_TYPES.emergency) states.add("emergency");
    else if (call.call_type_id === DEMO_CALL_TYPES.alert) states.add("alert");
    else if (call.call_type_id === DEMO_CALL_TYPES.presence) states.add("presence");
    else states.add("call");
  }
  return STATE_ORDER.filter((state) => states.has(state));
}
