import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { OffsetSegment } from "@caresuite/domain";
import type { Database } from "../../db/schema.ts";
import { readEpoch, rollupFor } from "./analytics-rollup.ts";
import type { CallColumns, ColumnFilter } from "./call-columns.ts";
import { BUCKET_COUNT, bucketOf } from "./response-buckets.ts";

/**
 * The analytics queries over the calls table (docs/decisions/034-analytics.md). Every query groups
 * in the database and hands back small aggregates: counts per local hour, and histograms of the
 * response time in whole seconds per key, from which the service takes exact percentiles.
 */

/** A validated analytics query: everything resolved to ids and instants (analytics.service.ts builds it). */
export interface AnalyticsQuery {
  systemId: number;
  dialect: "sqlite" | "postgres";
  /** The system's zone: the rollup answers only when it was built in the same zone. */
  timeZone: string;
  /** Opening instants [from, to) in ms; null: open on that side. */
  from: number | null;
  to: number | null;
  /** Where an open period starts and ends for the rollup's whole hours (first opening, now). */
  start: number;
  end: number;
  callTypeIds: number[] | null;
  sectionIds: number[] | null;
  /** Defect calls hidden from the caller (as the call log hides them). */
  hideDefects: "none" | "all" | "not_repeater" | "repeater";
  defectTypeIds: number[];
  /** Call types left out altogether (staff presence, unless the filter names it). */
  excludedTypeIds: number[];
  /** The zone's offsets over the period, for the local wall clock of an opening. */
  offsets: OffsetSegment[];
  /** False: everything from the calls table (the rollup's tests compare both). */
  useRollup: boolean;
}

// As the call log writes it (migration 0013's expression index is on the same text).
const RESPONSE_SQL = sql<number>`(coalesce(presence_at, closed_at) - opened_at)`;
/** Pending ids per statement (below both databases' parameter limits). */
const PENDING_CHUNK = 500;

type CallsEb = ExpressionBuilder<Database, "calls">;

function repeaters(db: Kysely<Database>, systemId: number) {
  return db.selectFrom("system_tree_nodes").select("id").where("system_id", "=", systemId).where("kind", "=", "repeater");
}

/**
 * Which calls one raw statement reads besides the filter: opened in [from, to) (null: open side);
 * `unfolded`: only those the rollup does not hold yet (above the watermark, or these pending ones).
 */
interface RawScope {
  from: number | null;
  to: number | null;
  unfolded?: { above: number } | { ids: number[] };
}

function where(db: Kysely<Database>, q: AnalyticsQuery, scope: RawScope = { from: q.from, to: q.to }) {
  return (eb: CallsEb): Expression<SqlBool> => {
    // The calls not folded yet are few and found by id: `+system_id` keeps both planners off the
    // (system, type/device/section, opening) indexes, which would walk the whole period for them.
    const system = scope.unfolded ? eb(sql<number>`+system_id`, "=", q.systemId) : eb("system_id", "=", q.systemId);
    const and: Expression<SqlBool>[] = [system];
    if (scope.from !== null) and.push(eb("opened_at", ">=", scope.from));
    if (scope.to !== null) and.push(eb("opened_at", "<", scope.to));
    if (scope.unfolded && "ids" in scope.unfolded) and.push(eb("id", "in", scope.unfolded.ids));
    else if (scope.unfolded) and.push(eb("id", ">", scope.unfolded.above));
    if (q.callTypeIds) and.push(eb("call_type_id", "in", q.callTypeIds));
    if (q.sectionIds) and.push(eb("section_id", "in", q.sectionIds));
    if (q.excludedTypeIds.length > 0) and.push(eb("call_type_id", "not in", q.excludedTypeIds));
    if (q.hideDefects !== "none" && q.defectTypeIds.length > 0) {
      const notDefect = eb("call_type_id", "not in", q.defectTypeIds);
      if (q.hideDefects === "all") and.push(notDefect);
      else if (q.hideDefects === "not_repeater") and.push(eb.or([notDefect, eb("device_id", "in", repeaters(db, q.systemId))]));
      else and.push(eb.or([notDefect, eb("device_id", "not in", repeaters(db, q.systemId))]));
    }
    return eb.and(and);
  };
}

