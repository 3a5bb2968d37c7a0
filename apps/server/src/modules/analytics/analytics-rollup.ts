import { DEFAULT_LOG_TIME_ZONE, isKnownTimeZone, offsetSegments, type OffsetSegment } from "@caresuite/domain";
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { BUCKET_COLUMNS, BUCKET_COUNT, bucketOf } from "./response-buckets.ts";

/**
 * The analytics rollup's background pass (docs/decisions/034-analytics.md "The rollup"). The call
 * path never writes the rollup: every minute this pass folds the calls above each system's
 * watermark (the highest call id folded) into the rollup tables, in slices of ROLLUP_SLICE calls
 * with a short pause between them,
 * one transaction each, the watermark moved in the same transaction as the upserts, so a crash
 * keeps both or neither and a pass run twice folds nothing twice. Ids, not times, order the
 * watermark: a call closed late, or history imported with old times, has a new id or sits in the
 * pending list, never below the watermark unfolded.
 * - A call still open when the watermark passes it goes to `analytics_rollup_pending`; a later pass
 *   folds it once it is closed (or drops it once deleted). The queries read the pending calls and
 *   the calls above the watermark from the calls table.
 * - PostgreSQL hands out ids before the inserting transaction commits, so a higher id can be
 *   visible while a lower one is not yet. The pass therefore folds up to an id only once every
 *   transaction that was running when that id was the highest seen has ended (the snapshot's xmax
 *   of then ≤ the oldest running transaction now); SQLite has one writer and commits in id order.
 * - The local hours are those of the system's zone; the zone is recorded, and a zone change, a
 *   clean-up that deletes calls or a restore starts the system over (resetAnalyticsRollup): the
 *   queries stay exact meanwhile, reading what is not folded from the calls.
 */
export const ROLLUP_SLICE = 2_000;
/** Between slices: the call path's events and the queries get the event loop and the database. */
export const ROLLUP_SLICE_PAUSE_MS = 10;
export const ROLLUP_TICK_MS = 60_000;
const HOUR = 3_600_000;
const HOURS_PER_WEEK = 168;
/** The block sizes of the week rows (weeks) and of the device rows (days): analytics.repo.ts reads the coarsest that fit. */
export const WEEK_BLOCKS = [1, 4] as const;
export const DAY_BLOCKS = [1, 7, 28] as const;
/** Rows per upsert statement: 117 parameters a row stays below both databases' limits. */
const UPSERT_ROWS = 200;

type Loose = Record<string, Record<string, number | string | null>>;

export interface RollupPassResult {
  folded: number;
  pending: number;
}

interface CallRow {
  id: number;
  opened_at: number;
  closed_at: number | null;
  presence_at: number | null;
  section_id: number | null;
  call_type_id: number;
  device_id: number;
}

interface Cell {
  key: Record<string, number>;
  calls: number;
  response_ms: number;
  buckets: number[];
}

/** Sums of the folded calls per key of each rollup table, in memory for one slice. */
class Fold {
  readonly hours = new Map<string, Cell>();
  readonly weeks = new Map<string, Cell>();
  readonly devices = new Map<string, Cell>();
  private offsets: OffsetSegment[] = [];
  private readonly systemId: number;
  private readonly timeZone: string;

  constructor(systemId: number, timeZone: string) {
    this.systemId = systemId;
    this.timeZone = timeZone;
  }

  prepare(calls: CallRow[]): void {
    if (calls.length === 0) return;
    let min = Infinity;
    let max = -Infinity;
    for (const c of calls) {
      min = Math.min(min, c.opened_at);
      max = Math.max(max, c.opened_at);
    }
    this.offsets = offsetSegments(min, max + 1, this.timeZone);
  }

  private offsetAt(at: number): number {
    for (const s of this.offsets) if (s.until === null || at < s.until) return s.offsetMs;
    return 0;
  }

