import { DEMO_CALL_TYPES } from "@caresuite/domain";
import { HARDWARE_KINDS, type CallTypeRecord, type EventDraft, type PressKind, type SimEvent, type TreeNode } from "@caresuite/protocol";
import type { CallEngine } from "./call-engine.ts";
import { EngineError } from "./engine-error.ts";

/** The node if it is hardware (device, person, tech). */
export function hardware(engine: CallEngine, deviceId: number): TreeNode {
  const node = engine.tree.get(deviceId);
  if (!node) throw new EngineError(404, `unknown device ${deviceId}`);
  if (!HARDWARE_KINDS.includes(node.kind)) throw new EngineError(400, `node ${deviceId} is a ${node.kind}, not a device`);
  return node;
}

function callTypeOr400(engine: CallEngine, id: number): CallTypeRecord {
  const type = engine.callType(id);
  if (!type) throw new EngineError(400, `unknown call type ${id}`);
  return type;
}

/** The demo's type if it has the wanted urgency, else the first of that urgency (publishes may renumber). */
function typeByUrgency(engine: CallEngine, preferredId: number, urgency: CallTypeRecord["urgency"]): CallTypeRecord {
  const candidates = engine.config.call_types.filter((type) => type.urgency === urgency && type.flag !== "Presence");
  const type = candidates.find((candidate) => candidate.id === preferredId) ?? candidates[0];
  if (!type) throw new EngineError(409, `no ${urgency} call type configured`);
  return type;
}

/** Closes everything in the device's room, presence included: the reset button. */
function cancel(engine: CallEngine, device: TreeNode, at: number): SimEvent[] {
  const presenceEvents = engine.presenceOff(device.id, at);
  const drafts: EventDraft[] = engine.callsInScope(device.id).map((call) => engine.draftClosed(call, "reset", at));
  return [...presenceEvents, ...engine.emit(drafts, at)];
}

/** A call at the device; while staff is present it becomes the emergency (spec "Demo buttons"). */
function alert(engine: CallEngine, device: TreeNode, callTypeId: number | undefined, at: number): SimEvent[] {
  const type =
    callTypeId !== undefined
      ? callTypeOr400(engine, callTypeId)
      : device.default_call_type_id !== null
        ? callTypeOr400(engine, device.default_call_type_id)
        : typeByUrgency(engine, DEMO_CALL_TYPES.alert, "NORMAL");
  if (type.flag === "Presence") throw new EngineError(400, `call type ${type.id} is a presence type: press "presence"`);
  if (engine.presenceInScope(device.id).length > 0 && type.urgency !== "EMERGENCY") {
    // spec: "pressing alert while presence is on turns both into emergency (presence closed, emergency sent)".
    const emergency = typeByUrgency(engine, DEMO_CALL_TYPES.emergency, "EMERGENCY");
    return [...engine.presenceOff(device.id, at), ...engine.openCall(device.id, emergency.id, at)];
  }
  return engine.openCall(device.id, type.id, at);
}

/**
 * A press at a device (test and demo input). Returns the events it caused; none when it changes
 * nothing (the call is already open), as a real button would.
 */
export function pressDevice(engine: CallEngine, deviceId: number, kind: PressKind, callTypeId?: number): SimEvent[] {
  const device = hardware(engine, deviceId);
  if (!device.is_enabled) throw new EngineError(409, `device ${deviceId} is disabled`);
  const at = engine.now();
  switch (kind) {
    case "alert":
      return alert(engine, device, callTypeId, at);
    case "emergency": {
      const type = callTypeId !== undefined ? callTypeOr400(engine, callTypeId) : typeByUrgency(engine, DEMO_CALL_TYPES.emergency, "EMERGENCY");
      return engine.openCall(device.id, type.id, at);
    }
    case "presence":
      // A second press takes presence back (the button toggles).
      return engine.presenceInScope(device.id).length > 0 ? engine.presenceOff(device.id, at) : engine.presenceOn(device.id, at);
    case "cancel":
      return cancel(engine, device, at);
  }
}
