import { DEFAULT_LOG_TIME_ZONE, isKnownTimeZone, offsetSegments } from "@caresuite/domain";
import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { CallColumns, type FoldedCall } from "./call-columns.ts";

/**
 * The analytics rollup: the closed calls of each system as columns in memory
 * (docs/decisions/046-analytics-in-memory.md), filled off the call path. The call path never
 * waits for it: every minute this pass reads the calls above each system's watermark (the highest
 * call id folded) in slices of ROLLUP_SLICE, with a short pause between them, and appends the
 * closed ones. Ids, not times, order the watermark: a call closed late, or history imported with
 * old times, has a new id or sits in the pending list, never below the watermark unfolded.
 * - A call still open when the watermark passes it is pending; a later pass folds it once it is
 *   closed. The queries read the pending calls and the calls above the watermark from the calls
 *   table (analytics.repo.ts), so they are exact while the rollup catches up.
 * - PostgreSQL hands out ids before the inserting transaction commits, so a higher id can be
 *   visible while a lower one is not yet. The pass therefore folds up to an id only once every
 *   transaction that was running when that id was the highest seen has ended (the snapshot's xmax
 *   of then ≤ the oldest running transaction now); SQLite has one writer and commits in id order.
 * - Deleting calls (the clean-up, a restore) writes a new epoch token for the system in the same
 *   transaction (`resetAnalyticsRollup`). A query uses the columns only when they were read under
 *   the epoch its own snapshot sees; the next pass starts the system over. So every server
 *   instance on one database stays exact, whichever of them deleted the calls.
 * - The local hours are those of the system's zone; another zone starts the system over.
 */
export const ROLLUP_SLICE = 2_000;
/** Between slices: the call path's events and the queries get the event loop and the database. */
export const ROLLUP_SLICE_PAUSE_MS = 10;
export const ROLLUP_TICK_MS = 60_000;
/** Pending ids per statement (below both databases' parameter limits). */
const PENDING_CHUNK = 500;
const HOUR = 3_600_000;

export interface RollupPassResult {
  folded: number;
  pending: number;
}

/** One system's rollup: the columns, how far they reach, and under which epoch and zone they were read. */
export interface SystemRollup {
  readonly epoch: string;
  readonly timeZone: string;
  readonly columns: CallColumns;
  /** The highest call id folded or pending. */
  watermark: number;
  /** Calls at or below the watermark that were open when it passed them. */
  readonly pending: Set<number>;
  /** PostgreSQL: the highest id seen by a pass and the snapshot's xmax then. */
  candidate: { id: number; xmax: number } | null;
}

/**
 * The rollups of one database handle, by system. Kept beside the handle (not in the module) so two
 * servers in one process, as the tests run them, each keep their own.
 */
const rollups = new WeakMap<Kysely<Database>, Map<number, SystemRollup>>();

function rollupsOf(db: Kysely<Database>): Map<number, SystemRollup> {
  let map = rollups.get(db);
  if (!map) rollups.set(db, (map = new Map()));
  return map;
}

/** The system's rollup as the queries may use it: read under `epoch` in `timeZone`; else undefined. */
export function rollupFor(db: Kysely<Database>, systemId: number, epoch: string, timeZone: string): SystemRollup | undefined {
  const rollup = rollups.get(db)?.get(systemId);
  return rollup && rollup.epoch === epoch && rollup.timeZone === timeZone ? rollup : undefined;
}

/** The system's rollup as the last pass left it (for the tests and the benches). */
export function currentRollup(db: Kysely<Database>, systemId: number): SystemRollup | undefined {
  return rollups.get(db)?.get(systemId);
}

/** The system's epoch token ("" before the first reset). */
export async function readEpoch(db: Kysely<Database>, systemId: number): Promise<string> {
  const row = await db.selectFrom("analytics_epochs").select("epoch").where("system_id", "=", systemId).executeTakeFirst();
  return row?.epoch ?? "";
}

/**
 * Marks the calls of one system or of all as changed (a new epoch token): every instance's rollup
 * of them is set aside, and the next pass reads them again. In the caller's transaction when given
 * one (a clean-up's, so the deletion and the new token commit together).
 */
export async function resetAnalyticsRollup(db: Kysely<Database>, systemId: number | null = null): Promise<void> {
  const epoch = randomUUID();
  const systems = await (
    systemId === null ? db.selectFrom("systems").select("id") : db.selectFrom("systems").select("id").where("id", "=", systemId)
  ).execute();
  if (systems.length === 0) return;
  await db
    .insertInto("analytics_epochs")
    .values(systems.map((s) => ({ system_id: Number(s.id), epoch })))
    .onConflict((oc) => oc.column("system_id").doUpdateSet({ epoch }))
    .execute();
}

const CALL_COLUMNS = ["id", "opened_at", "closed_at", "presence_at", "section_id", "call_type_id", "device_id"] as const;

interface CallRow {
  id: number;
  opened_at: number;
  closed_at: number | null;
  presence_at: number | null;
  section_id: number | null;
  call_type_id: number;
  device_id: number;
}

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

/** Appends closed calls with their local hour in the rollup's zone. */
function fold(rollup: SystemRollup, calls: CallRow[]): number {
  if (calls.length === 0) return 0;
  let min = Infinity;
  let max = -Infinity;
  for (const c of calls) {
    min = Math.min(min, c.opened_at);
    max = Math.max(max, c.opened_at);
  }
  const offsets = offsetSegments(min, max + 1, rollup.timeZone);
  const offsetAt = (at: number): number => {
    for (const s of offsets) if (s.until === null || at < s.until) return s.offsetMs;
    return 0;
  };
  for (const c of calls) {
    const end = c.presence_at ?? c.closed_at!;
    const folded: FoldedCall = {
      opened_at: c.opened_at,
      // As the SQL computes it: the local wall clock by integer division.
      local_hour: Math.trunc((c.opened_at + offsetAt(c.opened_at)) / HOUR),
      response_ms: end - c.opened_at,
      call_type_id: c.call_type_id,
      section_id: c.section_id,
      device_id: c.device_id,
    };
    rollup.columns.append(folded);
  }
  return calls.length;
}

