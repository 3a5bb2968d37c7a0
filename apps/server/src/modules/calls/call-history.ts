import type { Insertable, Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { entityTables } from "../entities/entity-tables.ts";

/**
 * A simulated call history written straight into `calls` (npm run simulate, the call log's bench
 * and tests): a year in seconds instead of replaying a journal event by event. The rows are what
 * the call path would have stored for the system's real tree and call types: texts of the moment,
 * sections and call sources inherited from the parents, presence_at when staff came.
 *
 * The traffic follows the virtual call system's model (docs/protocol.md "Traffic generator"):
 * a Poisson process with a day rate (07:00–18:59 local) three times the night rate; a mix of
 * patient, bathroom, fall, technical and emergency calls; staff answer after a log-normal time
 * (patient call ~2.5 min, URGENT ~4 min, emergency ~1 min), slower at night and at the shift
 * changes (06–07, 14–15, 22–23) and differently per ward; about 1 % wait very long; after the
 * presence most calls end at once (reason presence), some only when staff reset them after the
 * visit; 15 % of patient calls are cancelled by the patient; technical alarms wait ~20 min for a
 * reset. Each answered visit also leaves a Presence-type call, as the controller records it.
 */
export interface CallHistoryOptions {
  systemId: number;
  /** Days back from `now`. */
  days: number;
  /** Average calls per day for the whole site (the presence calls of the visits come on top). */
  callsPerDay: number;
  now: number;
  seed?: number;
  timeZone?: string;
  /** Rows per insert statement and per transaction. */
  batchRows?: number;
  transactionRows?: number;
  onProgress?: (written: number) => void;
}

/** The journal the simulated rows claim: never one a controller uses. */
export const SIMULATED_JOURNAL = "simulated-history";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** mulberry32: small, seedable, the same generator the virtual call system uses. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function logNormal(next: () => number, median: number, sigma: number): number {
  const u = Math.max(next(), 1e-12);
  const v = next();
  return median * Math.exp(sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v));
}

interface NodeRow {
  id: number;
  kind: string;
  parent_id: number | null;
  section_id: number | null;
  call_source_id: number | null;
  default_call_type_id: number | null;
  text_short: string;
  text_long: string;
  is_enabled: number;
}

interface Device {
  node: NodeRow;
  sectionId: number | null;
  callSourceId: number | null;
}

/** Demo hospital ids (docs/protocol.md "Call types") and their share; other systems: even shares. */
const DEMO_MIX: Record<number, number> = { 4: 74, 3: 16, 5: 4, 1: 4, 2: 2 };