/** The local wall clock of the opening as epoch ms (the zone's offset added); integers only, so both databases agree. */
function localOpening(offsets: OffsetSegment[]): RawBuilder<number> {
  const last = offsets[offsets.length - 1]?.offsetMs ?? 0;
  const bounded = offsets.filter((s): s is { until: number; offsetMs: number } => s.until !== null);
  if (bounded.length === 0) return sql<number>`(opened_at + ${sql.lit(last)})`;
  const whens = bounded.map((s) => sql`when opened_at < ${sql.lit(s.until)} then ${sql.lit(s.offsetMs)}`);
  return sql<number>`(opened_at + case ${sql.join(whens, sql` `)} else ${sql.lit(last)} end)`;
}

/** Local hours since 1970-01-01 00:00 local (integer division on both databases). */
function localHourNumber(offsets: OffsetSegment[]): RawBuilder<number> {
  return sql<number>`(${localOpening(offsets)} / 3600000)`;
}

// ---------------------------------------------------------------------------------------------
// The rollup's share of a period (docs/decisions/046-analytics-in-memory.md).

/** The rollup as one query reads it: the first `length` folded calls, and what is not folded. */
interface RollupView {
  columns: CallColumns;
  length: number;
  watermark: number;
  pending: number[];
  filter: ColumnFilter;
}

/**
 * Runs one part's statements over the calls in one snapshot (PostgreSQL: a repeatable-read
 * transaction; SQLite: one connection, one transaction) and takes the rollup as it stands at its
 * start: the calls folded up to then, the watermark and the pending calls, all at once (the
 * columns only grow, so their first `length` stay as they were). The rollup counts only when read
 * under the epoch this snapshot sees: calls deleted since set it aside. The caller scans the
 * columns after the transaction: on SQLite the call path shares its one connection.
 */
async function inSnapshot<T>(
  db: Kysely<Database>,
  q: AnalyticsQuery,
  read: (trx: Kysely<Database>, scopes: RawScope[]) => Promise<T>,
): Promise<{ view: RollupView | null; raw: T }> {
  if (!q.useRollup) return { view: null, raw: await read(db, rawScopes(q, null)) };
  const builder = db.transaction();
  return (q.dialect === "postgres" ? builder.setIsolationLevel("repeatable read").setAccessMode("read only") : builder).execute(async (trx) => {
    const epoch = await readEpoch(trx, q.systemId);
    const rollup = rollupFor(db, q.systemId, epoch, q.timeZone);
    if (!rollup) return { view: null, raw: await read(trx, rawScopes(q, null)) };
    const taken = { columns: rollup.columns, length: rollup.columns.length, watermark: rollup.watermark, pending: [...rollup.pending] };
    const partial = q.hideDefects === "repeater" || q.hideDefects === "not_repeater";
    const repeaterIds = partial ? new Set((await repeaters(trx, q.systemId).execute()).map((r) => Number(r.id))) : new Set<number>();
    const view: RollupView = { ...taken, filter: { ...q, isRepeater: (id) => repeaterIds.has(id) } };
    return { view, raw: await read(trx, rawScopes(q, view)) };
  });
}

/** The raw statements beside the rollup: the calls it does not hold yet (all of them without it). */
function rawScopes(q: AnalyticsQuery, view: RollupView | null): RawScope[] {
  if (!view) return [{ from: q.from, to: q.to }];
  const scopes: RawScope[] = [{ from: q.from, to: q.to, unfolded: { above: view.watermark } }];
  for (let i = 0; i < view.pending.length; i += PENDING_CHUNK)
    scopes.push({ from: q.from, to: q.to, unfolded: { ids: view.pending.slice(i, i + PENDING_CHUNK) } });
  return scopes;
}

export interface HourCount {
  /** Local hours since the epoch: hour of day = n mod 24, local day = n div 24. */
  hour: number;
  calls: number;
  /** Calls with a response (presence or close) and the sum of their response times in ms. */
  responded: number;
  response_ms: number;
}

