import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { OffsetSegment } from "@caresuite/domain";
import type { Database } from "../../db/schema.ts";
import { DAY_BLOCKS, WEEK_BLOCKS } from "./analytics-rollup.ts";
import { BUCKET_COLUMNS, BUCKET_LOWER_SECONDS } from "./response-buckets.ts";

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
const HOUR = 3_600_000;
const HOURS_PER_WEEK = 168;

type CallsEb = ExpressionBuilder<Database, "calls">;

function repeaters(db: Kysely<Database>, systemId: number) {
  return db.selectFrom("system_tree_nodes").select("id").where("system_id", "=", systemId).where("kind", "=", "repeater");
}

/**
 * Which calls one raw statement reads besides the filter: opened in [from, to) (null: open side);
 * `unfolded`: only those the rollup does not hold yet (above the watermark, or pending);
 * `types`: only these call types (`only`) or all but these (`except`).
 */
interface RawScope {
  from: number | null;
  to: number | null;
  unfolded?: { above: number } | "pending";
  types?: { only: number[] } | { except: number[] };
}

function where(db: Kysely<Database>, q: AnalyticsQuery, scope: RawScope = { from: q.from, to: q.to }) {
  return (eb: CallsEb): Expression<SqlBool> => {
    const and: Expression<SqlBool>[] = [eb("system_id", "=", q.systemId)];
    if (scope.from !== null) and.push(eb("opened_at", ">=", scope.from));
    if (scope.to !== null) and.push(eb("opened_at", "<", scope.to));
    if (scope.unfolded === "pending") and.push(eb("id", "in", db.selectFrom("analytics_rollup_pending").select("call_id").where("system_id", "=", q.systemId)));
    else if (scope.unfolded) and.push(eb("id", ">", scope.unfolded.above));
    if (scope.types && "only" in scope.types) and.push(eb("call_type_id", "in", scope.types.only));
    if (scope.types && "except" in scope.types && scope.types.except.length > 0) and.push(eb("call_type_id", "not in", scope.types.except));
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
// The rollup's share of a period (docs/decisions/034-analytics.md "The rollup").

/**
 * The instant local hour `h` begins, when exactly one instant does (not in a skipped hour of a
 * spring change, nor in the repeated hour of an autumn one); else null.
 */
export function instantOfLocalHour(h: number, offsets: OffsetSegment[]): number | null {
  const found: number[] = [];
  let since = Number.NEGATIVE_INFINITY;
  for (const s of offsets) {
    const t = h * HOUR - s.offsetMs;
    if (t >= since && (s.until === null || t < s.until)) found.push(t);
    if (s.until !== null) since = s.until;
  }
  if (found.length !== 1) return null;
  // No change within an hour either side: the local clock runs straight across the boundary.
  const t = found[0]!;
  return offsets.every((s) => s.until === null || s.until <= t - HOUR || s.until > t + HOUR) ? t : null;
}

/** The rollup's share of one query: whole local hours, and whole local days for the device rows. */
export interface RollupPlan {
  watermark: number;
  /** Whole local hours inside the period, [first, end), with their instants. */
  hours: { first: number; end: number; from: number; to: number } | null;
  /** Whole local days inside it (day d = local hours 24d … 24d + 23). */
  days: { first: number; end: number; from: number; to: number } | null;
  /** Call types always read from the calls table (defects hidden by device kind: the rollup has no device kind). */
  rawTypes: number[];
}

function span(q: AnalyticsQuery, first: number, end: number, step: number): { first: number; end: number; from: number; to: number } | null {
  let a = first;
  let b = end;
  let from = instantOfLocalHour(a * step, q.offsets);
  for (let i = 0; from === null && i < 4 && a < b; i++) from = instantOfLocalHour(++a * step, q.offsets);
  let to = instantOfLocalHour(b * step, q.offsets);
  for (let i = 0; to === null && i < 4 && a < b; i++) to = instantOfLocalHour(--b * step, q.offsets);
  if (from === null || to === null || a >= b) return null;
  return { first: a, end: b, from, to };
}

function makePlan(q: AnalyticsQuery, watermark: number): RollupPlan {
  const localMs = (t: number): number => {
    for (const s of q.offsets) if (s.until === null || t < s.until) return t + s.offsetMs;
    return t;
  };
  const start = localMs(q.from ?? q.start);
  const end = localMs(q.to ?? q.end);
  const hours = span(q, Math.ceil(start / HOUR), Math.floor(end / HOUR), 1);
  const days = hours ? span(q, Math.ceil(hours.first / 24), Math.floor(hours.end / 24), 24) : null;
  const partialDefects = q.hideDefects === "repeater" || q.hideDefects === "not_repeater";
  return { watermark, hours, days, rawTypes: partialDefects ? q.defectTypeIds : [] };
}

/**
 * Runs one part's statements in one snapshot (PostgreSQL: a repeatable-read transaction; SQLite:
 * one connection, one transaction), so the watermark, the rollup rows and the unfolded calls are
 * read as of the same moment: a pass committing meanwhile neither doubles nor drops a call.
 */
async function inSnapshot<T>(db: Kysely<Database>, q: AnalyticsQuery, run: (trx: Kysely<Database>, plan: RollupPlan | null) => Promise<T>): Promise<T> {
  if (!q.useRollup) return run(db, null);
  const builder = db.transaction();
  return (q.dialect === "postgres" ? builder.setIsolationLevel("repeatable read").setAccessMode("read only") : builder).execute(async (trx) => {
    const state = await trx.selectFrom("analytics_rollup_state").select(["time_zone", "watermark"]).where("system_id", "=", q.systemId).executeTakeFirst();
    const plan = state && state.time_zone === q.timeZone ? makePlan(q, Number(state.watermark)) : null;
    return run(trx, plan && plan.hours ? plan : null);
  });
}

/** The raw statements beside a rollup span [from, to): the edges whole, the inside only where not folded. */
function rawScopes(q: AnalyticsQuery, plan: RollupPlan | null, inner: { from: number; to: number } | null): RawScope[] {
  if (!plan || !inner) return [{ from: q.from, to: q.to }];
  const rest = plan.rawTypes.length > 0 ? { types: { except: plan.rawTypes } } : {};
  const scopes: RawScope[] = [
    { from: q.from, to: inner.from },
    { from: inner.to, to: q.to },
    { from: inner.from, to: inner.to, unfolded: { above: plan.watermark }, ...rest },
    { from: inner.from, to: inner.to, unfolded: "pending", ...rest },
  ];
  if (plan.rawTypes.length > 0) scopes.push({ from: inner.from, to: inner.to, types: { only: plan.rawTypes } });
  return scopes;
}

/**
 * Local hours [a, b) as aligned blocks of the given sizes (in hours, ascending, the first dividing
 * a and b): the coarsest blocks that fit in the middle, finer ones towards the edges.
 */
export function blocks(a: number, b: number, sizes: readonly number[]): { size: number; first: number; end: number }[] {
  const out: { size: number; first: number; end: number }[] = [];
  const split = (from: number, to: number, level: number): void => {
    if (from >= to || level < 0) return;
    const size = sizes[level]!;
    const first = Math.ceil(from / size);
    const end = Math.floor(to / size);
    if (first >= end) return split(from, to, level - 1);
    out.push({ size, first, end });
    split(from, first * size, level - 1);
    split(end * size, to, level - 1);
  };
  split(a, b, sizes.length - 1);
  return out;
}

type RollupTable = "analytics_rollup_hours" | "analytics_rollup_weeks" | "analytics_rollup_devices";
type Loose = Record<string, Record<string, number>>;

/** The filter on rollup rows: the same section, type and defect rules as on the calls. */
function rollupWhere(q: AnalyticsQuery, plan: RollupPlan): RawBuilder<SqlBool> {
  const and: RawBuilder<unknown>[] = [sql`system_id = ${q.systemId}`];
  const excluded = [...q.excludedTypeIds, ...plan.rawTypes, ...(q.hideDefects === "all" ? q.defectTypeIds : [])];
  if (q.callTypeIds) and.push(sql`call_type_id in (${sql.join(q.callTypeIds)})`);
  if (q.sectionIds) and.push(sql`section_id in (${sql.join(q.sectionIds)})`);
  if (excluded.length > 0) and.push(sql`call_type_id not in (${sql.join(excluded)})`);
  return sql<SqlBool>`${sql.join(and, sql` and `)}`;
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

/** Calls per local hour of the period (at most 24 × days rows): whole hours from the rollup, the rest from the calls. */
export async function countByLocalHour(db: Kysely<Database>, q: AnalyticsQuery): Promise<HourCount[]> {
  return inSnapshot(db, q, async (trx, plan) => {
    const parts: HourCount[][] = [];
    if (plan?.hours) {
      const rows = await sql<{ hour: number; calls: number; response_ms: number }>`select hour, sum(calls) as calls, sum(response_ms) as response_ms
        from analytics_rollup_hours where ${rollupWhere(q, plan)} and hour >= ${plan.hours.first} and hour < ${plan.hours.end} group by hour`.execute(trx);
      parts.push(rows.rows.map((r) => ({ hour: Number(r.hour), calls: Number(r.calls), responded: Number(r.calls), response_ms: Number(r.response_ms) })));
    }
    for (const scope of rawScopes(q, plan, plan?.hours ?? null)) parts.push(await rawCountByLocalHour(trx, q, scope));
    const merged = new Map<number, HourCount>();
    for (const row of parts.flat()) {
      const sum = merged.get(row.hour);
      if (!sum) merged.set(row.hour, { ...row });
      else {
        sum.calls += row.calls;
        sum.responded += row.responded;
        sum.response_ms += row.response_ms;
      }
    }
    return [...merged.values()];
  });
}

export type HistogramKey = "hour_of_day" | "call_type" | "device";

export interface HistogramRow {
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

/** Bucket counts per key from one rollup table: one row per key with the sums of b0 … b110. */
async function rollupHistogram(db: Kysely<Database>, table: RollupTable, keySql: RawBuilder<number>, range: RawBuilder<SqlBool>): Promise<HistogramRow[]> {
  const sums = BUCKET_COLUMNS.map((c) => sql`sum(${sql.ref(c)}) as ${sql.ref(c)}`);
  const rows = await sql<Record<string, number>>`select ${keySql} as k, ${sql.join(sums)} from ${sql.table(table)} where ${range} group by ${keySql}`.execute(
    db as unknown as Kysely<Loose>,
  );
  const out: HistogramRow[] = [];
  for (const row of rows.rows) {
    BUCKET_COLUMNS.forEach((c, i) => {
      const n = Number(row[c] ?? 0);
      if (n > 0) out.push({ key: Number(row["k"]), seconds: BUCKET_LOWER_SECONDS[i]!, n });
    });
  }
  return out;
}

/**
 * Response times in whole seconds, counted per key: the calls that had a response (staff presence,
 * else the close). Open calls without presence have none yet and are left out. Rows from the
 * rollup carry their bucket's lower bound as the seconds (the service buckets the others alike).
 */
export async function responseHistogram(db: Kysely<Database>, q: AnalyticsQuery, key: HistogramKey): Promise<HistogramRow[]> {
  return inSnapshot(db, q, async (trx, plan) => {
    const parts: HistogramRow[][] = [];
    let inner: { from: number; to: number } | null = plan?.hours ?? null;
    if (plan?.hours && key === "device") {
      inner = plan.days;
      if (plan.days)
        for (const block of blocks(
          plan.days.first * 24,
          plan.days.end * 24,
          DAY_BLOCKS.map((d) => d * 24),
        ))
          parts.push(
            await rollupHistogram(
              trx,
              "analytics_rollup_devices",
              sql<number>`device_id`,
              sql<SqlBool>`${rollupWhere(q, plan)} and days = ${block.size / 24} and period >= ${block.first} and period < ${block.end}`,
            ),
          );
    } else if (plan?.hours) {
      const where = rollupWhere(q, plan);
      for (const block of blocks(plan.hours.first, plan.hours.end, [1, ...WEEK_BLOCKS.map((w) => w * HOURS_PER_WEEK)])) {
        const rows =
          block.size === 1
            ? await rollupHistogram(
                trx,
                "analytics_rollup_hours",
                key === "hour_of_day" ? sql<number>`(hour % 24)` : sql<number>`call_type_id`,
                sql<SqlBool>`${where} and hour >= ${block.first} and hour < ${block.end}`,
              )
            : await rollupHistogram(
                trx,
                "analytics_rollup_weeks",
                key === "hour_of_day" ? sql<number>`hour_of_day` : sql<number>`call_type_id`,
                sql<SqlBool>`${where} and weeks = ${block.size / HOURS_PER_WEEK} and week >= ${block.first} and week < ${block.end}`,
              );
        parts.push(rows);
      }
    }
    for (const scope of rawScopes(q, plan, inner)) parts.push(await rawHistogram(trx, q, key, scope));
    return parts.flat();
  });
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

/** The system's tree, for a device's room and the health boxes. */
export async function loadTree(db: Kysely<Database>, systemId: number): Promise<TreeNodeRow[]> {
  const rows = await db
    .selectFrom("system_tree_nodes")
    .select([
      "id",
      "parent_id",
      "kind",
      "name",
      "text_long",
      "section_id",
      "battery",
      "battery_reported_at",
      "reachable",
      "last_reachable_at",
      "is_tech",
      "radio",
      "call_source_id",
    ])
    .where("system_id", "=", systemId)
    .execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    parent_id: r.parent_id === null ? null : Number(r.parent_id),
    section_id: r.section_id === null ? null : Number(r.section_id),
    battery: r.battery === null ? null : Number(r.battery),
    battery_reported_at: r.battery_reported_at === null ? null : Number(r.battery_reported_at),
    reachable: Number(r.reachable),
    last_reachable_at: r.last_reachable_at === null ? null : Number(r.last_reachable_at),
    is_tech: Number(r.is_tech),
    radio: Number(r.radio),
    call_source_id: r.call_source_id === null ? null : Number(r.call_source_id),
  }));
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
