import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import type { Database } from "../../db/schema.ts";
import { loadCalls, type CallView } from "./calls.repo.ts";

/** The columns the log sorts by (a whitelist: nothing else reaches ORDER BY). */
export const CALL_LOG_SORTS = ["OPENED_AT", "CLOSED_AT", "DURATION", "RESPONSE_TIME", "CALL_TYPE", "NODE", "SECTION"] as const;
export type CallLogSort = (typeof CALL_LOG_SORTS)[number];
export const CALL_LOG_STATES = ["ALL", "OPEN", "CLOSED"] as const;
export type CallLogState = (typeof CALL_LOG_STATES)[number];

/**
 * How far `total` counts (docs/decisions/024-call-log-paging.md): counting a year of a million
 * calls for every page costs more than the page; beyond this the answer is "more than 5,000".
 */
export const CALL_LOG_TOTAL_CAP = 5_000;

/** A validated call log query: everything resolved to ids and instants (call-log.service.ts builds it). */
export interface CallLogQuery {
  systemId: number;
  /** Opening instants [from, to) in ms; null: open on that side. */
  from: number | null;
  to: number | null;
  callTypeIds: number[] | null;
  sectionIds: number[] | null;
  /** Devices exactly (device_id). */
  deviceIds: number[] | null;
  /** Any nodes: the devices of their subtrees. */
  subtreeIds: number[] | null;
  state: CallLogState;
  minDurationMs: number | null;
  /** Visibility (spec §6 calllog::see_defects / see_repeater_defects): defect calls hidden from the caller. */
  hideDefects: "none" | "all" | "not_repeater" | "repeater";
  defectTypeIds: number[];
  sort: CallLogSort;
  descending: boolean;
  offset: number;
  limit: number;
  /**
   * Keyset paging for a walk over all pages sorted by opening (exports): the page starts after
   * this call instead of at `offset`, so page n costs what page 1 does (an offset is read and
   * thrown away row by row; on SQLite that held the event loop for a deep page).
   */
  after?: { openedAt: number; id: number } | null;
  /** Whether to count the matches (capped); the first page needs it, the next ones may skip it. */
  count: boolean;
}

export interface CallLogResult {
  items: CallView[];
  /** Matches, counted up to CALL_LOG_TOTAL_CAP; null when not counted. */
  total: number | null;
  /** True when there are more matches than `total`. */
  total_capped: boolean;
}

// Exactly as migration 0013 indexes them (an expression index is used only for the same expression).
const DURATION_SQL = sql<number>`(closed_at - opened_at)`;
const RESPONSE_SQL = sql<number>`(coalesce(presence_at, closed_at) - opened_at)`;

type CallsEb = ExpressionBuilder<Database, "calls">;

function sortExpression(sort: CallLogSort): Expression<unknown> | string {
  switch (sort) {
    case "CLOSED_AT":
      return "closed_at";
    case "DURATION":
      return DURATION_SQL;
    case "RESPONSE_TIME":
      return RESPONSE_SQL;
    case "CALL_TYPE":
      return "call_type_text";
    case "NODE":
      return "device_text_long";
    case "SECTION":
      return "section_name";
    default:
      return "opened_at";
  }
}

/** The devices in the subtrees of `ids` (the nodes themselves included). */
function subtree(db: Kysely<Database>, systemId: number, ids: number[]) {
  return db
    .withRecursive("subtree(id)", (qb) =>
      qb
        .selectFrom("system_tree_nodes")
        .select("id")
        .where("system_id", "=", systemId)
        .where("id", "in", ids)
        .unionAll((u) =>
          u.selectFrom("system_tree_nodes as n").innerJoin("subtree", "subtree.id", "n.parent_id").select("n.id").where("n.system_id", "=", systemId),
        ),
    )
    .selectFrom("subtree")
    .select("subtree.id");
}

function repeaters(db: Kysely<Database>, systemId: number) {
  return db.selectFrom("system_tree_nodes").select("id").where("system_id", "=", systemId).where("kind", "=", "repeater");
}

/**
 * The filter. `purpose` shapes the minimum-duration term for the planner: the page walks the
 * opened_at index newest first and stops after the page, so its term must not match the duration
 * index (SQLite would otherwise collect every long call of the year and sort them); the count wants
 * that index (it reads only the long calls instead of the whole year).
 */