async function rawCountByLocalHour(db: Kysely<Database>, q: AnalyticsQuery, scope: RawScope): Promise<HourCount[]> {
  const hour = localHourNumber(q.offsets);
  const rows = await db
    .selectFrom("calls")
    .select([
      hour.as("hour"),
      (eb) => eb.fn.countAll<number>().as("calls"),
      sql<number>`count(coalesce(presence_at, closed_at))`.as("responded"),
      sql<number>`coalesce(sum(${RESPONSE_SQL}), 0)`.as("response_ms"),
    ])
    .where(where(db, q, scope))
    .groupBy(hour)
    .execute();
  return rows.map((r) => ({ hour: Number(r.hour), calls: Number(r.calls), responded: Number(r.responded), response_ms: Number(r.response_ms) }));
}

/** Calls per local hour of the period (at most 24 × days rows): the folded ones from the rollup, the rest from the calls. */
export async function countByLocalHour(db: Kysely<Database>, q: AnalyticsQuery): Promise<HourCount[]> {
  const { view, raw } = await inSnapshot(db, q, async (trx, scopes) => {
    const rows: HourCount[] = [];
    for (const scope of scopes) rows.push(...(await rawCountByLocalHour(trx, q, scope)));
    return rows;
  });
  const merged = new Map<number, HourCount>();
  for (const r of view ? view.columns.countByLocalHour(view.filter, view.length) : []) merged.set(r.hour, { ...r, responded: r.calls });
  for (const row of raw) {
    const sum = merged.get(row.hour);
    if (!sum) merged.set(row.hour, { ...row });
    else {
      sum.calls += row.calls;
      sum.responded += row.responded;
      sum.response_ms += row.response_ms;
    }
  }
  return [...merged.values()];
}

export type HistogramKey = "hour_of_day" | "call_type" | "device";

/** Calls per response bucket (index: `response-buckets.ts` bucket), per key. */
export type KeyedBuckets = Map<number, Uint32Array>;

interface HistogramRow {
  key: number;
  seconds: number;
  n: number;
}

function keyExpression(key: HistogramKey, offsets: OffsetSegment[]): RawBuilder<number> {
  switch (key) {
    case "hour_of_day":
      // The shifts are sums of these hours (domain shiftOfHour).
      return sql<number>`(${localHourNumber(offsets)} % 24)`;
    case "call_type":
      return sql<number>`call_type_id`;
    case "device":
      return sql<number>`device_id`;
  }
}

async function rawHistogram(db: Kysely<Database>, q: AnalyticsQuery, key: HistogramKey, scope: RawScope): Promise<HistogramRow[]> {
  const k = keyExpression(key, q.offsets);
  const seconds = sql<number>`(${RESPONSE_SQL} / 1000)`;
  const rows = await db
    .selectFrom("calls")
    .select([k.as("key"), seconds.as("seconds"), (eb) => eb.fn.countAll<number>().as("n")])
    .where(where(db, q, scope))
    .where(sql<SqlBool>`coalesce(presence_at, closed_at) is not null`)
    .groupBy([k, seconds])
    .execute();
  return rows.map((r) => ({ key: Number(r.key), seconds: Number(r.seconds), n: Number(r.n) }));
}

/**
 * Response times counted per key and response bucket (`response-buckets.ts`): the calls that had a
 * response (staff presence, else the close). Open calls without presence have none yet and are
 * left out. By device, `groupOfDevice` (the room) lets the rollup hand back one histogram per group;
 * the calls read from the table stay keyed by device.
 */
export async function responseHistogram(
  db: Kysely<Database>,
  q: AnalyticsQuery,
  key: HistogramKey,
  groupOfDevice: Promise<(deviceId: number) => number> = Promise.resolve((id) => id),
): Promise<KeyedBuckets> {
  // The groups (a tree to load) come in while the calls are read.
  const [{ view, raw }, group] = await Promise.all([
    inSnapshot(db, q, async (trx, scopes) => {
      const rows: HistogramRow[] = [];
      for (const scope of scopes) rows.push(...(await rawHistogram(trx, q, key, scope)));
      return rows;
    }),
    groupOfDevice,
  ]);
  const out: KeyedBuckets = view ? view.columns.histogram(view.filter, key === "device" ? { groupOfDevice: group } : key, view.length) : new Map();
  for (const row of raw) {
    let counts = out.get(row.key);
    if (!counts) out.set(row.key, (counts = new Uint32Array(BUCKET_COUNT)));
    counts[bucketOf(row.seconds)]! += row.n;
  }
  return out;
}

