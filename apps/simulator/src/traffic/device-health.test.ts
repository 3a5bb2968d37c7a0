import { describe, expect, it } from "vitest";
import { CallEngine } from "../engine/call-engine.ts";
import { Journal } from "../journal/journal.ts";
import type { SimEvent } from "@caresuite/protocol";
import { demoHospital } from "../site/demo-hospital.ts";
import { api, startTestSimulator } from "../test-support.ts";
import { TrafficGenerator } from "./traffic-generator.ts";
import { DEFAULT_TRAFFIC_PROFILE, UPKEEP } from "./traffic-model.ts";

const DAY = 86_400_000;
const START = new Date(2025, 2, 10, 0, 0, 0).getTime();

/** A headless run of `days` on the demo hospital (the traffic's device health included). */
function simulate(seed: number, days: number, staleHubIds: number[] = []) {
  const journal = new Journal(null);
  const engine = new CallEngine({ journal, now: () => START, persistConfig: () => undefined }, demoHospital(START));
  const generator = new TrafficGenerator(engine, { seed, profile: DEFAULT_TRAFFIC_PROFILE, startAt: START, staleHubIds });
  generator.runUntil(START + days * DAY);
  return { events: [...journal.all()], engine };
}

const of = <T extends SimEvent["type"]>(events: readonly SimEvent[], type: T) =>
  events.filter((event): event is Extract<SimEvent, { type: T }> => event.type === type);

describe("device health in the traffic (batteries, radio, hubs)", () => {
  const year = simulate(5, 240);

  it("is deterministic for a seed", () => {
    const a = simulate(9, 30).events.filter((event) => event.type !== "call.opened" && event.type !== "call.closed");
    const b = simulate(9, 30).events.filter((event) => event.type !== "call.opened" && event.type !== "call.closed");
    expect(a).toEqual(b);
  });

  it("reports a battery at most about once a day per device (spec: battery values can lag 24 h), except a fresh battery", () => {
    const perDevice = new Map<number, number[]>();
    for (const event of of(year.events, "device.battery"))
      perDevice.set(event.data.device_id, [...(perDevice.get(event.data.device_id) ?? []), Date.parse(event.at)]);
    expect(perDevice.size).toBeGreaterThan(100);
    for (const times of perDevice.values()) {
      for (let index = 1; index < times.length; index++) {
        const gap = (times[index] ?? 0) - (times[index - 1] ?? 0);
        // A replacement reports at once; otherwise whole days apart.
        if (gap < DAY) expect(gap).toBeGreaterThanOrEqual(0);
      }
    }
    const daily = of(year.events, "device.battery").filter((event) => event.data.battery !== 100 && event.data.battery !== 0);
    const reportHours = new Set(daily.map((event) => Math.floor(Date.parse(event.at) / 3_600_000) % 24));
    // Reports trickle in over the day, each device at its own hour.
    expect(reportHours.size).toBeGreaterThan(12);
  });

  it("drains batteries and replaces low ones: they jump back to 100", () => {
    const reports = of(year.events, "device.battery");
    const replaced = reports.filter((event) => event.data.battery === 100);
    expect(replaced.length).toBeGreaterThan(3);
    for (const event of replaced) {
      const before = reports.filter((other) => other.data.device_id === event.data.device_id && other.seq < event.seq).at(-1);
      // The last report lags the truth by up to a day: a few percent at most.
      if (before) expect(before.data.battery).toBeLessThanOrEqual(UPKEEP.replaceBelow + 3);
    }
    // Over months the levels fall: ~1 % per 5–6 days.
    const first = new Map<number, number>();
    const last = new Map<number, number>();
    for (const event of reports) {
      if (!first.has(event.data.device_id)) first.set(event.data.device_id, event.data.battery);
      last.set(event.data.device_id, event.data.battery);
    }
    const falling = [...first].filter(([id, level]) => (last.get(id) ?? level) < level).length;
    expect(falling).toBeGreaterThan(first.size / 2);
  });

  it("drops devices off the radio for minutes and a few for days, and brings them back", () => {
    const reachability = of(year.events, "device.reachability");
    const outages: number[] = [];
    const since = new Map<number, number>();
    for (const event of reachability) {
      if (!event.data.reachable) since.set(event.data.device_id, Date.parse(event.at));
      else if (since.has(event.data.device_id)) {
        outages.push(Date.parse(event.at) - (since.get(event.data.device_id) ?? 0));
        since.delete(event.data.device_id);
      }
    }
    expect(outages.filter((ms) => ms < 6 * 3_600_000).length).toBeGreaterThan(10);
    expect(outages.filter((ms) => ms > DAY).length).toBeGreaterThan(0);
    expect(outages.filter((ms) => ms > DAY).length).toBeLessThan(outages.length / 3);
  });

  it("syncs every hub hourly except a stale one", () => {
    const { events, engine } = simulate(5, 3, [2]);
    const syncs = of(events, "hub.status");
    expect(new Set(syncs.map((event) => event.data.hub_id))).toEqual(new Set([1]));
    expect(syncs.length).toBeGreaterThanOrEqual(70);
    expect(engine.config.hubs.find((hub) => hub.id === 1)?.last_sync).toBe(syncs.at(-1)?.data.last_sync);
  });
});

describe("device health with traffic off", () => {
  it("emits nothing by itself, stale hubs are marked at start, and a hub's state is settable for tests and demos", async () => {
    const simulator = await startTestSimulator({ staleHubs: [2] });
    try {
      const journal = await api<{ events: SimEvent[] }>(simulator, "GET", "/api/journal?from=0");
      const stale = journal.body.events.filter((event) => event.type === "hub.status");
      expect(stale).toHaveLength(1);
      expect(stale[0]?.data).toMatchObject({ hub_id: 2, status: "Offline" });
      const answer = await api<{ events: SimEvent[] }>(simulator, "POST", "/api/hubs/1/status", { status: "Ready", last_sync: "2026-11-20T08:00:00.000Z" });
      expect(answer.body.events.map((event) => event.type)).toEqual(["hub.status"]);
      const config = await api<{ hubs: { id: number; last_sync: string | null; status: string }[] }>(simulator, "GET", "/api/config");
      expect(config.body.hubs.find((hub) => hub.id === 1)).toMatchObject({ status: "Ready", last_sync: "2026-11-20T08:00:00.000Z" });
      expect((await api(simulator, "POST", "/api/hubs/1/status", { status: "Nope", last_sync: null })).status).toBe(400);
      expect((await api(simulator, "POST", "/api/hubs/99/status", { status: "Ready", last_sync: null })).status).toBe(404);
    } finally {
      await simulator.dispose();
    }
  });
});
