import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/** 256-bit random token for the cookie; only its SHA-256 is stored. */
export function newSessionToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export async function insertSession(
  db: Kysely<Database>,
  values: { hash: string; userId: number; now: number; ip: string; userAgent: string },
  policy: SessionPolicy,
): Promise<void> {
  await db
    .insertInto("sessions")
    .values({
      token_hash: values.hash,
      user_id: values.userId,
      created_at: values.now,
      last_seen_at: values.now,
      expires_at: values.now + policy.absoluteMs,
      ip: values.ip.slice(0, 64),
      user_agent: values.userAgent.slice(0, 512),
    })
    .execute();
}

/**
 * How stale `last_seen_at` may get before a request writes it again: a write per request would be
 * an fsync per request on SQLite. A sixtieth of the idle limit, at most a minute.
 */
export function touchInterval(policy: SessionPolicy): number {
  return Math.min(60_000, Math.floor(policy.idleMs / 60));
}

/**
 * The user id of a live session, touching its idle clock; null (and the row deleted) when it has
 * passed its idle or absolute expiry. The idle limit counts from the last request: the
 * stored time may lag the last request by up to one touch interval, so that interval is added
 * before a session counts as idle. A session never ends early; it may end up to one interval late.
 */
export async function resolveSession(db: Kysely<Database>, token: string, now: number, policy: SessionPolicy): Promise<number | null> {
  const hash = hashToken(token);
  const row = await db.selectFrom("sessions").selectAll().where("token_hash", "=", hash).executeTakeFirst();
  if (!row) return null;
  const touchEvery = touchInterval(policy);
  const idle = now - row.last_seen_at;
  if (now >= row.expires_at || idle >= policy.idleMs + touchEvery) {
    await db.deleteFrom("sessions").where("token_hash", "=", hash).execute();
    return null;
  }
  if (idle >= touchEvery) {
    await db.updateTable("sessions").set({ last_seen_at: now }).where("token_hash", "=", hash).execute();
  }
  return row.user_id;
}

export async function deleteSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom("sessions").where("token_hash", "=", hashToken(token)).execute();
}

/** Revokes every session of a user except, optionally, the one in use. */
export async function deleteUserSessions(db: Kysely<Database>, userId: number, keepHash?: string): Promise<void> {
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (keepHash) query = query.where("token_hash", "!=", keepHash);
  await query.execute();
}
