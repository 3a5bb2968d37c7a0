import type { SimEvent } from "@caresuite/protocol";
import { describe, expect, it } from "vitest";
import { CallEngine } from "../engine/call-engine.ts";
import { Journal } from "../journal/journal.ts";
import { demoHospital } from "../site/demo-hospital.ts";
import { TrafficGenerator } from "./traffic-generator.ts";
import { DEFAULT_TRAFFIC_PROFILE, UPKEEP } from "./traffic-model.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const START = new Date(2025, 2, 10, 0, 0, 0).getTime();

/**
 * What the server's incident engine raises incidents from (docs/decisions/033-incident-engine.md),
 * over 90 simulated days of the demo hospital: batteries running low, devices off the radio for
 * longer than a day, defect calls open beyond the defects timeout (300 s), and devices that call
 * by themselves (many short calls of one type within hours: the probable-defect monitors' case).
 */
describe("the virtual call system makes incidents happen (90 days, demo hospital)", () => {
  const journal = new Journal(null);
  const engine = new CallEngine({ journal, now: () => START, persistConfig: () => undefined }, demoHospital(START));
  const generator = new TrafficGenerator(engine, { seed: 11, profile: DEFAULT_TRAFFIC_PROFILE, startAt: START });
  generator.runUntil(START + 90 * DAY);
  const events: SimEvent[] = [...journal.all()];
  const at = (event: SimEvent): number => Date.parse(event.at);

  it("batteries fall below the critical threshold (25 %) now and then, and are changed", () => {
    const critical = new Set(events.flatMap((e) => (e.type === "device.battery" && e.data.battery < 25 ? [e.data.device_id] : [])));
    const replaced = events.filter((e) => e.type === "device.battery" && e.data.battery === 100).length;
    expect(critical.size).toBeGreaterThanOrEqual(1);
    expect(replaced).toBeGreaterThanOrEqual(1);
  });

  it("devices drop off the radio: mostly briefly, a few for longer than a day", () => {
    const down = new Map<number, number>();
    const outages: number[] = [];
    for (const e of events) {
      if (e.type !== "device.reachability") continue;
      if (!e.data.reachable) down.set(e.data.device_id, at(e));
      else if (down.has(e.data.device_id)) {
        outages.push(at(e) - (down.get(e.data.device_id) ?? 0));
        down.delete(e.data.device_id);
      }
    }
    const long = outages.filter((ms) => ms > 24 * HOUR).length;
    expect(outages.length).toBeGreaterThan(long);
    expect(long).toBeGreaterThanOrEqual(1);
    expect(long).toBeLessThan(outages.length / 2);
  });

  it("defect calls stay open beyond the defects timeout (300 s) a few times a day at most", () => {
    const opened = new Map<number, number>();
    let long = 0;
    for (const e of events) {
      if (e.type === "call.opened" && e.data.call_type_id === 1) opened.set(e.data.call_id, at(e));
      if (e.type === "call.closed" && opened.has(e.data.call_id) && at(e) - (opened.get(e.data.call_id) ?? 0) > 300_000) long++;
    }
    expect(long).toBeGreaterThan(0);
    expect(long / 90).toBeLessThan(50);
  });

  it("checkpoints report a defect now and then and are repaired after about a day", () => {
    const set = new Map<number, number>();
    const repairs: number[] = [];
    for (const e of events) {
      if (e.type !== "checkpoint.defect") continue;
      if (e.data.defect) {
        // Only changes are sent: a set flag is never set again before it is cleared.
        expect(set.has(e.data.checkpoint)).toBe(false);
        set.set(e.data.checkpoint, at(e));
      } else {
        repairs.push(at(e) - (set.get(e.data.checkpoint) ?? NaN));
        set.delete(e.data.checkpoint);
      }
    }
    expect(repairs.length).toBeGreaterThanOrEqual(2);
    expect(repairs.length).toBeLessThanOrEqual(30);
    // Longer than the defects timeout (300 s): each raises a Defect incident.
    expect(repairs.every((ms) => ms > 300_000)).toBe(true);
  });

  it("a few devices call by themselves for hours: many short calls of one type within three hours", () => {
    // A device with at least 8 calls cancelled within a minute inside three hours: what a monitor "0x4, 8 in 3 h" finds.
    const short = new Map<number, number[]>();
    const opened = new Map<number, { device: number; at: number }>();
    for (const e of events) {
      if (e.type === "call.opened") opened.set(e.data.call_id, { device: e.data.device_id, at: at(e) });
      if (e.type === "call.closed") {
        const call = opened.get(e.data.call_id);
        if (call && at(e) - call.at <= UPKEEP.chatterCancelMs + 1000) short.set(call.device, [...(short.get(call.device) ?? []), call.at]);
      }
    }
    const episodes = [...short.values()].filter((times) => times.some((t, i) => (times[i + 7] ?? Infinity) - t <= 3 * HOUR)).length;
    expect(episodes).toBeGreaterThanOrEqual(2);
    expect(episodes).toBeLessThanOrEqual(40);
  });
});
