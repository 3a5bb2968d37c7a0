import type { Kysely, Selectable } from "kysely";
import type { Db, DialectName } from "../../db/database.ts";
import type { Database, LoginThrottleTable } from "../../db/schema.ts";

/**
 * Password-guess throttling (ARCHITECTURE «Security rules»), kept in the database so that several
 * instances share it. Two counters:
 * - `accountIp`: one account from one address (guessing one password). Per address on purpose:
 *   failures from elsewhere never lock the account's owner out (docs/decisions/008-sign-in.md);
 * - `ip`: one address across all accounts (spraying).
 * An attempt reserves its place in both counters before the password is checked, in one
 * transaction with the rows locked: parallel guesses are counted before any is verified, so 200
 * at once still check at most `maxFailures` passwords. A correct password gives the place back.
 */
export const THROTTLE_RULES = {
  accountIp: { maxFailures: 5, windowMs: 15 * 60_000, blockMs: 60_000 },
  // Generous: a ward terminal, or a whole site behind a proxy without TRUST_PROXY, shares one
  // address, and a block there keeps every nurse out (docs/decisions/008-sign-in.md).
  ip: { maxFailures: 100, windowMs: 15 * 60_000, blockMs: 5 * 60_000 },
} as const;

type Kind = keyof typeof THROTTLE_RULES;
type Row = Selectable<LoginThrottleTable>;

/** Who tries: the account name as typed and the client address (request.ip). */
export interface ThrottleKeys {
  account: string;
  ip: string;
}

export type Reservation = { allowed: true } | { allowed: false; waitSeconds: number };

function keysOf(keys: ThrottleKeys): Record<Kind, string> {
  const ip = keys.ip.slice(0, 64);
  // The column holds 300 characters: a longer name shares its counter with its first 200.
  return { accountIp: `acct:${ip}|${keys.account.toLowerCase().slice(0, 200)}`, ip: `ip:${ip}` };
}

/** Both rows, created when missing and locked (PostgreSQL) until the transaction ends, in key order. */
async function lockRows(trx: Kysely<Database>, dialect: DialectName, keys: Record<Kind, string>): Promise<Map<string, Row>> {
  const wanted = Object.values(keys).sort();
  for (const key of wanted) {
    await trx
      .insertInto("login_throttle")
      .values({ key, failures: 0, window_started_at: 0, blocked_until: 0 })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
  }
  // SQLite has one connection and Kysely runs a transaction alone on it: no row locks needed.
  const rows = await trx
    .selectFrom("login_throttle")
    .selectAll()
    .where("key", "in", wanted)
    .orderBy("key")
    .$if(dialect === "postgres", (q) => q.forUpdate())
    .execute();
  return new Map(rows.map((r) => [r.key, r]));
}

async function writeRow(trx: Kysely<Database>, row: Row): Promise<void> {
  const { key, ...values } = row;
  await trx.updateTable("login_throttle").set(values).where("key", "=", key).execute();
}

/**
 * Counts an attempt as a failure before its password is checked. Refused (with the seconds to
 * wait) while either counter is blocked; a refused attempt is not counted. The attempt that
 * reaches a limit blocks its key, each further failure doubling the block up to the window.
 */
export async function reserveAttempt(db: Db, who: ThrottleKeys, now: number): Promise<Reservation> {
  await pruneExpired(db.kysely, now);
  const keys = keysOf(who);
  return db.kysely.transaction().execute(async (trx) => {
    const rows = await lockRows(trx, db.dialect, keys);
    const blockedUntil = Math.max(0, ...[...rows.values()].map((r) => r.blocked_until));
    if (blockedUntil > now) return { allowed: false, waitSeconds: Math.ceil((blockedUntil - now) / 1000) };
    for (const kind of Object.keys(THROTTLE_RULES) as Kind[]) {
      const rule = THROTTLE_RULES[kind];
      const row = rows.get(keys[kind]);
      if (!row) throw new Error("login_throttle row vanished inside its transaction");
      const fresh = now - row.window_started_at >= rule.windowMs;
      const failures = (fresh ? 0 : row.failures) + 1;
      const over = failures - rule.maxFailures;
      await writeRow(trx, {
        key: row.key,
        failures,
        window_started_at: fresh ? now : row.window_started_at,
        blocked_until: over >= 0 ? now + Math.min(rule.blockMs * 2 ** over, rule.windowMs) : 0,
      });
    }
    return { allowed: true };
  });
}

/**
 * The password was right: the account's counter from this address is cleared, and the address
 * gets its reserved place back (its block lifted when under the limit again). Run inside the
 * transaction that signs the user in.
 */
export async function releaseAttempt(trx: Kysely<Database>, dialect: DialectName, who: ThrottleKeys): Promise<void> {
  const keys = keysOf(who);
  const rows = await lockRows(trx, dialect, keys);
  await trx.deleteFrom("login_throttle").where("key", "=", keys.accountIp).execute();
  const ip = rows.get(keys.ip);
  if (!ip) return;
  const failures = Math.max(0, ip.failures - 1);
  await writeRow(trx, { ...ip, failures, blocked_until: failures < THROTTLE_RULES.ip.maxFailures ? 0 : ip.blocked_until });
}

/**
 * Anonymous input must not grow the table without bound (ARCHITECTURE «Security rules»): rows whose window and
 * block have both passed are deleted, at most once a minute per database.
 */
const lastPrune = new WeakMap<object, number>();
const LONGEST_WINDOW = Math.max(...Object.values(THROTTLE_RULES).map((r) => r.windowMs));
async function pruneExpired(db: Kysely<Database>, now: number): Promise<void> {
  const last = lastPrune.get(db);
  if (last !== undefined && now - last < 60_000 && now >= last) return;
  lastPrune.set(db, now);
  await db
    .deleteFrom("login_throttle")
    .where("blocked_until", "<=", now)
    .where("window_started_at", "<=", now - LONGEST_WINDOW)
    .execute();
}
