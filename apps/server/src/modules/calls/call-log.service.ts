import {
  DEFAULT_LOG_TIME_ZONE,
  hasPermission,
  isKnownTimeZone,
  LOG_DATE_RANGES,
  resolveCustomRange,
  resolveLogDateRange,
  VALIDATION_KEYS,
  type AuthUser,
  type FieldError,
  type LogDateRange,
} from "@caresuite/domain";
import type { Kysely } from "kysely";
import type { RequestContext } from "../../context.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { entityTables } from "../entities/entity-tables.ts";
import {
  CALL_LOG_SORTS,
  CALL_LOG_STATES,
  loadCallLogPage,
  type CallLogQuery,
  type CallLogResult,
  type CallLogSort,
  type CallLogState,
} from "./call-log.repo.ts";

export { CALL_LOG_SORTS, CALL_LOG_STATES, CALL_LOG_TOTAL_CAP, type CallLogSort, type CallLogState } from "./call-log.repo.ts";

/** A page holds at most this many calls (a bigger limit is a VALIDATION error, not a slow answer). */
export const CALL_LOG_MAX_LIMIT = 500;
export const CALL_LOG_DEFAULT_LIMIT = 50;
/** Ids per filter list: more than a request sensibly carries. */
const MAX_IDS = 1000;
const MAX_OFFSET = 1_000_000;

/** The call log's filter as GraphQL and saved filters carry it; every field optional. */
export interface CallLogFilter {
  /** spec §9 log date range; ignored fields: from/to must then be empty. */
  range?: LogDateRange | null;
  /** Custom period: ISO instants or local dates (YYYY-MM-DD, the "to" date included). */
  from?: string | null;
  to?: string | null;
  call_type_ids?: readonly number[] | null;
  section_ids?: readonly number[] | null;
  /** One device exactly. */
  device_id?: number | null;
  /** Nodes of any kind: every device in their subtrees. */
  node_ids?: readonly number[] | null;
  state?: CallLogState | null;
  min_duration_seconds?: number | null;
  sort?: CallLogSort | null;
  direction?: "ASC" | "DESC" | null;
  offset?: number | null;
  limit?: number | null;
  /** Count the matches (capped); default: on the first page (offset 0) only. */
  with_total?: boolean | null;
}

/** What queryCallLog answers: the page, the capped count and the instants the range resolved to. */
export interface CallLogAnswer extends CallLogResult {
  from: string | null;
  to: string | null;
  time_zone: string;
}

/** Who asks and when: a request context, or what a report job builds for its user. */
export type CallLogContext = { db: { kysely: Kysely<Database> }; user: Pick<AuthUser, "is_superuser" | "permissions">; now: () => number };

type Errors = Record<string, FieldError[]>;
const fail = (errors: Errors, field: string, message: string, data: Record<string, unknown> = {}): void => {
  (errors[field] ??= []).push({ message, data: { field, ...data } });
};

function checkList(errors: Errors, field: string, ids: readonly number[] | null | undefined): number[] | null {
  if (ids === null || ids === undefined || ids.length === 0) return null;
  if (ids.length > MAX_IDS) fail(errors, field, VALIDATION_KEYS.list_too_long, { size: MAX_IDS });
  return [...new Set(ids)];
}

async function unknownIds(table: Promise<{ id: unknown }[]>, wanted: number[] | null): Promise<number[]> {
  if (!wanted) return [];
  const found = new Set((await table).map((row) => Number(row.id)));
  return wanted.filter((id) => !found.has(id));
}

async function systemTimeZone(db: Kysely<Database>, systemId: number): Promise<string> {
  const row = await db.selectFrom("systems").select("timezone").where("id", "=", systemId).executeTakeFirst();
  const zone = row?.timezone ?? DEFAULT_LOG_TIME_ZONE;
  return isKnownTimeZone(zone) ? zone : DEFAULT_LOG_TIME_ZONE;
}

/**
 * The call log of a system (spec data §3.4, screens /log): validated filter → one page, newest
 * first by default. Bad input is a VALIDATION error per field with i18n keys; ids that name
 * nothing of the system are `unknown_reference`. Defect calls need calllog::see_defects, defect
 * calls of repeaters calllog::see_repeater_defects (spec §6); they are left out otherwise.
 *
 * For report jobs: `options.maxLimit` lifts the page bound (an attachment of a whole period).
 * The caller has checked calllog::use_module and the system's visibility.
 */
