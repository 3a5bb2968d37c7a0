import { DEMO_CALL_TYPES } from "@caresuite/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CallEngine } from "../engine/call-engine.ts";
import { Journal } from "../journal/journal.ts";
import type { SimEvent } from "@caresuite/protocol";
import { demoHospital } from "../site/demo-hospital.ts";
import { api, eventually, startTestSimulator, type TestSimulator } from "../test-support.ts";
import { mulberry32 } from "./prng.ts";
import { TrafficGenerator } from "./traffic-generator.ts";
import { DEFAULT_TRAFFIC_PROFILE, isDayTime, type TrafficProfile } from "./traffic-model.ts";

const DAY = 86_400_000;
/** A Monday at local midnight: whole days, so day and night hours are exactly 12 each. */
const START = new Date(2025, 2, 10, 0, 0, 0).getTime();

/** Runs the generator headless on a fresh demo hospital with a memory journal. */
function simulate(seed: number, days: number, profile: TrafficProfile = DEFAULT_TRAFFIC_PROFILE) {
  const journal = new Journal(null);
  const engine = new CallEngine({ journal, now: () => START, persistConfig: () => undefined }, demoHospital(START));
  const generator = new TrafficGenerator(engine, { seed, profile, startAt: START });
  generator.runUntil(START + days * DAY);
  return { events: [...journal.all()], stats: generator.stats, engine };
}

