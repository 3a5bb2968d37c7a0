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
 * The user id of a live session, touching its idle clock; null (and the row deleted) when it has
 * passed its idle or absolute expiry. Touches at most once a minute to spare the database.
 */
export async function resolveSession(
  db: Kysely<Database>,
  token: string,
  now: number,
  policy: SessionPolicy,
): Promise<number | null> {
  const hash = hashToken(token);
  const row = await db.selectFrom("sessions").selectAll().where("token_hash", "=", hash).executeTakeFirst();
  if (!row) return null;
  if (now >= row.expires_at || now - row.last_seen_at >= policy.idleMs) {
    await db.deleteFrom("sessions").where("token_hash", "=", hash).execute();
    return null;
  }
  if (now - row.last_seen_at > 60_000) {
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
