import type { CallTypeRecord } from "@caresuite/protocol";
import { logNormal, type Random } from "./prng.ts";

/** How busy the simulated site is. Rates are for the whole site. */
export interface TrafficProfile {
  /** Calls per hour by day, 07:00–18:59 (ARCHITECTURE «Product rules»: "day 07:00–18:59, night 19:00–06:59"). */
  dayRatePerHour: number;
  /** Calls per hour by night. */
  nightRatePerHour: number;
  /** Routine presence visits (rounds, care) per hour by day and by night, not caused by a call. */
  visitDayRatePerHour: number;
  visitNightRatePerHour: number;
  /** The call-type mix by call type id; ids missing from the configuration are skipped. */
  mix: readonly { callTypeId: number; weight: number }[];
}

/**
 * About 120 beds: a few calls per bed and day, fewer at night. Mostly patient calls, some
 * bathroom calls, rare emergencies (ids of the demo hospital, src/site/call-types.ts).
 */
export const DEFAULT_TRAFFIC_PROFILE: TrafficProfile = {
  dayRatePerHour: 36,
  nightRatePerHour: 12,
  visitDayRatePerHour: 20,
  visitNightRatePerHour: 6,
  mix: [
    { callTypeId: 4, weight: 74 }, // Patientenruf
    { callTypeId: 3, weight: 16 }, // Badruf
    { callTypeId: 5, weight: 4 }, // Sturzmelder
    { callTypeId: 1, weight: 4 }, // Technischer Alarm
    { callTypeId: 2, weight: 2 }, // Notruf
  ],
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** ARCHITECTURE «Product rules»: "day 07:00–18:59, night 19:00–06:59", in the controller's local time. */
export function isDayTime(ms: number): boolean {
  const hour = new Date(ms).getHours();
  return hour >= 7 && hour < 19;
}

export function ratePerHour(profile: TrafficProfile, ms: number, kind: "call" | "visit"): number {
  const day = isDayTime(ms);
  if (kind === "call") return day ? profile.dayRatePerHour : profile.nightRatePerHour;
  return day ? profile.visitDayRatePerHour : profile.visitNightRatePerHour;
}

/** How a generated call ends: staff comes (presence resets it) or someone resets it at the device. */
export interface CallEnding {
  by: "presence" | "reset";
  afterMs: number;
}

/**
 * Durations are log-normal around 2–4 minutes: a nurse answers a patient call in ~2.5 min, a
 * bathroom (URGENT) call takes longer; an emergency brings someone within a minute; a technical
 * alarm waits for a technician; some patients cancel their own call.
 */
export function callEnding(random: Random, type: CallTypeRecord): CallEnding {
  if (type.urgency === "EMERGENCY") return { by: "presence", afterMs: logNormal(random, 1 * MINUTE, 0.5) };
  if (type.flag === "Defect") return { by: "reset", afterMs: logNormal(random, 20 * MINUTE, 0.8) };
  if (type.urgency === "URGENT") return { by: "presence", afterMs: logNormal(random, 4 * MINUTE, 0.6) };
  if (random.next() < 0.15) return { by: "reset", afterMs: logNormal(random, 1 * MINUTE, 0.6) };
  return { by: "presence", afterMs: logNormal(random, 2.5 * MINUTE, 0.6) };
}

/** How long staff stays in a room; after an emergency, longer. */
export function visitLength(random: Random, afterEmergency: boolean): number {
  return logNormal(random, (afterEmergency ? 10 : 4) * MINUTE, 0.5);
}

/** Hourly device upkeep: batteries last about 18 months (ARCHITECTURE «Product rules»), radio drops are rare. */
export const UPKEEP = {
  /** Chance per battery device and hour to lose one percent: ~100 % in ~550 days. */
  drainPerHour: 0.0075,
  /**
   * A device reports its battery once a day, at its own hour (spec: battery values can lag 24 h);
   * a fresh battery and a dying one report at once.
   */
  batteryReportEveryHours: 24,
  /** Staff change a battery some time after it falls to this level (the tree shows it as critical). */
  replaceBelow: 10,
  replaceMedianMs: 36 * HOUR,
  /** Chance per radio device and hour to drop off the radio; it returns after ~45 min on average. */
  dropPerHour: 0.0005,
  reconnectMeanMs: 45 * MINUTE,
  /** Chance per radio device and hour to lose contact for days (moved, switched off, broken): a few a month on the demo site. */
  outagePerHour: 0.00002,
  outageMedianMs: 3 * 24 * HOUR,
  /**
   * Chance per bed device and hour that it starts calling by itself (a stuck pull cord, a bouncing
   * magnet contact): a false call every ~10 minutes, each cancelled at the device after ~30 s, for
   * ~3 hours until a technician fixes it. What the probable-defect monitors look for; about one
   * episode a week on the demo site.
   */
  chatterPerHour: 0.00004,
  chatterEveryMs: 10 * MINUTE,
  chatterMedianMs: 3 * HOUR,
  chatterCancelMs: 30_000,
  /**
   * Checkpoints (locating beacons, by number 1..checkpoints; the controller knows them whether or
   * not a checkpoint map places them): each fails now and then (its defect flag set) and is
   * repaired after about a day. About one a fortnight on the demo site.
   */
  checkpoints: 40,
  checkpointDefectPerHour: 0.00007,
  checkpointRepairMedianMs: 24 * HOUR,
  /** Chance per hour of a hub printer message somewhere. */
  printerPerHour: 1 / 24,
  printerErrors: ["Papier leer", "Papierstau", "Drucker nicht erreichbar"],
} as const;
