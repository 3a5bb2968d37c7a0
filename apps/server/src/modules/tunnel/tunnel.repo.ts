import type { Kysely } from "kysely";
import type { TunnelFailure, TunnelStatus } from "@caresuite/domain";
import type { Database } from "../../db/schema.ts";
import type { TunnelEndpoint } from "./tunnel-client.ts";

/** The stored settings (migration 0023), secrets included: server-side only. */
export type StoredTunnelSettings = TunnelEndpoint;

export const EMPTY_TUNNEL_SETTINGS: StoredTunnelSettings = {
  host: "",
  port: 22,
  username: "",
  auth_method: "key",
  private_key: "",
  password: "",
  host_key_fingerprint: "",
  remote_port: 8080,
};

export interface TunnelStateRow {
  open_until: number | null;
  status: TunnelStatus;
  failure: TunnelFailure | null;
  opened_by: number | null;
  opened_at: number | null;
  owner: string | null;
  owner_seen_at: number | null;
}

export const OFF_STATE: TunnelStateRow = { open_until: null, status: "off", failure: null, opened_by: null, opened_at: null, owner: null, owner_seen_at: null };

export async function readTunnelSettings(db: Kysely<Database>): Promise<StoredTunnelSettings> {
  const row = await db.selectFrom("tunnel_settings").selectAll().where("id", "=", 1).executeTakeFirst();
  if (!row) return { ...EMPTY_TUNNEL_SETTINGS };
  return {
    host: row.host,
    port: row.port,
    username: row.username,
    auth_method: row.auth_method === "password" ? "password" : "key",
    private_key: row.private_key,
    password: row.password,
    host_key_fingerprint: row.host_key_fingerprint,
    remote_port: row.remote_port,
  };
}

export async function writeTunnelSettings(db: Kysely<Database>, next: StoredTunnelSettings, now: number): Promise<void> {
  const row = { ...next, updated_at: now };
  await db
    .insertInto("tunnel_settings")
    .values({ id: 1, ...row })
    .onConflict((oc) => oc.column("id").doUpdateSet(row))
    .execute();
}

export async function readTunnelState(db: Kysely<Database>): Promise<TunnelStateRow> {
  const row = await db.selectFrom("tunnel_state").selectAll().where("id", "=", 1).executeTakeFirst();
  if (!row) return { ...OFF_STATE };
  return {
    open_until: row.open_until,
    status: row.status as TunnelStatus,
    failure: row.failure as TunnelFailure | null,
    opened_by: row.opened_by,
    opened_at: row.opened_at,
    owner: row.owner,
    owner_seen_at: row.owner_seen_at,
  };
}

/** Sets the state row (created on first use). */
export async function writeTunnelState(db: Kysely<Database>, change: Partial<TunnelStateRow>, now: number): Promise<void> {
  const row = { ...change, updated_at: now };
  await db
    .insertInto("tunnel_state")
    .values({ id: 1, ...OFF_STATE, ...row })
    .onConflict((oc) => oc.column("id").doUpdateSet(row))
    .execute();
}

/**
 * Takes the tunnel for this process when nobody holds it or its holder stopped saying so (a
 * conditional UPDATE: of two instances one wins). True when taken.
 */
export async function claimTunnel(db: Kysely<Database>, owner: string, now: number, staleBefore: number): Promise<boolean> {
  const result = await db
    .updateTable("tunnel_state")
    .set({ owner, owner_seen_at: now, updated_at: now })
    .where("id", "=", 1)
    .where((eb) => eb.or([eb("owner", "is", null), eb("owner", "=", owner), eb("owner_seen_at", "<", staleBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Changes the state only while this process holds it (nothing when another took it). */
export async function updateHeldTunnel(db: Kysely<Database>, owner: string, change: Partial<TunnelStateRow>, now: number): Promise<boolean> {
  const result = await db
    .updateTable("tunnel_state")
    .set({ ...change, updated_at: now })
    .where("id", "=", 1)
    .where("owner", "=", owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The name of a user for the state view (who opened the tunnel). */
export async function userNameOf(db: Kysely<Database>, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const row = await db.selectFrom("users").select(["username"]).where("id", "=", id).executeTakeFirst();
  return row?.username ?? null;
}