function where(db: Kysely<Database>, q: CallLogQuery, now: number, purpose: "page" | "count") {
  return (eb: CallsEb): Expression<SqlBool> => {
    const and: Expression<SqlBool>[] = [eb("system_id", "=", q.systemId)];
    if (q.from !== null) and.push(eb("opened_at", ">=", q.from));
    if (q.to !== null) and.push(eb("opened_at", "<", q.to));
    if (q.callTypeIds) and.push(eb("call_type_id", "in", q.callTypeIds));
    if (q.sectionIds) and.push(eb("section_id", "in", q.sectionIds));
    if (q.deviceIds || q.subtreeIds) {
      const devices: Expression<SqlBool>[] = [];
      if (q.deviceIds) devices.push(eb("device_id", "in", q.deviceIds));
      if (q.subtreeIds) devices.push(eb("device_id", "in", subtree(db, q.systemId, q.subtreeIds)));
      and.push(eb.or(devices));
    }
    if (q.state === "OPEN") and.push(eb("closed_at", "is", null));
    if (q.state === "CLOSED") and.push(eb("closed_at", "is not", null));
    if (q.minDurationMs !== null) {
      // An open call lasts until now.
      const closedLongEnough =
        purpose === "count" ? eb(DURATION_SQL, ">=", q.minDurationMs) : eb("closed_at", ">=", sql<number>`opened_at + ${q.minDurationMs}`);
      and.push(eb.or([closedLongEnough, eb.and([eb("closed_at", "is", null), eb("opened_at", "<=", now - q.minDurationMs)])]));
    }
    if (q.hideDefects !== "none" && q.defectTypeIds.length > 0) {
      const notDefect = eb("call_type_id", "not in", q.defectTypeIds);
      if (q.hideDefects === "all") and.push(notDefect);
      else if (q.hideDefects === "not_repeater") and.push(eb.or([notDefect, eb("device_id", "in", repeaters(db, q.systemId))]));
      else and.push(eb.or([notDefect, eb("device_id", "not in", repeaters(db, q.systemId))]));
    }
    return eb.and(and);
  };
}

/** spec data §3.4 call log: one page of calls and the (capped) number of matches. */
export async function loadCallLogPage(db: Kysely<Database>, q: CallLogQuery, now: number): Promise<CallLogResult> {
  const filter = where(db, q, now, "page");
  const direction = q.descending ? "desc" : "asc";
  const key = sortExpression(q.sort);
  let page = db.selectFrom("calls").select("id").where(filter);
  // Open calls have no close, duration or response yet: they come last either way.
  const nullable = q.sort === "CLOSED_AT" || q.sort === "DURATION" || q.sort === "RESPONSE_TIME";
  page = page.orderBy(key as never, (ob) => (nullable ? ob[direction]().nullsLast() : ob[direction]()));
  // Ties (same type, same room) keep a stable order across pages: newest first, then by id.
  if (q.sort !== "OPENED_AT") page = page.orderBy("opened_at", direction);
  page = page.orderBy("id", direction);
  const after = q.sort === "OPENED_AT" ? (q.after ?? null) : null;
  if (after) {
    const cmp = q.descending ? "<" : ">";
    // A row-value comparison: both databases walk the (opened_at, id) order from there.
    page = page.where((eb) => eb(eb.refTuple("opened_at", "id"), cmp, eb.tuple(after.openedAt, after.id)));
  }
  const [rows, counted] = await Promise.all([
    page
      .offset(after ? 0 : q.offset)
      .limit(q.limit)
      .execute(),
    q.count
      ? db
          .selectFrom(
            db
              .selectFrom("calls")
              .select(sql<number>`1`.as("one"))
              .where(where(db, q, now, "count"))
              .limit(CALL_LOG_TOTAL_CAP + 1)
              .as("capped"),
          )
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      : null,
  ]);
  const ids = rows.map((r) => r.id);
  const calls = await loadCalls(db, q.systemId, { ids }, now, false);
  const order = new Map(ids.map((id, index) => [id, index]));
  const n = counted === null ? null : Number(counted.n);
  return {
    items: calls.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)),
    total: n === null ? null : Math.min(n, CALL_LOG_TOTAL_CAP),
    total_capped: n !== null && n > CALL_LOG_TOTAL_CAP,
  };
}
