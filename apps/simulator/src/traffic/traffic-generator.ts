import type { CallEngine } from "../engine/call-engine.ts";
import type { CallTypeRecord, TreeNode } from "@caresuite/protocol";
import { ActionQueue } from "./action-queue.ts";
import { DeviceHealth, type HealthAction } from "./device-health.ts";
import { exponential, logNormal, mulberry32, pick, pickWeighted, type Random } from "./prng.ts";
import { callEnding, isDayTime, ratePerHour, UPKEEP, visitLength, type TrafficProfile } from "./traffic-model.ts";

type Action =
  | { kind: "arrival" }
  | { kind: "round" }
  | { kind: "upkeep" }
  | { kind: "hub-sync" }
  | { kind: "presence-on"; deviceId: number; callId: number | null; emergency: boolean }
  | { kind: "presence-off"; deviceId: number }
  | { kind: "reset"; callId: number }
  | { kind: "chatter"; deviceId: number; until: number }
  | { kind: "checkpoint-repair"; checkpoint: number }
  | HealthAction;

export interface TrafficStats {
  /** Accepted arrivals of the call process, by day and night (what the rates describe). */
  arrivals: { day: number; night: number };
  /** Calls actually opened (an arrival finds no free device when every candidate is busy). */
  opened: number;
}

const HOUR = 3_600_000;

/**
 * Generates the site's traffic as timed actions against the engine: Poisson call arrivals with
 * day and night rates (thinning), each call ended by a staff visit or a reset, routine visits,
 * and hourly device upkeep. Driven either headless (`runUntil`, events carry simulated times) or
 * live by the TrafficRunner. The same seed gives the same actions.
 */
export class TrafficGenerator {
  private readonly engine: CallEngine;
  private readonly random: Random;
  private readonly profile: TrafficProfile;
  private readonly queue = new ActionQueue<Action>();
  private readonly health: DeviceHealth;
  /**
   * Its own random source for devices that call by themselves, so adding them changed none of the
   * draws of the calls, visits and device health a seed gave before.
   */
  private readonly faults: Random;
  /** Its own random source for checkpoint defects, for the same reason. */
  private readonly checkpointFaults: Random;
  /** Hubs that stopped syncing (a scenario for the "outdated hubs" banner): they report nothing. */
  private readonly staleHubIds: ReadonlySet<number>;
  readonly stats: TrafficStats = { arrivals: { day: 0, night: 0 }, opened: 0 };

  constructor(engine: CallEngine, options: { seed: number; profile: TrafficProfile; startAt: number; staleHubIds?: readonly number[] }) {
    this.engine = engine;
    this.random = mulberry32(options.seed);
    this.health = new DeviceHealth(engine, this.random);
    this.faults = mulberry32(options.seed ^ 0x5eed_fa17);
    this.checkpointFaults = mulberry32(options.seed ^ 0x0c4e_c4b0);
    this.staleHubIds = new Set(options.staleHubIds ?? []);
    this.profile = options.profile;
    this.scheduleNext("arrival", options.startAt);
    this.scheduleNext("round", options.startAt);
    this.queue.push(Math.floor(options.startAt / HOUR) * HOUR + HOUR, { kind: "upkeep" });
    // Hubs sync as soon as the controller runs again, not only at the next full hour.
    this.queue.push(options.startAt, { kind: "hub-sync" });
  }

  nextAt(): number | undefined {
    return this.queue.peekAt();
  }

  /** Runs every action due up to `untilMs`, each at its own (simulated) time. */
  runUntil(untilMs: number): void {
    for (let at = this.queue.peekAt(); at !== undefined && at <= untilMs; at = this.queue.peekAt()) {
      const next = this.queue.pop();
      if (next) this.handle(next.at, next.item);
    }
  }

  private maxRate(kind: "arrival" | "round"): number {
    const p = this.profile;
    return kind === "arrival" ? Math.max(p.dayRatePerHour, p.nightRatePerHour) : Math.max(p.visitDayRatePerHour, p.visitNightRatePerHour);
  }

  /** Next candidate of a Poisson process at its highest rate; `accepts` thins it to the hour's rate. */
  private scheduleNext(kind: "arrival" | "round", from: number): void {
    const max = this.maxRate(kind);
    if (max > 0) this.queue.push(from + exponential(this.random, max / HOUR), { kind });
  }

  private accepts(kind: "arrival" | "round", at: number): boolean {
    const rate = ratePerHour(this.profile, at, kind === "arrival" ? "call" : "visit");
    return this.random.next() < rate / this.maxRate(kind);
  }

  private handle(at: number, action: Action): void {
    switch (action.kind) {
      case "arrival":
        this.scheduleNext("arrival", at);
        if (this.accepts("arrival", at)) this.arrive(at);
        return;
      case "round": {
        this.scheduleNext("round", at);
        const device = this.accepts("round", at) ? pick(this.random, this.freeDevices(this.bedDevices())) : undefined;
        if (device) this.visit(at, device.id, false);
        return;
      }
      case "upkeep":
        this.queue.push(at + HOUR, { kind: "upkeep" });
        return this.upkeep(at);
      case "hub-sync":
        return this.syncHubs(at);
      case "presence-on":
        if (action.callId !== null && !this.engine.openCalls().some((call) => call.call_id === action.callId)) return;
        return this.visit(at, action.deviceId, action.emergency);
      case "presence-off":
        this.engine.presenceOff(action.deviceId, at);
        return;
      case "reset":
        this.engine.closeCall(action.callId, "reset", at);
        return;
      case "chatter":
        return this.chatter(at, action.deviceId, action.until);
      case "checkpoint-repair":
        this.engine.reportCheckpoint(action.checkpoint, false, at);
        return;
      case "reconnect":
      case "replace":
        this.health.run(at, action);
        return;
    }
  }

