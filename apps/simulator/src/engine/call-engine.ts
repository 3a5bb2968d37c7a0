import { DEMO_CALL_TYPES, HUB_STATUSES } from "@caresuite/domain";
import type { ConfigContent } from "@caresuite/protocol";
import { TreeIndex } from "../config/tree-index.ts";
import type { Journal } from "../journal/journal.ts";
import type { CallTypeRecord, CloseReason, ControllerConfig, EventDraft, HubRecord, OpenCall, SimEvent, TreeNode } from "@caresuite/protocol";

export interface EngineDeps {
  journal: Journal;
  /** The controller's clock (ms); simulated when the speed factor is not 1. */
  now: () => number;
  /** Stores the configuration with the last journal seq folded into it (config-store.ts). */
  persistConfig: (config: ControllerConfig, journalSeq: number) => void;
}

/**
 * The controller's call state: open calls, staff presence and the devices' live values. The state
 * is a fold of the journal: every change is journaled first and then applied with `apply`, the
 * same function the start-up replay uses, so a restart rebuilds exactly what was there.
 */
export class CallEngine {
  private readonly deps: EngineDeps;
  private configValue: ControllerConfig;
  private treeValue: TreeIndex;
  private readonly open = new Map<number, OpenCall>();
  /** Devices on which staff presence is on, with the section it was reported for. */
  private readonly presence = new Map<number, number | null>();
  /** Checkpoints (by number) whose defect flag is set. */
  private readonly defectiveCheckpoints = new Set<number>();

  constructor(deps: EngineDeps, config: ControllerConfig) {
    this.deps = deps;
    this.configValue = config;
    this.treeValue = new TreeIndex(config.system_tree);
  }

  now(): number {
    return this.deps.now();
  }

  get config(): ControllerConfig {
    return this.configValue;
  }

  get tree(): TreeIndex {
    return this.treeValue;
  }

  openCalls(): OpenCall[] {
    return [...this.open.values()];
  }

  callType(id: number): CallTypeRecord | undefined {
    return this.configValue.call_types.find((type) => type.id === id);
  }

  /** The call type presence is shown with: the demo's 6 if it is one, else the first Presence type. */
  presenceType(): CallTypeRecord | undefined {
    const types = this.configValue.call_types.filter((type) => type.flag === "Presence");
    return types.find((type) => type.id === DEMO_CALL_TYPES.presence) ?? types[0];
  }

  isPresenceCall(call: OpenCall): boolean {
    return this.callType(call.call_type_id)?.flag === "Presence";
  }

  /** Devices with presence on in the room (scope) of `deviceId`. */
  presenceInScope(deviceId: number): number[] {
    const scope = this.treeValue.roomScope(deviceId);
    return [...this.presence.keys()].filter((id) => this.treeValue.roomScope(id) === scope);
  }

  /** Open calls in the room (scope) of `deviceId`. */
  callsInScope(deviceId: number): OpenCall[] {
    const scope = this.treeValue.roomScope(deviceId);
    return this.openCalls().filter((call) => this.treeValue.roomScope(call.device_id) === scope);
  }

  /** Applies one journaled event to the state (live and on replay). */
  apply(event: SimEvent): void {
    switch (event.type) {
      case "call.opened":
        this.open.set(event.data.call_id, event.data);
        return;
      case "call.closed":
        this.open.delete(event.data.call_id);
        return;
      case "presence.on":
        this.presence.set(event.data.device_id, event.data.section_id);
        return;
      case "presence.off":
        this.presence.delete(event.data.device_id);
        return;
      case "device.battery":
        this.updateNode(event.data.device_id, { battery: event.data.battery, last_reachable_at: event.at });
        return;
      case "device.reachability":
        this.updateNode(event.data.device_id, event.data.reachable ? { reachable: true, last_reachable_at: event.at } : { reachable: false });
        return;
      case "hub.status": {
        const hub = this.configValue.hubs.find((candidate) => candidate.id === event.data.hub_id);
        if (hub) Object.assign(hub, { status: event.data.status, last_sync: event.data.last_sync });
        return;
      }
      case "checkpoint.defect":
        if (event.data.defect) this.defectiveCheckpoints.add(event.data.checkpoint);
        else this.defectiveCheckpoints.delete(event.data.checkpoint);
        return;
      case "hub.printer":
      case "config.changed":
        return;
    }
  }

  private updateNode(id: number, values: Partial<TreeNode>): void {
    const node = this.treeValue.get(id);
    if (node) Object.assign(node, values);
  }

  /** Rebuilds the state from the journal; device reports up to `foldedSeq` are already in the config. */
  replay(events: readonly SimEvent[], foldedSeq: number): void {
    for (const event of events) {
      const isDeviceReport = event.type === "device.battery" || event.type === "device.reachability" || event.type === "hub.status";
      if (!isDeviceReport || event.seq > foldedSeq) this.apply(event);
    }
  }

  /** Journals drafts (durably) and applies them. */
  emit(drafts: readonly EventDraft[], at = this.deps.now()): SimEvent[] {
    const events = this.deps.journal.append(drafts, at);
    for (const event of events) this.apply(event);
    return events;
  }

  /** The call.opened draft; its call_id is the seq the journal will give it (appends are in order). */
  draftOpened(drafts: readonly EventDraft[], device: TreeNode, callTypeId: number, at: number): EventDraft {
    return {
      type: "call.opened",
      data: {
        call_id: this.deps.journal.nextSeq + drafts.length,
        device_id: device.id,
        call_type_id: callTypeId,
        section_id: this.treeValue.sectionOf(device.id),
        call_source_id: this.treeValue.callSourceOf(device.id),
        opened_at: new Date(Math.max(at, this.deps.journal.lastAt)).toISOString(),
      },
    };
  }