export async function generateCallHistory(db: Kysely<Database>, options: CallHistoryOptions): Promise<{ calls: number; presenceCalls: number }> {
  const { systemId, now } = options;
  const next = random(options.seed ?? 1);
  const zone = options.timeZone ?? "Europe/Zurich";
  const hourOf = new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", hourCycle: "h23" });

  const [nodes, types, sources, sections, last] = await Promise.all([
    db
      .selectFrom("system_tree_nodes")
      .select(["id", "kind", "parent_id", "section_id", "call_source_id", "default_call_type_id", "text_short", "text_long", "is_enabled"])
      .where("system_id", "=", systemId)
      .execute(),
    entityTables(db).selectFrom("call_types").select(["id", "name", "flag", "urgency"]).where("system_id", "=", systemId).execute(),
    entityTables(db).selectFrom("call_sources").select(["id", "text"]).where("system_id", "=", systemId).execute(),
    entityTables(db).selectFrom("sections").select(["id", "name"]).where("system_id", "=", systemId).execute(),
    db
      .selectFrom("calls")
      .select((eb) => eb.fn.max("external_id").as("n"))
      .where("system_id", "=", systemId)
      .where("journal_id", "=", SIMULATED_JOURNAL)
      .executeTakeFirst(),
  ]);
  const byId = new Map(nodes.map((n) => [n.id, n as NodeRow]));
  const inherited = (node: NodeRow, field: "section_id" | "call_source_id"): number | null => {
    for (let current: NodeRow | undefined = node, depth = 0; current && depth <= 10; current = byId.get(current.parent_id ?? -1), depth++) {
      if (current[field] !== null) return current[field];
    }
    return null;
  };
  const devices: Device[] = nodes
    .filter((n) => n.is_enabled === 1 && (n.kind === "device" || n.kind === "tech" || n.kind === "wired" || n.kind === "radio" || n.kind === "person"))
    .map((n) => ({ node: n as NodeRow, sectionId: inherited(n as NodeRow, "section_id"), callSourceId: inherited(n as NodeRow, "call_source_id") }));
  if (devices.length === 0) throw new Error(`system ${systemId} has no devices: import or publish a tree first`);

  const typeRows = types.map((t) => ({
    id: Number(t.id),
    name: String(t["name"] ?? ""),
    flag: String(t["flag"] ?? "None"),
    urgency: String(t["urgency"] ?? "NORMAL"),
  }));
  const presenceType = typeRows.find((t) => t.flag === "Presence") ?? null;
  const callTypes = typeRows.filter((t) => t.flag !== "Presence");
  if (callTypes.length === 0) throw new Error(`system ${systemId} has no call types`);
  const weights = callTypes.map((t) => DEMO_MIX[t.id] ?? (Object.keys(DEMO_MIX).length && callTypes.some((c) => DEMO_MIX[c.id]) ? 0 : 1));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const sourceText = new Map(sources.map((s) => [Number(s.id), String(s["text"] ?? "")]));
  const sectionName = new Map(sections.map((s) => [Number(s.id), String(s["name"] ?? "")]));
  // Wards answer differently (staffing, corridor length): a factor per section, stable for a seed.
  const wardFactor = new Map<number | null, number>();
  const factorOf = (section: number | null): number => {
    let f = wardFactor.get(section);
    if (f === undefined) wardFactor.set(section, (f = 0.75 + next() * 0.7));
    return f;
  };
  const techDevices = devices.filter((d) => d.node.kind === "tech");
  const bedDevices = devices.filter((d) => d.node.kind !== "tech");

  const pickType = () => {
    let r = next() * weightSum;
    for (let i = 0; i < callTypes.length; i++) {
      r -= weights[i] ?? 0;
      if (r <= 0) return callTypes[i] as (typeof callTypes)[number];
    }
    return callTypes[callTypes.length - 1] as (typeof callTypes)[number];
  };
  const pickDevice = (type: (typeof callTypes)[number]): Device => {
    const pool = type.flag === "Defect" && techDevices.length ? techDevices : bedDevices.length ? bedDevices : devices;
    const dedicated = pool.filter((d) => d.node.default_call_type_id === type.id);
    const from = dedicated.length && next() < 0.9 ? dedicated : pool;
    return from[Math.floor(next() * from.length)] as Device;
  };

  let externalId = Number(last?.n ?? 0);
  const rows: Insertable<Database["calls"]>[] = [];
  const row = (
    device: Device,
    typeId: number,
    typeName: string,
    opened: number,
    presence: number | null,
    closed: number | null,
    reason: string | null,
  ): Insertable<Database["calls"]> => {
    externalId += 1;
    const sectionId = device.sectionId;
    return {
      system_id: systemId,
      journal_id: SIMULATED_JOURNAL,
      external_id: externalId,
      device_id: device.node.id,
      call_type_id: typeId,
      call_source_id: device.callSourceId,
      section_id: sectionId,
      opened_at: Math.round(opened),
      closed_at: closed === null || closed > now ? null : Math.round(closed),
      close_reason: closed === null || closed > now ? null : reason,
      manually_closed_by_username: null,
      handled_by_app_username: null,
      call_type_text: typeName.slice(0, 50),
      call_source_text: (device.callSourceId === null ? "" : (sourceText.get(device.callSourceId) ?? "")).slice(0, 50),
      device_text_short: device.node.text_short,
      device_text_long: device.node.text_long,
      section_name: (sectionId === null ? "" : (sectionName.get(sectionId) ?? "")).slice(0, 50),
      seq: externalId,
      presence_at: presence === null || presence > now ? null : Math.round(presence),
    };
  };

  const batchRows = options.batchRows ?? 500;
  const transactionRows = options.transactionRows ?? 50_000;
  let written = 0;
  let calls = 0;
  let presenceCalls = 0;
  const flush = async () => {
    const pending = rows.splice(0, rows.length);
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < pending.length; i += batchRows)
        await trx
          .insertInto("calls")
          .values(pending.slice(i, i + batchRows))
          .execute();
    });
    written += pending.length;
    options.onProgress?.(written);
  };

  // Day rate three times the night rate, averaging callsPerDay over 24 hours (12 day + 12 night hours).
  const nightPerHour = options.callsPerDay / 48;
  const dayPerHour = nightPerHour * 3;
  const start = Math.floor((now - options.days * 24 * HOUR) / HOUR) * HOUR;
  for (let hour = start; hour < now; hour += HOUR) {
    const local = Number(hourOf.format(new Date(hour)));
    const day = local >= 7 && local < 19;
    const shiftChange = local === 6 || local === 14 || local === 22;
    const rate = day ? dayPerHour : nightPerHour;
    // Poisson arrivals within the hour.
    for (let t = hour + (-Math.log(1 - next()) / rate) * HOUR; t < hour + HOUR && t < now; t += (-Math.log(1 - next()) / rate) * HOUR) {
      const type = pickType();
      const device = pickDevice(type);
      calls += 1;
      if (type.flag === "Defect") {
        rows.push(row(device, type.id, type.name, t, null, t + logNormal(next, 20 * MINUTE, 0.6), "reset"));
      } else if (type.urgency === "NORMAL" && next() < 0.15) {
        rows.push(row(device, type.id, type.name, t, null, t + logNormal(next, MINUTE, 0.5), "reset"));
      } else {
        const median = type.urgency === "EMERGENCY" ? MINUTE : type.urgency === "URGENT" ? 4 * MINUTE : 2.5 * MINUTE;
        let response = logNormal(next, median, 0.55) * (day ? 1 : 1.6) * (shiftChange ? 1.3 : 1) * factorOf(device.sectionId);
        if (next() < 0.01) response *= 8 + next() * 6; // the long waits the reports look for
        const presence = t + response;
        const visit = logNormal(next, type.urgency === "EMERGENCY" ? 10 * MINUTE : 4 * MINUTE, 0.5);
        // Most calls end as staff come; some stay until staff reset them after the visit.
        const closedAt = next() < 0.3 ? presence + visit * next() : presence;
        rows.push(row(device, type.id, type.name, t, presence, closedAt, closedAt === presence ? "presence" : "reset"));
        if (presenceType && presence < now) {
          presenceCalls += 1;
          rows.push(row(device, presenceType.id, presenceType.name, presence, null, presence + visit, "reset"));
        }
      }
      if (rows.length >= transactionRows) await flush();
    }
  }
  if (rows.length) await flush();
  return { calls, presenceCalls };
}