function openedDurations(events: readonly SimEvent[], callTypeId: number): number[] {
  const opened = new Map<number, number>();
  const durations: number[] = [];
  for (const event of events) {
    if (event.type === "call.opened" && event.data.call_type_id === callTypeId) opened.set(event.data.call_id, Date.parse(event.at));
    if (event.type === "call.closed" && opened.has(event.data.call_id)) {
      durations.push(Date.parse(event.at) - (opened.get(event.data.call_id) ?? 0));
    }
  }
  return durations;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

describe("PRNG", () => {
  it("repeats itself for a seed and differs between seeds", () => {
    const sequence = (seed: number) =>
      Array.from(
        { length: 5 },
        (
          (random) => () =>
            random.next()
        )(mulberry32(seed)),
      );
    expect(sequence(42)).toEqual(sequence(42));
    expect(sequence(42)).not.toEqual(sequence(43));
    expect(sequence(42).every((value) => value >= 0 && value < 1)).toBe(true);
  });
});

describe("traffic generator (headless)", () => {
  const week = simulate(7, 7);

  it("is deterministic for a seed", () => {
    const again = simulate(7, 7);
    expect(again.events).toEqual(week.events);
    const other = simulate(8, 7);
    expect(other.events).not.toEqual(week.events);
  });

  it("carries simulated timestamps across the simulated days, in order", () => {
    const times = week.events.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThanOrEqual(START);
    expect(times.at(-1)).toBeGreaterThan(START + 6 * DAY);
    expect(times.at(-1)).toBeLessThanOrEqual(START + 7 * DAY + 2 * 3_600_000);
  });

  it("arrives at the day and night rates (within 10 %) over 20 days", () => {
    const { stats } = simulate(11, 20);
    const expectedDay = DEFAULT_TRAFFIC_PROFILE.dayRatePerHour * 12 * 20;
    const expectedNight = DEFAULT_TRAFFIC_PROFILE.nightRatePerHour * 12 * 20;
    expect(Math.abs(stats.arrivals.day - expectedDay) / expectedDay).toBeLessThan(0.1);
    expect(Math.abs(stats.arrivals.night - expectedNight) / expectedNight).toBeLessThan(0.1);
    // Nearly every arrival finds a free device on a 120-bed site.
    expect(stats.opened / (stats.arrivals.day + stats.arrivals.night)).toBeGreaterThan(0.9);
  });

  it("mixes call types realistically: mostly patient calls, some bathroom calls, rare emergencies", () => {
    const count = (id: number) => week.events.filter((event) => event.type === "call.opened" && event.data.call_type_id === id).length;
    const patient = count(DEMO_CALL_TYPES.alert);
    const bathroom = count(3);
    const emergency = count(DEMO_CALL_TYPES.emergency);
    expect(patient).toBeGreaterThan(bathroom * 2);
    expect(bathroom).toBeGreaterThan(emergency * 3);
    expect(emergency).toBeGreaterThan(0);
    // Bathroom calls come from pull cords (devices whose main button is the bathroom call).
    const tree = week.engine.tree;
    const fromCords = week.events.filter((event) => event.type === "call.opened" && event.data.call_type_id === 3);
    expect(fromCords.every((event) => event.type === "call.opened" && tree.get(event.data.device_id)?.default_call_type_id === 3)).toBe(true);
  });

  it("lasts log-normally around 2–4 minutes, bathroom calls longer, emergencies ended by presence", () => {
    const patient = median(openedDurations(week.events, DEMO_CALL_TYPES.alert)) / 60_000;
    const bathroom = median(openedDurations(week.events, 3)) / 60_000;
    expect(patient).toBeGreaterThan(1.5);
    expect(patient).toBeLessThan(3.5);
    expect(bathroom).toBeGreaterThan(patient);
    expect(bathroom).toBeLessThan(6);
    const emergencyIds = new Set(
      week.events.flatMap((event) => (event.type === "call.opened" && event.data.call_type_id === DEMO_CALL_TYPES.emergency ? [event.data.call_id] : [])),
    );
    const emergencyEnds = week.events.filter((event) => event.type === "call.closed" && emergencyIds.has(event.data.call_id));
    expect(emergencyEnds.every((event) => event.type === "call.closed" && event.data.reason === "presence")).toBe(true);
  });

  it("visits rooms (presence on and off) and reports device upkeep", () => {
    const types = new Set(week.events.map((event) => event.type));
    expect(types).toEqual(
      new Set(["call.opened", "call.closed", "presence.on", "presence.off", "device.battery", "device.reachability", "hub.printer", "hub.status"]),
    );
    const presenceOn = week.events.filter((event) => event.type === "presence.on").length;
    const presenceOff = week.events.filter((event) => event.type === "presence.off").length;
    expect(presenceOn - presenceOff).toBeLessThan(10);
  });

  it("keeps day and night apart by the local clock (07:00–18:59 is day)", () => {
    expect(isDayTime(new Date(2025, 2, 10, 6, 59).getTime())).toBe(false);
    expect(isDayTime(new Date(2025, 2, 10, 7, 0).getTime())).toBe(true);
    expect(isDayTime(new Date(2025, 2, 10, 18, 59).getTime())).toBe(true);
    expect(isDayTime(new Date(2025, 2, 10, 19, 0).getTime())).toBe(false);
  });
});

describe("traffic generator (live, through the protocol)", () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterAll(() => sim.dispose());

  it("starts and stops on POST /api/traffic, running simulated time at the given speed", async () => {
    const started = await api<{ enabled: boolean; speed: number }>(sim, "POST", "/api/traffic", {
      enabled: true,
      seed: 3,
      speed: 3600,
      day_rate_per_hour: 600,
      night_rate_per_hour: 600,
    });
    expect(started.body).toMatchObject({ enabled: true, speed: 3600 });
    const opened = await eventually(async () => {
      const journal = await api<{ events: SimEvent[] }>(sim, "GET", "/api/journal?limit=10000");
      const calls = journal.body.events.filter((event) => event.type === "call.opened");
      return calls.length >= 5 ? calls : undefined;
    });
    const span = Date.parse(opened.at(-1)?.at ?? "") - Date.parse(opened[0]?.at ?? "");
    expect(span).toBeGreaterThan(0);
    const stopped = await api<{ enabled: boolean }>(sim, "POST", "/api/traffic", { enabled: false, speed: 1 });
    expect(stopped.body.enabled).toBe(false);
    const { last_seq } = (await api<{ last_seq: number }>(sim, "GET", "/api/journal?limit=1")).body;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await api<{ last_seq: number }>(sim, "GET", "/api/journal?limit=1")).body.last_seq).toBe(last_seq);
  });

  it("backfills history into an empty journal at start", async () => {
    const backfilled = await startTestSimulator({ backfillDays: 2 });
    try {
      const journal = await api<{ events: SimEvent[] }>(backfilled, "GET", "/api/journal?limit=10000");
      const first = Date.parse(journal.body.events[0]?.at ?? "");
      expect(Date.now() - first).toBeGreaterThan(1.5 * DAY);
      expect(journal.body.events.filter((event) => event.type === "call.opened").length).toBeGreaterThan(50);
      // The announcement of the configuration comes last, at the present.
      expect(journal.body.events.at(-1)?.type).toBe("config.changed");
    } finally {
      await backfilled.dispose();
    }
  });
});