  add(call: CallRow): void {
    const end = call.presence_at ?? call.closed_at;
    if (end === null) return;
    const responseMs = end - call.opened_at;
    // As the queries compute it: whole seconds, truncated; the local hour by integer division.
    const bucket = bucketOf(Math.trunc(responseMs / 1000));
    const hour = Math.trunc((call.opened_at + this.offsetAt(call.opened_at)) / HOUR);
    const section = call.section_id ?? -1;
    const type = call.call_type_id;
    const bump = (map: Map<string, Cell>, key: Record<string, number>): void => {
      const id = Object.values(key).join(":");
      let cell = map.get(id);
      if (!cell) map.set(id, (cell = { key, calls: 0, response_ms: 0, buckets: new Array<number>(BUCKET_COUNT).fill(0) }));
      cell.calls += 1;
      cell.response_ms += responseMs;
      cell.buckets[bucket] = (cell.buckets[bucket] ?? 0) + 1;
    };
    bump(this.hours, { system_id: this.systemId, hour, section_id: section, call_type_id: type });
    const hourOfDay = ((hour % 24) + 24) % 24;
    for (const weeks of WEEK_BLOCKS)
      bump(this.weeks, {
        system_id: this.systemId,
        weeks,
        week: Math.floor(hour / (HOURS_PER_WEEK * weeks)),
        hour_of_day: hourOfDay,
        section_id: section,
        call_type_id: type,
      });
    for (const days of DAY_BLOCKS)
      bump(this.devices, {
        system_id: this.systemId,
        days,
        period: Math.floor(hour / (24 * days)),
        device_id: call.device_id,
        section_id: section,
        call_type_id: type,
      });
  }

  async write(trx: Kysely<Database>): Promise<void> {
    await upsert(trx, "analytics_rollup_hours", this.hours, true);
    await upsert(trx, "analytics_rollup_weeks", this.weeks, true);
    await upsert(trx, "analytics_rollup_devices", this.devices, false);
  }
}

async function upsert(trx: Kysely<Database>, table: string, cells: Map<string, Cell>, withResponse: boolean): Promise<void> {
  const list = [...cells.values()];
  if (list.length === 0) return;
  const keyColumns = Object.keys(list[0]!.key);
  const sums = [...(withResponse ? ["calls", "response_ms"] : ["calls"]), ...BUCKET_COLUMNS];
  const loose = trx as unknown as Kysely<Loose>;
  for (let i = 0; i < list.length; i += UPSERT_ROWS) {
    const rows = list.slice(i, i + UPSERT_ROWS).map((cell) => {
      const row: Record<string, number> = { ...cell.key, calls: cell.calls };
      if (withResponse) row["response_ms"] = cell.response_ms;
      cell.buckets.forEach((n, b) => (row[BUCKET_COLUMNS[b]!] = n));
      return row;
    });
    await loose
      .insertInto(table)
      .values(rows)
      .onConflict((oc) =>
        oc.columns(keyColumns).doUpdateSet(Object.fromEntries(sums.map((c) => [c, sql<number>`${sql.ref(`${table}.${c}`)} + ${sql.ref(`excluded.${c}`)}`]))),
      )
      .execute();
  }
}

const CALL_COLUMNS = ["id", "opened_at", "closed_at", "presence_at", "section_id", "call_type_id", "device_id"] as const;

function toCallRow(r: Record<(typeof CALL_COLUMNS)[number], unknown>): CallRow {
  const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
  return {
    id: Number(r.id),
    opened_at: Number(r.opened_at),
    closed_at: num(r.closed_at),
    presence_at: num(r.presence_at),
    section_id: num(r.section_id),
    call_type_id: Number(r.call_type_id),
    device_id: Number(r.device_id),
  };
}

function zoneOf(zone: string | null | undefined): string {
  return zone && isKnownTimeZone(zone) ? zone : DEFAULT_LOG_TIME_ZONE;
}

/**
 * Starts the rollup of one system or of all over: its rows and pending list go, the watermark
 * returns to 0 (the next passes fold everything again; the queries read the calls meanwhile). In
 * the caller's transaction when given one (a clean-up's, so the deletion and the reset commit together).
 */
