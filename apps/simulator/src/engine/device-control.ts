import type { DeviceAction, EventDraft, SimEvent } from "@caresuite/protocol";
import type { CallEngine } from "./call-engine.ts";
import { EngineError } from "./engine-error.ts";

/**
 * Control actions sent down to the controller (spec `sendDeviceAction`). EndCalls is the one the
 * call path depends on: "the call disappears only when the call system reports it closed".
 */
export class DeviceControl {
  private readonly engine: CallEngine;
  private readonly restartMs: number;
  private readonly muted = new Set<number>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(engine: CallEngine, restartMs: number) {
    this.engine = engine;
    this.restartMs = restartMs;
  }

  isMuted(deviceId: number): boolean {
    return this.muted.has(deviceId);
  }

  /** Runs an action on a node (a device, or a room/floor: then on everything below it). */
  run(nodeId: number, action: DeviceAction, sectionId?: number): SimEvent[] {
    if (!this.engine.tree.get(nodeId)) throw new EngineError(404, `unknown device ${nodeId}`);
    switch (action) {
      case "EndCalls":
        return this.endCalls(nodeId, sectionId);
      case "Mute":
        this.muted.add(nodeId);
        return [];
      case "Unmute":
        this.muted.delete(nodeId);
        return [];
      case "IgnoreDefects":
        // The virtual hardware has no defects to silence; accepted so the server's flow works.
        return [];
      case "Restart":
        return this.restart(nodeId);
    }
  }

  private endCalls(nodeId: number, sectionId: number | undefined): SimEvent[] {
    const tree = this.engine.tree;
    const at = this.engine.now();
    const calls = this.engine
      .openCalls()
      // A device removed by a publish is no longer in the tree; its own id still matches.
      .filter((call) => call.device_id === nodeId || tree.isWithin(call.device_id, nodeId))
      .filter((call) => sectionId === undefined || call.section_id === sectionId);
    const events: SimEvent[] = [];
    const isOpen = (callId: number): boolean => this.engine.openCalls().some((open) => open.call_id === callId);
    // Ending a presence call ends the presence itself, as the presence button would.
    for (const call of calls) {
      if (this.engine.isPresenceCall(call) && isOpen(call.call_id)) events.push(...this.engine.presenceOff(call.device_id, at, "action"));
    }
    const drafts: EventDraft[] = calls.filter((call) => isOpen(call.call_id)).map((call) => this.engine.draftClosed(call, "action", at));
    return [...events, ...this.engine.emit(drafts, at)];
  }

  /** The device drops off the radio and comes back: two reachability reports. */
  private restart(nodeId: number): SimEvent[] {
    const events = this.engine.report(nodeId, { reachable: false });
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.engine.report(nodeId, { reachable: true });
    }, this.restartMs);
    this.timers.add(timer);
    return events;
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
