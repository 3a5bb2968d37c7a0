import type { CallEngine } from "../engine/call-engine.ts";
import type { TreeNode } from "@caresuite/protocol";
import { exponential, logNormal, type Random } from "./prng.ts";
import { UPKEEP } from "./traffic-model.ts";

const HOUR = 3_600_000;

/** Something device health wants done later: a device back on the radio, a battery changed. */
export type HealthAction = { kind: "reconnect"; deviceId: number } | { kind: "replace"; deviceId: number };

/**
 * The devices' health as the hardware lives it: each battery drains in its own time and is changed
 * by staff some time after it runs low (100 % again, reported at once); the device reports the
 * level only once a day (spec: battery values can lag 24 h), so what the controller shows trails
 * the truth; radio devices drop off for minutes now and then, and rarely for days. Every draw
 * comes from the generator's seeded random source: the same seed gives the same site.
 */
export class DeviceHealth {
  private readonly engine: CallEngine;
  private readonly random: Random;
  /** The true battery levels (the controller knows the last reported one). */
  private readonly levels = new Map<number, number>();
  /** Devices off the radio until a time (a long outage or a dead battery: null until replaced). */
  private readonly offline = new Map<number, number | null>();
  private readonly replacing = new Set<number>();

  constructor(engine: CallEngine, random: Random) {
    this.engine = engine;
    this.random = random;
  }

  /** The true level: what the device last reported until it drains from there. */
  private level(node: TreeNode): number | null {
    const known = this.levels.get(node.id);
    if (known !== undefined) return known;
    if (node.battery === null) return null;
    this.levels.set(node.id, node.battery);
    return node.battery;
  }

  /** One hour of upkeep for the battery devices; returns what to do later. */
  hour(at: number, hardware: readonly TreeNode[]): { at: number; action: HealthAction }[] {
    const later: { at: number; action: HealthAction }[] = [];
    // The hour of the day at which a device reports: spread by id, so reports trickle in.
    const hourOfDay = Math.floor(at / HOUR) % UPKEEP.batteryReportEveryHours;
    for (const node of hardware) {
      const level = this.level(node);
      if (level === null) continue;
      const drained = level > 0 && this.random.next() < UPKEEP.drainPerHour ? level - 1 : level;
      this.levels.set(node.id, drained);
      if (drained <= UPKEEP.replaceBelow && !this.replacing.has(node.id)) {
        this.replacing.add(node.id);
        later.push({ at: at + logNormal(this.random, UPKEEP.replaceMedianMs, 0.5), action: { kind: "replace", deviceId: node.id } });
      }
      if (drained === 0) {
        // An empty battery: the device goes silent until the battery is changed.
        this.offline.set(node.id, null);
        this.engine.report(node.id, { battery: 0, reachable: false }, at);
        continue;
      }
      if (node.reachable && node.id % UPKEEP.batteryReportEveryHours === hourOfDay) this.engine.report(node.id, { battery: drained }, at);
      if (node.kind !== "device" || !node.reachable) continue;
      if (this.random.next() < UPKEEP.dropPerHour) {
        this.engine.report(node.id, { reachable: false }, at);
        later.push({ at: at + exponential(this.random, 1 / UPKEEP.reconnectMeanMs), action: { kind: "reconnect", deviceId: node.id } });
      } else if (this.random.next() < UPKEEP.outagePerHour) {
        const until = at + logNormal(this.random, UPKEEP.outageMedianMs, 0.5);
        this.offline.set(node.id, until);
        this.engine.report(node.id, { reachable: false }, at);
        later.push({ at: until, action: { kind: "reconnect", deviceId: node.id } });
      }
    }
    return later;
  }

  run(at: number, action: HealthAction): void {
    if (action.kind === "replace") {
      this.replacing.delete(action.deviceId);
      this.offline.delete(action.deviceId);
      this.levels.set(action.deviceId, 100);
      // A fresh battery: the device starts up and reports at once.
      this.engine.report(action.deviceId, { battery: 100, reachable: true }, at);
      return;
    }
    const off = this.offline.get(action.deviceId);
    // A dead battery or a longer outage outlasts a short drop's return.
    if (off === null || (off !== undefined && off > at)) return;
    this.offline.delete(action.deviceId);
    this.engine.report(action.deviceId, { reachable: true }, at);
  }
}