function zoneOf(zone: string | null | undefined): string {
  return zone && isKnownTimeZone(zone) ? zone : DEFAULT_LOG_TIME_ZONE;
}

/**
 * The highest call id the pass may fold up to. SQLite: the highest id (one writer, commits in id
 * order). PostgreSQL: the candidate of an earlier pass once every transaction running then has
 * ended; the highest id now becomes the next candidate.
 */
async function foldLimit(db: Kysely<Database>, dialect: "sqlite" | "postgres", rollup: SystemRollup): Promise<number> {
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
  let limit = rollup.watermark;
  if (rollup.candidate && xmin >= rollup.candidate.xmax) limit = Math.max(limit, rollup.candidate.id);
  if (highest > limit && highest !== rollup.candidate?.id) rollup.candidate = { id: highest, xmax };
  return limit;
}

/** Reads in one snapshot with the epoch: null when the system's calls changed since the rollup began. */
async function readUnderEpoch<T>(
  db: Kysely<Database>,
  dialect: "sqlite" | "postgres",
  systemId: number,
  epoch: string,
  read: (trx: Kysely<Database>) => Promise<T>,
): Promise<T | null> {
  const builder = db.transaction();
  return (dialect === "postgres" ? builder.setIsolationLevel("repeatable read").setAccessMode("read only") : builder).execute(async (trx) =>
    (await readEpoch(trx, systemId)) === epoch ? read(trx) : null,
  );
}

export interface RollupPassOptions {
  slice?: number;
  /** Between slices: let the call path in (ROLLUP_SLICE_PAUSE_MS by default). */
  pause?: () => Promise<void>;
}

const breather = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, ROLLUP_SLICE_PAUSE_MS));

/** One pass over every system: folds the closed calls not yet in the rollup; returns how many. */
export async function runAnalyticsRollupPass(db: Kysely<Database>, dialect: "sqlite" | "postgres", options: RollupPassOptions = {}): Promise<RollupPassResult> {
  const slice = options.slice ?? ROLLUP_SLICE;
  const pause = options.pause ?? breather;
  const result: RollupPassResult = { folded: 0, pending: 0 };
  const map = rollupsOf(db);
  const systems = await db.selectFrom("systems").select(["id", "timezone"]).execute();
  for (const id of map.keys()) if (!systems.some((s) => Number(s.id) === id)) map.delete(id);
  for (const system of systems) {
    const systemId = Number(system.id);
    const timeZone = zoneOf(system.timezone);
    const epoch = await readEpoch(db, systemId);
    let rollup = map.get(systemId);
    if (!rollup || rollup.epoch !== epoch || rollup.timeZone !== timeZone) {
      rollup = { epoch, timeZone, columns: new CallColumns(), watermark: 0, pending: new Set(), candidate: null };
      map.set(systemId, rollup);
    }
    const limit = await foldLimit(db, dialect, rollup);

    // The calls above the watermark, in id order.
    while (rollup.watermark < limit) {
      const from = rollup.watermark;
      const rows = await readUnderEpoch(db, dialect, systemId, rollup.epoch, async (trx) =>
        (
          await trx
            .selectFrom("calls")
            .select([...CALL_COLUMNS])
            .where("id", ">", from)
            .where("id", "<=", limit)
            .where("system_id", "=", systemId)
            .orderBy("id")
            .limit(slice)
            .execute()
        ).map(toCallRow),
      );
      // The calls changed meanwhile (or another pass moved on): the next pass starts over.
      if (rows === null || map.get(systemId) !== rollup || rollup.watermark !== from) break;
      result.folded += fold(
        rollup,
        rows.filter((r) => r.closed_at !== null),
      );
      for (const r of rows) if (r.closed_at === null) rollup.pending.add(r.id);
      // Fewer than a slice: nothing else up to the limit (other systems' ids in between included).
      rollup.watermark = rows.length < slice ? limit : rows[rows.length - 1]!.id;
      if (rows.length < slice) break;
      await pause();
    }

    // The pending calls that have closed (folded) or gone (dropped).
    const pending = [...rollup.pending];
    for (let i = 0; i < pending.length; i += PENDING_CHUNK) {
      const ids = pending.slice(i, i + PENDING_CHUNK);
      const rows = await readUnderEpoch(db, dialect, systemId, rollup.epoch, async (trx) =>
        (
          await trx
            .selectFrom("calls")
            .select([...CALL_COLUMNS])
            .where("id", "in", ids)
            .execute()
        ).map(toCallRow),
      );
      if (rows === null || map.get(systemId) !== rollup) break;
      const found = new Map(rows.map((r) => [r.id, r]));
      const closed = rows.filter((r) => r.closed_at !== null && rollup.pending.has(r.id));
      result.pending += fold(rollup, closed);
      for (const id of ids) if (!found.has(id) || found.get(id)!.closed_at !== null) rollup.pending.delete(id);
    }
  }
  return result;
}

/** The pass at once and then every `tickMs`, never two at a time; the returned stop waits for a running pass. */
export function startAnalyticsRollup(
  deps: { db: Kysely<Database>; dialect: "sqlite" | "postgres"; log?: { error(obj: unknown, msg?: string): void } },
  tickMs = ROLLUP_TICK_MS,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = (): void => {
    if (running || stopped) return;
    running = runAnalyticsRollupPass(deps.db, deps.dialect)
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