export async function resetAnalyticsRollup(db: Kysely<Database>, systemId: number | null = null): Promise<void> {
  const run = async (trx: Kysely<Database>): Promise<void> => {
    // The state row first: a pass's slice holds it (readState with lock) until it commits, so its
    // rows are committed, and deleted below, before this goes on; a slice starting later finds no state.
    for (const table of [
      "analytics_rollup_state",
      "analytics_rollup_hours",
      "analytics_rollup_weeks",
      "analytics_rollup_devices",
      "analytics_rollup_pending",
    ] as const) {
      let query = trx.deleteFrom(table);
      if (systemId !== null) query = query.where("system_id", "=", systemId);
      await query.execute();
    }
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}

interface StateRow {
  watermark: number;
  candidate_id: number | null;
  candidate_xmax: number | null;
}

/** The system's state; `lock` (PostgreSQL; SQLite has one writer): held until the caller's transaction ends. */
async function readState(db: Kysely<Database>, systemId: number, lock = false): Promise<(StateRow & { time_zone: string }) | undefined> {
  const query = db.selectFrom("analytics_rollup_state").select(["time_zone", "watermark", "candidate_id", "candidate_xmax"]).where("system_id", "=", systemId);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (!row) return undefined;
  return {
    time_zone: row.time_zone,
    watermark: Number(row.watermark),
    candidate_id: row.candidate_id === null ? null : Number(row.candidate_id),
    candidate_xmax: row.candidate_xmax === null ? null : Number(row.candidate_xmax),
  };
}

/**
 * The highest call id the pass may fold up to. SQLite: the highest id (one writer, commits in id
 * order). PostgreSQL: the candidate of an earlier pass once every transaction running then has
 * ended; the highest id now becomes the next candidate.
 */
async function foldLimit(db: Kysely<Database>, dialect: "sqlite" | "postgres", systemId: number, state: StateRow): Promise<number> {
  const max = await db
    .selectFrom("calls")
    .select((eb) => eb.fn.max("id").as("max"))
    .executeTakeFirst();
  const highest = max?.max === null || max?.max === undefined ? 0 : Number(max.max);
  if (dialect === "sqlite") return highest;
  const snapshot = await sql<{
    xmin: string;
    xmax: string;
  }>`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin, pg_snapshot_xmax(pg_current_snapshot())::text as xmax`.execute(db);
  const xmin = Number(snapshot.rows[0]?.xmin ?? 0);
  const xmax = Number(snapshot.rows[0]?.xmax ?? 0);
  let limit = state.watermark;
  if (state.candidate_id !== null && state.candidate_xmax !== null && xmin >= state.candidate_xmax) limit = Math.max(limit, state.candidate_id);
  if (highest > limit && highest !== state.candidate_id) {
    await db.updateTable("analytics_rollup_state").set({ candidate_id: highest, candidate_xmax: xmax }).where("system_id", "=", systemId).execute();
  }
  return limit;
}

export interface RollupPassOptions {
  now: () => number;
  slice?: number;
  /** Between slices: let the call path in (ROLLUP_SLICE_PAUSE_MS by default). */
  pause?: () => Promise<void>;
}

const breather = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, ROLLUP_SLICE_PAUSE_MS));