export async function queryCallLog(
  ctx: CallLogContext,
  systemId: number,
  filter: CallLogFilter,
  options: { maxLimit?: number; after?: { openedAt: number; id: number } | null } = {},
): Promise<CallLogAnswer> {
  const db = ctx.db.kysely;
  const now = ctx.now();
  const errors: Errors = {};
  const maxLimit = options.maxLimit ?? CALL_LOG_MAX_LIMIT;

  const limit = filter.limit ?? CALL_LOG_DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) fail(errors, "limit", VALIDATION_KEYS.between, { min: 1, max: maxLimit });
  const offset = filter.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0 || offset > MAX_OFFSET) fail(errors, "offset", VALIDATION_KEYS.between, { min: 0, max: MAX_OFFSET });
  const minDuration = filter.min_duration_seconds ?? null;
  if (minDuration !== null && (!Number.isInteger(minDuration) || minDuration < 0)) fail(errors, "min_duration_seconds", VALIDATION_KEYS.min, { min: 0 });
  const sort = filter.sort ?? "OPENED_AT";
  if (!(CALL_LOG_SORTS as readonly string[]).includes(sort)) fail(errors, "sort", VALIDATION_KEYS.one_option_required);
  const state = filter.state ?? "ALL";
  if (!(CALL_LOG_STATES as readonly string[]).includes(state)) fail(errors, "state", VALIDATION_KEYS.one_option_required);
  if (filter.range && !(LOG_DATE_RANGES as readonly string[]).includes(filter.range)) fail(errors, "range", VALIDATION_KEYS.one_option_required);

  const callTypeIds = checkList(errors, "call_type_ids", filter.call_type_ids);
  const sectionIds = checkList(errors, "section_ids", filter.section_ids);
  const nodeIds = checkList(errors, "node_ids", filter.node_ids);
  const deviceIds = filter.device_id === null || filter.device_id === undefined ? null : [filter.device_id];

  const timeZone = await systemTimeZone(db, systemId);
  let from: number | null = null;
  let to: number | null = null;
  const custom = Boolean(filter.from || filter.to);
  if (custom && filter.range) {
    // One period: a named range or from–to, never both.
    fail(errors, "range", VALIDATION_KEYS.cannot_be_same);
  } else if (custom) {
    const resolved = resolveCustomRange({ from: filter.from ?? null, to: filter.to ?? null }, timeZone);
    if (resolved.ok) ({ from, to } = resolved.range);
    else for (const [field, list] of Object.entries(resolved.errors)) (errors[field] ??= []).push(...list);
  } else {
    ({ from, to } = resolveLogDateRange(filter.range ?? "SINCE_BEGINNING", now, timeZone));
  }

  const types = entityTables(db).selectFrom("call_types").select(["id", "flag"]).where("system_id", "=", systemId).execute();
  const nodesOf = (ids: number[] | null) =>
    ids ? db.selectFrom("system_tree_nodes").select("id").where("system_id", "=", systemId).where("id", "in", ids).execute() : Promise.resolve([]);
  const [unknownTypes, unknownSections, unknownNodes, unknownDevices] = await Promise.all([
    unknownIds(types, callTypeIds),
    unknownIds(
      sectionIds
        ? entityTables(db).selectFrom("sections").select("id").where("system_id", "=", systemId).where("id", "in", sectionIds).execute()
        : Promise.resolve([]),
      sectionIds,
    ),
    unknownIds(nodesOf(nodeIds), nodeIds),
    unknownIds(nodesOf(deviceIds), deviceIds),
  ]);
  for (const [field, unknown] of [
    ["call_type_ids", unknownTypes],
    ["section_ids", unknownSections],
    ["node_ids", unknownNodes],
    ["device_id", unknownDevices],
  ] as const) {
    if (unknown.length > 0 && !errors[field]) fail(errors, field, VALIDATION_KEYS.unknown_reference, { value: unknown.join(", ") });
  }
  if (Object.keys(errors).length > 0) throw new AppError("VALIDATION", "invalid call log filter", { fields: errors });

  const seeDefects = hasPermission(ctx.user, "calllog::see_defects");
  const seeRepeaterDefects = hasPermission(ctx.user, "calllog::see_repeater_defects");
  const hideDefects: CallLogQuery["hideDefects"] =
    seeDefects && seeRepeaterDefects ? "none" : !seeDefects && !seeRepeaterDefects ? "all" : seeDefects ? "repeater" : "not_repeater";
  const defectTypeIds = (await types).filter((t) => t["flag"] === "Defect").map((t) => Number(t.id));

  const result = await loadCallLogPage(
    db,
    {
      systemId,
      from,
      to,
      callTypeIds,
      sectionIds,
      deviceIds,
      subtreeIds: nodeIds,
      state,
      minDurationMs: minDuration === null ? null : minDuration * 1000,
      hideDefects,
      defectTypeIds,
      sort,
      descending: (filter.direction ?? "DESC") === "DESC",
      offset,
      limit,
      after: options.after ?? null,
      count: filter.with_total ?? offset === 0,
    },
    now,
  );
  return {
    ...result,
    from: from === null ? null : new Date(from).toISOString(),
    to: to === null ? null : new Date(to).toISOString(),
    time_zone: timeZone,
  };
}

/** The GraphQL entry: the target system checked by the caller (targetSystem). */
export function callLogForRequest(ctx: RequestContext, systemId: number, filter: CallLogFilter): Promise<CallLogAnswer> {
  return queryCallLog(ctx, systemId, filter);
}