  draftClosed(call: OpenCall, reason: CloseReason, at: number): EventDraft {
    const closedAt = new Date(Math.max(at, this.deps.journal.lastAt)).toISOString();
    return { type: "call.closed", data: { call_id: call.call_id, device_id: call.device_id, closed_at: closedAt, reason } };
  }

  /** Opens a call unless the device already has one of that type open ("no call doubled"). */
  openCall(deviceId: number, callTypeId: number, at = this.deps.now()): SimEvent[] {
    const device = this.treeValue.get(deviceId);
    if (!device || !this.callType(callTypeId)) return [];
    if (this.openCalls().some((call) => call.device_id === deviceId && call.call_type_id === callTypeId)) return [];
    return this.emit([this.draftOpened([], device, callTypeId, at)], at);
  }

  closeCall(callId: number, reason: CloseReason, at = this.deps.now()): SimEvent[] {
    const call = this.open.get(callId);
    return call ? this.emit([this.draftClosed(call, reason, at)], at) : [];
  }

  /**
   * Staff presence on at a device: "Staff presence in a room resets its calls" (ARCHITECTURE «Product rules»),
   * then the presence itself shows as a call of the Presence type (spec: show_presences).
   */
  presenceOn(deviceId: number, at = this.deps.now()): SimEvent[] {
    const device = this.treeValue.get(deviceId);
    if (!device || this.presenceInScope(deviceId).length > 0) return [];
    const drafts: EventDraft[] = [{ type: "presence.on", data: { device_id: deviceId, section_id: this.treeValue.sectionOf(deviceId) } }];
    for (const call of this.callsInScope(deviceId)) drafts.push(this.draftClosed(call, "presence", at));
    const presenceType = this.presenceType();
    if (presenceType) drafts.push(this.draftOpened(drafts, device, presenceType.id, at));
    return this.emit(drafts, at);
  }

  /** Staff presence off in the room of `deviceId`: its presence calls close as a reset. */
  presenceOff(deviceId: number, at = this.deps.now(), reason: CloseReason = "reset"): SimEvent[] {
    const drafts: EventDraft[] = [];
    for (const id of this.presenceInScope(deviceId)) {
      drafts.push({ type: "presence.off", data: { device_id: id, section_id: this.presence.get(id) ?? null } });
    }
    for (const call of this.callsInScope(deviceId)) if (this.isPresenceCall(call)) drafts.push(this.draftClosed(call, reason, at));
    return this.emit(drafts, at);
  }

  /** A device reports battery and/or reachability; only changes become events. */
  report(deviceId: number, values: { battery?: number; reachable?: boolean }, at = this.deps.now()): SimEvent[] {
    const node = this.treeValue.get(deviceId);
    if (!node) return [];
    const drafts: EventDraft[] = [];
    if (values.reachable !== undefined && values.reachable !== node.reachable) {
      drafts.push({ type: "device.reachability", data: { device_id: deviceId, reachable: values.reachable } });
    }
    if (values.battery !== undefined && values.battery !== node.battery) {
      drafts.push({ type: "device.battery", data: { device_id: deviceId, battery: values.battery } });
    }
    return this.emit(drafts, at);
  }

  /** A checkpoint reports its defect flag; only a change becomes an event. */
  reportCheckpoint(checkpoint: number, defect: boolean, at = this.deps.now()): SimEvent[] {
    if (this.defectiveCheckpoints.has(checkpoint) === defect) return [];
    return this.emit([{ type: "checkpoint.defect", data: { checkpoint, defect } }], at);
  }

  /** The checkpoints whose defect flag is set. */
  get checkpointDefects(): readonly number[] {
    return [...this.defectiveCheckpoints];
  }

  /** A hub reports its state; only a change (or a new sync time) becomes an event. */
  reportHub(hubId: number, values: { status: HubRecord["status"]; last_sync: string | null }, at = this.deps.now()): SimEvent[] {
    const hub = this.configValue.hubs.find((candidate) => candidate.id === hubId);
    if (!hub || (hub.status === values.status && hub.last_sync === values.last_sync)) return [];
    const status = HUB_STATUSES.find((known) => known === values.status) ?? "Unknown";
    return this.emit([{ type: "hub.status", data: { hub_id: hubId, status, last_sync: values.last_sync } }], at);
  }

  /**
   * Swaps in a published configuration ("Send empties the configurator and refills it entirely"):
   * stored first, then config.changed; calls and presence of devices that are gone end.
   */
  applyConfig(content: ConfigContent, at = this.deps.now()): SimEvent[] {
    const config: ControllerConfig = { revision: this.configValue.revision + 1, ...content };
    this.configValue = config;
    this.treeValue = new TreeIndex(config.system_tree);
    this.deps.persistConfig(config, this.deps.journal.lastSeq);
    const drafts: EventDraft[] = [{ type: "config.changed", data: { revision: config.revision } }];
    for (const [deviceId, sectionId] of this.presence) {
      if (!this.treeValue.get(deviceId)) drafts.push({ type: "presence.off", data: { device_id: deviceId, section_id: sectionId } });
    }
    for (const call of this.open.values()) if (!this.treeValue.get(call.device_id)) drafts.push(this.draftClosed(call, "reset", at));
    return this.emit(drafts, at);
  }
}
