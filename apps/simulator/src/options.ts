import { parseArgs } from "node:util";
import { z } from "zod";
import { DEFAULT_TRAFFIC_PROFILE, type TrafficProfile } from "./traffic/traffic-model.ts";

/** How a simulator runs; CLI flags, SIMULATOR_* variables, or `startSimulator(options)`. */
export interface SimulatorOptions {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  /** Journal and configuration live here. */
  dataDir: string;
  user: string;
  password: string;
  seed: number;
  /** Start the traffic generator at once. */
  traffic: boolean;
  /** Simulated time runs this many times faster than real time. */
  speed: number;
  /** Before going live, generate this many days of history (only into an empty journal). */
  backfillDays: number;
  /** One publish step unit; a publish takes 9 of them. */
  publishStepMs: number;
  /**
   * Per record of a published configuration: sending takes this per record, syncing a quarter of
   * it (0: the step times alone). A real controller writes record by record; see docs/protocol.md.
   */
  publishRecordMs: number;
  /** A publish job nobody polls for this long is abandoned before its swap (0: never). */
  publishLeaseMs: number;
  /** How long a device is off the radio after a Restart action. */
  restartMs: number;
  trafficProfile: TrafficProfile;
  /**
   * Hubs that stopped syncing: at start they report their last sync two days back (Offline) and
   * the traffic's hourly syncs leave them out, so the server's "outdated hubs" banner shows.
   */
  staleHubs: readonly number[];
  /** Instead of the demo hospital, a generated site of about this many nodes (a fresh data dir only). */
  siteNodes: number | null;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /**
   * The process that started this one (the server): when it goes, this one stops too. Read by
   * main.ts (a process matter; in-process simulators ignore it). See parent-watch.ts.
   */
  parentPid: number | null;
}

export const DEFAULT_OPTIONS: SimulatorOptions = {
  host: "127.0.0.1",
  port: 7700,
  dataDir: "./data/simulator",
  user: "admin",
  password: "admin",
  seed: 1,
  traffic: false,
  speed: 1,
  backfillDays: 0,
  publishStepMs: 1000,
  publishRecordMs: 0,
  publishLeaseMs: 20_000,
  restartMs: 2000,
  trafficProfile: DEFAULT_TRAFFIC_PROFILE,
  staleHubs: [],
  siteNodes: null,
  logLevel: "silent",
  parentPid: null,
};

const onOff = z.enum(["on", "off", "true", "false", "1", "0"]).transform((value) => ["on", "true", "1"].includes(value));

/** Flags and their variables; the flag wins over the variable. */
const FLAGS = {
  host: { env: "SIMULATOR_HOST", schema: z.string().min(1) },
  port: { env: "SIMULATOR_PORT", schema: z.coerce.number().int().min(0).max(65535) },
  data: { env: "SIMULATOR_DATA_DIR", schema: z.string().min(1) },
  user: { env: "SIMULATOR_USER", schema: z.string().min(1) },
  password: { env: "SIMULATOR_PASSWORD", schema: z.string().min(1) },
  seed: { env: "SIMULATOR_SEED", schema: z.coerce.number().int() },
  traffic: { env: "SIMULATOR_TRAFFIC", schema: onOff },
  speed: { env: "SIMULATOR_SPEED", schema: z.coerce.number().positive().max(100_000) },
  "backfill-days": { env: "SIMULATOR_BACKFILL_DAYS", schema: z.coerce.number().min(0).max(400) },
  "publish-step-ms": { env: "SIMULATOR_PUBLISH_STEP_MS", schema: z.coerce.number().int().min(1).max(600_000) },
  "publish-record-ms": { env: "SIMULATOR_PUBLISH_RECORD_MS", schema: z.coerce.number().min(0).max(1000) },
  "publish-lease-ms": { env: "SIMULATOR_PUBLISH_LEASE_MS", schema: z.coerce.number().int().min(0).max(3_600_000) },
  "day-rate": { env: "SIMULATOR_DAY_RATE", schema: z.coerce.number().min(0).max(100_000) },
  "night-rate": { env: "SIMULATOR_NIGHT_RATE", schema: z.coerce.number().min(0).max(100_000) },
  "log-level": { env: "SIMULATOR_LOG_LEVEL", schema: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]) },
  parent: { env: "SIMULATOR_PARENT_PID", schema: z.coerce.number().int().min(1) },
  "stale-hubs": {
    env: "SIMULATOR_STALE_HUBS",
    schema: z
      .string()
      .regex(/^\d{1,9}(,\d{1,9})*$/, { error: "comma-separated hub ids" })
      .transform((value) => value.split(",").map(Number)),
  },
  "site-nodes": { env: "SIMULATOR_SITE_NODES", schema: z.coerce.number().int().min(10).max(100_000) },
} as const;

type Flag = keyof typeof FLAGS;
type FlagValue<F extends Flag> = z.output<(typeof FLAGS)[F]["schema"]>;

/** Reads CLI flags (`--port 7700` or `--port=7700`) and SIMULATOR_* variables; throws on bad values. */
export function parseCliOptions(argv: readonly string[], env: Record<string, string | undefined>): Partial<SimulatorOptions> {
  const { values } = parseArgs({
    args: [...argv],
    options: Object.fromEntries(Object.keys(FLAGS).map((flag) => [flag, { type: "string" as const }])),
    strict: true,
    allowPositionals: false,
  });
  const read = <F extends Flag>(flag: F): FlagValue<F> | undefined => {
    const raw = values[flag] ?? env[FLAGS[flag].env];
    if (raw === undefined || typeof raw !== "string") return undefined;
    const parsed = FLAGS[flag].schema.safeParse(raw);
    if (!parsed.success) throw new Error(`--${flag} (${FLAGS[flag].env}): ${parsed.error.issues[0]?.message ?? "invalid"}`);
    return parsed.data as FlagValue<F>;
  };
  const options: Partial<SimulatorOptions> = {
    host: read("host"),
    port: read("port"),
    dataDir: read("data"),
    user: read("user"),
    password: read("password"),
    seed: read("seed"),
    traffic: read("traffic"),
    speed: read("speed"),
    backfillDays: read("backfill-days"),
    publishStepMs: read("publish-step-ms"),
    publishRecordMs: read("publish-record-ms"),
    publishLeaseMs: read("publish-lease-ms"),
    logLevel: read("log-level") ?? "info",
    parentPid: read("parent"),
    staleHubs: read("stale-hubs"),
    siteNodes: read("site-nodes"),
  };
  const dayRate = read("day-rate");
  const nightRate = read("night-rate");
  if (dayRate !== undefined || nightRate !== undefined) {
    options.trafficProfile = {
      ...DEFAULT_TRAFFIC_PROFILE,
      ...(dayRate === undefined ? {} : { dayRatePerHour: dayRate }),
      ...(nightRate === undefined ? {} : { nightRatePerHour: nightRate }),
    };
  }
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<SimulatorOptions>;
}
