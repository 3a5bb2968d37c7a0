import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/**
 * Failed sign-in throttling, kept in the database so that several instances share it.
 * Two counters: per account (guessing one password) and per client address (spraying many
 * accounts). Blocking is temporary and per key, so an attacker can slow one account or one
 * address down but never lock everybody out; a successful login clears the account's counter.
 */
export const THROTTLE_RULES = {
  account: { maxFailures: 5, windowMs: 15 * 60_000, blockMs: 60_000 },
  ip: { maxFailures: 20, windowMs: 15 * 60_000, blockMs: 5 * 60_000 },
} as const;

type Kind = keyof typeof THROTTLE_RULES;

function keyOf(kind: Kind, value: string): string {
  return `${kind}:${value.toLowerCase().slice(0, 255)}`;
}

/** Seconds until the key may try again (0 = not blocked). */
export async function blockedSeconds(db: Kysely<Database>, keys: { account: string; ip: string }, now: number): Promise<number> {
  const rows = await db
    .selectFrom("login_throttle")
    .select("blocked_until")
    .where("key", "in", [keyOf("account", keys.account), keyOf("ip", keys.ip)])
    .execute();
  const until = Math.max(0, ...rows.map((r) => r.blocked_until));
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

/** Counts a failure on both keys; a key over its limit is blocked, longer each time it recurs. */
export async function recordFailure(db: Kysely<Database>, keys: { account: string; ip: string }, now: number): Promise<void> {
  for (const kind of ["account", "ip"] as const) {
    const rule = THROTTLE_RULES[kind];
    const key = keyOf(kind, keys[kind]);
    const row = await db.selectFrom("login_throttle").selectAll().where("key", "=", key).executeTakeFirst();
    const fresh = !row || now - row.window_started_at > rule.windowMs;
    const failures = fresh ? 1 : row.failures + 1;
    const over = failures - rule.maxFailures;
    // Each further failure past the limit doubles the block, capped at the window length.
    const blocked_until = over >= 0 ? now + Math.min(rule.blockMs * 2 ** over, rule.windowMs) : (row?.blocked_until ?? 0);
    const window_started_at = fresh ? now : row.window_started_at;
    await db
      .insertInto("login_throttle")
      .values({ key, failures, window_started_at, blocked_until })
      .onConflict((oc) => oc.column("key").doUpdateSet({ failures, window_started_at, blocked_until }))
      .execute();
  }
}

export async function clearAccountFailures(db: Kysely<Database>, account: string): Promise<void> {
  await db.deleteFrom("login_throttle").where("key", "=", keyOf("account", account)).execute();
}