export interface LongWaitRow {
  id: number;
  opened_at: number;
  response_ms: number;
  device_id: number;
  device_text_long: string;
  call_type_id: number;
  call_type_text: string;
  section_name: string;
}

/** The calls that waited longest for a response, longest first (ties: newest first, then by id). */
export async function longestWaits(db: Kysely<Database>, q: AnalyticsQuery, limit: number): Promise<LongWaitRow[]> {
  const rows = await db
    .selectFrom("calls")
    .select(["id", "opened_at", RESPONSE_SQL.as("response_ms"), "device_id", "device_text_long", "call_type_id", "call_type_text", "section_name"])
    .where(where(db, q))
    .where(sql<SqlBool>`coalesce(presence_at, closed_at) is not null`)
    .orderBy(RESPONSE_SQL, "desc")
    .orderBy("opened_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), opened_at: Number(r.opened_at), response_ms: Number(r.response_ms), device_id: Number(r.device_id) }));
}

/** The first opening of the system's calls matching the filter's scope (a period "since beginning" starts there). */
export async function firstOpening(db: Kysely<Database>, systemId: number): Promise<number | null> {
  const row = await db
    .selectFrom("calls")
    .select((eb) => eb.fn.min("opened_at").as("first"))
    .where("system_id", "=", systemId)
    .executeTakeFirst();
  return row?.first === null || row?.first === undefined ? null : Number(row.first);
}

export interface TreeNodeRow {
  id: number;
  parent_id: number | null;
  kind: string;
  name: string;
  text_long: string;
  section_id: number | null;
  battery: number | null;
  battery_reported_at: number | null;
  reachable: number;
  last_reachable_at: number | null;
  /** Visibility facts (systemtree/node-access.ts): who may see the node. */
  is_tech: number;
  radio: number;
  call_source_id: number | null;
}

/** What a device's room, its name and who may see it need of a node. */
export type TreeShapeRow = Pick<TreeNodeRow, "id" | "parent_id" | "kind" | "name" | "text_long" | "is_tech" | "radio" | "call_source_id">;

/** The shapes read last, by database handle and system, with the fingerprint they were read under. */
const shapes = new WeakMap<Kysely<Database>, Map<number, { fingerprint: string; rows: TreeShapeRow[] }>>();

/**
 * The system's tree without the device health (by room). PostgreSQL hands 27,000 rows to the
 * driver in ~80–115 ms but sums a hash of them in ~25 ms: the rows read last are kept and read
 * again only when that fingerprint changed (read first, so a change meanwhile only rereads).
 * SQLite reads them in ~30 ms every time.
 */
export async function loadTreeShape(db: Kysely<Database>, systemId: number, dialect: "sqlite" | "postgres"): Promise<TreeShapeRow[]> {
  const read = async (): Promise<TreeShapeRow[]> =>
    (await db.selectFrom("system_tree_nodes").select(SHAPE_COLUMNS).where("system_id", "=", systemId).execute()).map(shapeOf);
  if (dialect === "sqlite") return read();
  const { rows } = await sql<{
    fingerprint: string;
  }>`select count(*)::text || ':' || coalesce(sum(hashtext((id, parent_id, kind, name, text_long, is_tech, radio, call_source_id)::text)::bigint), 0)::text as fingerprint
    from system_tree_nodes where system_id = ${systemId}`.execute(db);
  const fingerprint = rows[0]?.fingerprint ?? "";
  let bySystem = shapes.get(db);
  if (!bySystem) shapes.set(db, (bySystem = new Map()));
  const known = bySystem.get(systemId);
  if (known && known.fingerprint === fingerprint) return known.rows;
  const fresh = await read();
  bySystem.set(systemId, { fingerprint, rows: fresh });
  return fresh;
}

const SHAPE_COLUMNS = ["id", "parent_id", "kind", "name", "text_long", "is_tech", "radio", "call_source_id"] as const;

/** The shape's columns as numbers (PostgreSQL's bigint arrives as text). */
function shapeOf(
  r: Pick<TreeShapeRow, "kind" | "name" | "text_long"> & { id: unknown; parent_id: unknown; is_tech: unknown; radio: unknown; call_source_id: unknown },
): TreeShapeRow {
  return {
    kind: r.kind,
    name: r.name,
    text_long: r.text_long,
    id: Number(r.id),
    parent_id: r.parent_id === null ? null : Number(r.parent_id),
    is_tech: Number(r.is_tech),
    radio: Number(r.radio),
    call_source_id: r.call_source_id === null ? null : Number(r.call_source_id),
  };
}

/** Tree nodes with the device health the boxes read. */
const HEALTH_COLUMNS = [...SHAPE_COLUMNS, "section_id", "battery", "battery_reported_at", "reachable", "last_reachable_at"] as const;

function healthOf(r: Parameters<typeof shapeOf>[0] & Record<(typeof HEALTH_COLUMNS)[number], unknown>): TreeNodeRow {
  const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
  return {
    ...shapeOf(r),
    section_id: num(r.section_id),
    battery: num(r.battery),
    battery_reported_at: num(r.battery_reported_at),
    reachable: Number(r.reachable),
    last_reachable_at: num(r.last_reachable_at),
  };
}

/**
 * The devices (kinds device and tech) a health box may list: a battery reported below `batteryBelow`
 * (the box applies the spec's battery rule to these), or reported unreachable. Only these rows, not
 * the whole tree: on a large site the tree alone took longer than the box may.
 */
export async function devicesForHealthBox(
  db: Kysely<Database>,
  systemId: number,
  filter: { batteryBelow: number } | "not_reachable",
  sectionIds: readonly number[] | null,
): Promise<TreeNodeRow[]> {
  let query = db.selectFrom("system_tree_nodes").select(HEALTH_COLUMNS).where("system_id", "=", systemId).where("kind", "in", ["device", "tech"]);
  query = filter === "not_reachable" ? query.where("reachable", "=", 0) : query.where("battery", "is not", null).where("battery", "<", filter.batteryBelow);
  if (sectionIds) query = query.where("section_id", "in", sectionIds);
  return (await query.execute()).map(healthOf);
}

/** The nodes `ids` and every node above them (their rooms and names). */
export async function withAncestors(db: Kysely<Database>, systemId: number, ids: readonly number[]): Promise<TreeShapeRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .withRecursive("up(id)", (qb) =>
      qb
        .selectFrom("system_tree_nodes")
        .select("id")
        .where("system_id", "=", systemId)
        .where("id", "in", ids)
        .union((u) =>
          u
            .selectFrom("system_tree_nodes as n")
            .innerJoin("up", "up.id", "n.id")
            .select(sql<number>`n.parent_id`.as("id"))
            .where("n.system_id", "=", systemId)
            .where("n.parent_id", "is not", null),
        ),
    )
    .selectFrom("system_tree_nodes")
    .select(SHAPE_COLUMNS)
    .where("system_id", "=", systemId)
    .where("id", "in", (eb) => eb.selectFrom("up").select("up.id"))
    .execute();
  return rows.map(shapeOf);
}

