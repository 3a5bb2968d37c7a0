import { canAccessSystem, isLoggedIn } from "@caresuite/domain";
import type { Kysely } from "kysely";
import type { RequestContext } from "../../context.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { listSystemIds } from "../systems/systems.repo.ts";

/** The system anonymous visitors see when no display profile names one (spec: system "01"). */
export const DEFAULT_PUBLIC_SYSTEM = 1;

/**
 * The systems anonymous visitors (wall displays) may read (docs/decisions/010): those that a
 * display profile names in its settings, or system 01 when no profile names any. Display
 * profiles are public (`displayProfiles`), so a system a profile shows is public anyway; every
 * other system stays behind sign-in. Only systems that exist; before the first one exists, 01
 * (as the X-CS-System check accepts it then).
 */
export async function anonymousSystemIds(db: Kysely<Database>): Promise<number[]> {
  const [existing, named] = await Promise.all([
    listSystemIds(db),
    db.selectFrom("display_profile_settings").select("system_id").distinct().orderBy("system_id").execute(),
  ]);
  const shown = named.map((row) => row.system_id).filter((id) => existing.includes(id));
  if (shown.length > 0) return shown;
  return existing.length === 0 || existing.includes(DEFAULT_PUBLIC_SYSTEM) ? [DEFAULT_PUBLIC_SYSTEM] : [];
}

interface SystemVisibility {
  /** Systems that exist. */
  existing: number[];
  /** What anonymous visitors may read. */
  anonymous: number[];
}

/**
 * Read at most once a second per database: displays poll and subscribe all day (openCalls ≥
 * 3,000 req/s), while systems and profiles change only when an administrator saves. A change on
 * this instance forgets it at once (`forgetSystemVisibility`); another instance's within 1 s.
 */
const VISIBILITY_TTL_MS = 1000;
let generation = 0;
const visibilityCache = new WeakMap<Kysely<Database>, { at: number; generation: number; value: Promise<SystemVisibility> }>();

function systemVisibility(db: Kysely<Database>): Promise<SystemVisibility> {
  // Freshness is wall-clock time, not the request clock (which tests hold still).
  const now = performance.now();
  const cached = visibilityCache.get(db);
  if (cached && cached.generation === generation && now - cached.at <= VISIBILITY_TTL_MS) return cached.value;
  const value = Promise.all([listSystemIds(db), anonymousSystemIds(db)]).then(([existing, anonymous]) => ({ existing, anonymous }));
  const stored = { at: now, generation, value };
  // A failed read is not kept: the next request tries again.
  value.catch(() => {
    if (visibilityCache.get(db) === stored) visibilityCache.delete(db);
  });
  visibilityCache.set(db, stored);
  return value;
}

/** Call after systems or display profiles changed, so the next request sees it at once. */
export function forgetSystemVisibility(): void {
  generation += 1;
}

function visibleIn(ctx: RequestContext, visibility: SystemVisibility, systemId: number): boolean {
  const exists = visibility.existing.length === 0 ? systemId === DEFAULT_PUBLIC_SYSTEM : visibility.existing.includes(systemId);
  if (!exists) return false;
  return isLoggedIn(ctx.user) ? canAccessSystem(ctx.user, systemId) : visibility.anonymous.includes(systemId);
}

/**
 * The system a request reads, if it exists and the caller may read it: signed-in users by their
 * system_access, anonymous visitors by `anonymousSystemIds`. Anything else is NOT_FOUND with
 * reason system_unavailable, as the X-CS-System check answers (it does not tell which systems
 * exist). Applies to the context's system too: the header check lets anonymous visitors name any
 * system that exists.
 */
export async function requireVisibleSystem(ctx: RequestContext, systemId: number): Promise<number> {
  const visibility = await systemVisibility(ctx.db.kysely);
  if (!visibleIn(ctx, visibility, systemId)) throw new AppError("NOT_FOUND", "system unavailable", { reason: "system_unavailable" });
  return systemId;
}

/**
 * Of the given existing systems, those the caller may read (the rule of `requireVisibleSystem`),
 * read fresh: lists load with AppData, not thousands of times a second.
 */
export async function visibleOf<T extends { id: number }>(ctx: RequestContext, systems: readonly T[]): Promise<T[]> {
  if (isLoggedIn(ctx.user)) return systems.filter((system) => canAccessSystem(ctx.user, system.id));
  const anonymous = await anonymousSystemIds(ctx.db.kysely);
  return systems.filter((system) => anonymous.includes(system.id));
}