  private visit(at: number, deviceId: number, afterEmergency: boolean): void {
    if (this.engine.presenceOn(deviceId, at).length === 0) return;
    this.queue.push(at + visitLength(this.random, afterEmergency), { kind: "presence-off", deviceId });
  }

  private arrive(at: number): void {
    if (isDayTime(at)) this.stats.arrivals.day++;
    else this.stats.arrivals.night++;
    const typeId = pickWeighted(
      this.random,
      this.profile.mix.map((entry) => ({ item: entry.callTypeId, weight: entry.weight })),
    );
    const type = typeId === undefined ? undefined : this.engine.callType(typeId);
    if (!type) return;
    const device = pick(this.random, this.freeDevices(this.candidates(type)));
    if (!device) return;
    const [opened] = this.engine.openCall(device.id, type.id, at);
    if (opened?.type !== "call.opened") return;
    this.stats.opened++;
    const ending = callEnding(this.random, type);
    const callId = opened.data.call_id;
    this.queue.push(
      at + ending.afterMs,
      ending.by === "reset" ? { kind: "reset", callId } : { kind: "presence-on", deviceId: device.id, callId, emergency: type.urgency === "EMERGENCY" },
    );
  }

  private hardware(): TreeNode[] {
    return this.engine.config.system_tree.filter((node) => node.is_enabled && (node.kind === "device" || node.kind === "tech"));
  }

  /** Bed devices: devices with a call source and no dedicated call type (not pull cords, not displays). */
  private bedDevices(): TreeNode[] {
    const tree = this.engine.tree;
    return this.hardware().filter((node) => node.kind === "device" && node.default_call_type_id === null && tree.callSourceOf(node.id) !== null);
  }

  /** Where a call of this type comes from: tech for defects, dedicated devices (pull cords), else beds. */
  private candidates(type: CallTypeRecord): TreeNode[] {
    if (type.flag === "Defect") return this.hardware().filter((node) => node.kind === "tech");
    const dedicated = this.hardware().filter((node) => node.default_call_type_id === type.id);
    return dedicated.length > 0 ? dedicated : this.bedDevices();
  }

  /** Reachable devices in rooms without staff (a call during presence would be a different call). */
  private freeDevices(nodes: readonly TreeNode[]): TreeNode[] {
    return nodes.filter((node) => node.reachable && this.engine.presenceInScope(node.id).length === 0);
  }

  /** Every hub but the stale ones reports a fresh sync. */
  private syncHubs(at: number): void {
    for (const hub of this.engine.config.hubs) {
      if (!this.staleHubIds.has(hub.id)) this.engine.reportHub(hub.id, { status: "Ready", last_sync: new Date(at).toISOString() }, at);
    }
  }

  /** A device calling by itself: a false call (cancelled at the device soon), the next one later, until it is fixed. */
  private chatter(at: number, deviceId: number, until: number): void {
    if (at > until) return;
    const node = this.hardware().find((n) => n.id === deviceId);
    const typeId = node?.default_call_type_id ?? this.profile.mix[0]?.callTypeId;
    if (node && typeId !== undefined && this.freeDevices([node]).length > 0) {
      const [opened] = this.engine.openCall(deviceId, typeId, at);
      if (opened?.type === "call.opened") this.queue.push(at + UPKEEP.chatterCancelMs, { kind: "reset", callId: opened.data.call_id });
    }
    this.queue.push(at + exponential(this.faults, 1 / UPKEEP.chatterEveryMs), { kind: "chatter", deviceId, until });
  }

  /** Hourly: device health (batteries, radio), devices that start calling by themselves, hub syncs, now and then a hub printer message. */
  private upkeep(at: number): void {
    for (const later of this.health.hour(at, this.hardware())) this.queue.push(later.at, later.action);
    for (const device of this.bedDevices()) {
      if (this.faults.next() < UPKEEP.chatterPerHour) {
        this.queue.push(at, { kind: "chatter", deviceId: device.id, until: at + logNormal(this.faults, UPKEEP.chatterMedianMs, 0.5) });
      }
    }
    const defective = new Set(this.engine.checkpointDefects);
    for (let checkpoint = 1; checkpoint <= UPKEEP.checkpoints; checkpoint++) {
      if (this.checkpointFaults.next() < UPKEEP.checkpointDefectPerHour && !defective.has(checkpoint)) {
        this.engine.reportCheckpoint(checkpoint, true, at);
        this.queue.push(at + logNormal(this.checkpointFaults, UPKEEP.checkpointRepairMedianMs, 0.5), { kind: "checkpoint-repair", checkpoint });
      }
    }
    this.syncHubs(at);
    const hub = pick(this.random, this.engine.config.hubs);
    if (hub && this.random.next() < UPKEEP.printerPerHour) {
      const node = pick(this.random, this.hardware());
      const error = pick(this.random, UPKEEP.printerErrors) ?? UPKEEP.printerErrors[0];
      this.engine.emit([{ type: "hub.printer", data: { hub_id: hub.id, address: `${hub.ip}:9100`, error, node_id: node?.id ?? null } }], at);
    }
  }
}