/** One pass over every system: folds the closed calls not yet in the rollup; returns how many. */
export async function runAnalyticsRollupPass(db: Kysely<Database>, dialect: "sqlite" | "postgres", options: RollupPassOptions): Promise<RollupPassResult> {
  const slice = options.slice ?? ROLLUP_SLICE;
  const pause = options.pause ?? breather;
  const result: RollupPassResult = { folded: 0, pending: 0 };
  const systems = await db.selectFrom("systems").select(["id", "timezone"]).execute();
  for (const system of systems) {
    const systemId = Number(system.id);
    const timeZone = zoneOf(system.timezone);
    let state = await readState(db, systemId);
    if (state && state.time_zone !== timeZone) {
      await resetAnalyticsRollup(db, systemId);
      state = undefined;
    }
    if (!state) {
      await db
        .insertInto("analytics_rollup_state")
        .values({ system_id: systemId, time_zone: timeZone, watermark: 0, candidate_id: null, candidate_xmax: null, updated_at: options.now() })
        .onConflict((oc) => oc.column("system_id").doNothing())
        .execute();
      state = (await readState(db, systemId))!;
    }
    const limit = await foldLimit(db, dialect, systemId, state);

    // The calls above the watermark, in id order.
    for (;;) {
      const done = await db.transaction().execute(async (trx) => {
        // Read again inside the transaction, and held: a reset or another pass may have moved it.
        const current = await readState(trx, systemId, dialect === "postgres");
        if (!current || current.time_zone !== timeZone || current.watermark >= limit) return true;
        const rows = (
          await trx
            .selectFrom("calls")
            .select([...CALL_COLUMNS])
            .where("id", ">", current.watermark)
            .where("id", "<=", limit)
            .where("system_id", "=", systemId)
            .orderBy("id")
            .limit(slice)
            .execute()
        ).map(toCallRow);
        const fold = new Fold(systemId, timeZone);
        const closed = rows.filter((r) => r.closed_at !== null);
        fold.prepare(closed);
        for (const call of closed) fold.add(call);
        await fold.write(trx);
        const open = rows.filter((r) => r.closed_at === null);
        if (open.length > 0)
          await trx
            .insertInto("analytics_rollup_pending")
            .values(open.map((r) => ({ call_id: r.id, system_id: systemId })))
            .onConflict((oc) => oc.column("call_id").doNothing())
            .execute();
        // Fewer than a slice: nothing else up to the limit (other systems' ids in between included).
        const watermark = rows.length < slice ? limit : rows[rows.length - 1]!.id;
        await trx.updateTable("analytics_rollup_state").set({ watermark, updated_at: options.now() }).where("system_id", "=", systemId).execute();
        result.folded += closed.length;
        return rows.length < slice;
      });
      if (done) break;
      await pause();
    }

    // The pending calls that have closed (folded) or gone (dropped).
    for (;;) {
      const done = await db.transaction().execute(async (trx) => {
        const current = await readState(trx, systemId, dialect === "postgres");
        if (!current || current.time_zone !== timeZone) return true;
        const rows = await trx
          .selectFrom("analytics_rollup_pending as p")
          .leftJoin("calls as c", "c.id", "p.call_id")
          .select(["p.call_id", "c.id", "c.opened_at", "c.closed_at", "c.presence_at", "c.section_id", "c.call_type_id", "c.device_id"])
          .where("p.system_id", "=", systemId)
          .where((eb) => eb.or([eb("c.id", "is", null), eb("c.closed_at", "is not", null)]))
          .orderBy("p.call_id")
          .limit(slice)
          .execute();
        if (rows.length === 0) return true;
        const closed = rows.filter((r) => r.id !== null).map((r) => toCallRow(r as Record<(typeof CALL_COLUMNS)[number], unknown>));
        const fold = new Fold(systemId, timeZone);
        fold.prepare(closed);
        for (const call of closed) fold.add(call);
        await fold.write(trx);
        await trx
          .deleteFrom("analytics_rollup_pending")
          .where(
            "call_id",
            "in",
            rows.map((r) => Number(r.call_id)),
          )
          .execute();
        result.pending += closed.length;
        return rows.length < slice;
      });
      if (done) break;
      await pause();
    }
  }
  return result;
}

/** The pass at once and then every `tickMs`, never two at a time; the returned stop waits for a running pass. */
export function startAnalyticsRollup(
  deps: { db: Kysely<Database>; dialect: "sqlite" | "postgres"; now: () => number; log?: { error(obj: unknown, msg?: string): void } },
  tickMs = ROLLUP_TICK_MS,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = (): void => {
    if (running || stopped) return;
    running = runAnalyticsRollupPass(deps.db, deps.dialect, { now: deps.now })
      .catch((error: unknown) => deps.log?.error(error, "analytics rollup pass failed"))
      .finally(() => (running = null));
  };
  tick();
  const timer = setInterval(tick, tickMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