/** The system's tree, for the defect boxes' rooms. */
export async function loadTree(db: Kysely<Database>, systemId: number): Promise<TreeNodeRow[]> {
  const rows = await db.selectFrom("system_tree_nodes").select(HEALTH_COLUMNS).where("system_id", "=", systemId).execute();
  return rows.map(healthOf);
}

export interface OpenDefectRow {
  device_id: number;
  /** The opening of the device's oldest open defect call. */
  since: number;
}

/** The devices with an open call of a Defect type (as the call log shows them), oldest first. */
export async function openDefects(
  db: Kysely<Database>,
  systemId: number,
  defectTypeIds: number[],
  sectionIds: readonly number[] | null,
): Promise<OpenDefectRow[]> {
  if (defectTypeIds.length === 0) return [];
  let query = db
    .selectFrom("calls")
    .select(["device_id", (eb) => eb.fn.min("opened_at").as("since")])
    .where("system_id", "=", systemId)
    .where("closed_at", "is", null)
    .where("call_type_id", "in", defectTypeIds);
  if (sectionIds) query = query.where("section_id", "in", sectionIds);
  const rows = await query.groupBy("device_id").execute();
  return rows.map((r) => ({ device_id: Number(r.device_id), since: Number(r.since) })).sort((a, b) => a.since - b.since || a.device_id - b.device_id);
}
