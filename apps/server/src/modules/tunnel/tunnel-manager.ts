import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { tunnelResumes, type TunnelCloseReason, type TunnelFailure } from "@caresuite/domain";
import type { Database } from "../../db/schema.ts";
import type { PubSub } from "../../realtime/pubsub.ts";
import { TUNNEL_CHANGED_TOPIC } from "../../realtime/topics.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { openReverseTunnel, type OpenTunnel, type TunnelTarget } from "./tunnel-client.ts";
import { claimTunnel, OFF_STATE, readTunnelSettings, readTunnelState, updateHeldTunnel, writeTunnelState, type TunnelStateRow } from "./tunnel.repo.ts";

/**
 * Holds the remote-access tunnel of this process (docs/decisions/042-remote-access-tunnel.md).
 * The database says whether the tunnel should be open and until when (`tunnel_state`); the process
 * that holds the SSH connection records it as owner and renews that every heartbeat, so with
 * several instances one holds it, and another takes over when the holder stopped saying so. A
 * tunnel closes by itself at its time limit; after a restart it comes back only while within it.
 * Every opening and closing is audited (entity type `tunnel`): who, and why it closed (user,
 * expired, error, shutdown).
 */
export interface TunnelManager {
  readonly instanceId: string;
  /** Opens (or, when open, extends) the tunnel until `openUntil`; resolves when open or failed. "busy" while connecting. */
  open(userId: number, openUntil: number): Promise<"ok" | "busy">;
  /** Closes the tunnel (from any instance); false when it was not open. */
  close(userId: number | null, reason: TunnelCloseReason): Promise<boolean>;
  /** Checks the time limit, renews the hold, takes over or resumes: run by the timers and on every signal. */
  tick(): Promise<void>;
  /** Starts the timers and listens for changes from other instances; runs a first tick (the resume after a restart). */
  start(): void;
  /** Server shutdown: ends the connection and lets go of the hold, keeping the time limit for a restart. */
  stop(): Promise<void>;
  /** Whether this process holds an open connection. */
  holding(): boolean;
}

export interface TunnelManagerDeps {
  db: Kysely<Database>;
  bus: PubSub;
  now: () => number;
  log: { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  /** This server's HTTP listener, where forwarded connections go. */
  target: () => TunnelTarget;
  instanceId?: string;
  readyTimeoutMs?: number;
  /** How often the holder renews its hold and checks the limit. */
  heartbeatMs?: number;
  /** A hold not renewed for this long is free to take. */
  staleAfterMs?: number;
}

const DAY_MS = 86_400_000;

export function createTunnelManager(deps: TunnelManagerDeps): TunnelManager {
  const instanceId = deps.instanceId ?? randomUUID();
  const readyTimeoutMs = deps.readyTimeoutMs ?? 15_000;
  const heartbeatMs = deps.heartbeatMs ?? 20_000;
  const staleAfterMs = deps.staleAfterMs ?? 3 * heartbeatMs;
  const db = deps.db;
  let held: OpenTunnel | null = null;
  let connecting = false;
  let chain: Promise<unknown> = Promise.resolve();
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let expiry: ReturnType<typeof setTimeout> | null = null;
  let signals: AsyncGenerator<unknown> | null = null;

  /** One state change at a time in this process (ticks, openings and closings queue). */
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work, work);
    chain = next.catch(() => undefined);
    return next;
  };
  const signal = (): Promise<void> => deps.bus.publish(TUNNEL_CHANGED_TOPIC, { at: deps.now() }).catch(() => undefined);
  const audit = (userId: number | null, action: "opened" | "extended" | "closed", meta: Record<string, unknown>): Promise<number> =>
    writeAudit(db, { systemId: null, userId, now: deps.now(), entityType: "tunnel", entityId: null, action, meta });

  const scheduleExpiry = (openUntil: number): void => {
    if (expiry) clearTimeout(expiry);
    if (!heartbeat) return;
    const delay = Math.min(Math.max(openUntil - deps.now(), 0), DAY_MS);
    expiry = setTimeout(() => void manager.tick().catch((error: unknown) => deps.log.error(error, "remote access tunnel check failed")), delay + 50);
    expiry.unref();
  };

  const drop = (): void => {
    held?.close();
    held = null;
    if (expiry) clearTimeout(expiry);
    expiry = null;
  };

  /** The connection was lost while open: the tunnel closes with an error (no silent reconnect). */
  const lost = (tunnel: OpenTunnel, failure: TunnelFailure): Promise<void> =>
    serial(async () => {
      if (held !== tunnel) return;
      drop();
      const now = deps.now();
      if (await updateHeldTunnel(db, instanceId, { status: "error", failure, open_until: null, owner: null, owner_seen_at: null }, now)) {
        await audit(null, "closed", { reason: "error", failure });
        deps.log.warn({ failure }, "remote access tunnel lost");
        await signal();
      }
    });

  /** Connects for a state this process holds; records open, or the failure (the tunnel is then closed). */
  const connectHeld = async (userId: number | null, reason: "user" | "resumed"): Promise<void> => {
    const settings = await readTunnelSettings(db);
    connecting = true;
    let result: Awaited<ReturnType<typeof openReverseTunnel>>;
    try {
      result = await openReverseTunnel(settings, deps.target, { readyTimeoutMs });
    } finally {
      connecting = false;
    }
    const now = deps.now();
    const state = await readTunnelState(db);
    if ("failure" in result) {
      if (await updateHeldTunnel(db, instanceId, { status: "error", failure: result.failure, open_until: null, owner: null, owner_seen_at: null }, now)) {
        await audit(userId, "closed", { reason: "error", failure: result.failure, host: settings.host, remote_port: settings.remote_port });
        deps.log.warn({ failure: result.failure }, "remote access tunnel did not open");
      }
      return;
    }
    const tunnel = result.tunnel;
    // Closed (or taken) while connecting: let go at once.
    if (state.owner !== instanceId || state.open_until === null) {
      tunnel.close();
      return;
    }
    held = tunnel;
    tunnel.onLost((failure) => void lost(tunnel, failure).catch((error: unknown) => deps.log.error(error, "remote access tunnel state failed")));
    await updateHeldTunnel(db, instanceId, { status: "open", failure: null, owner_seen_at: now }, now);
    await audit(userId, "opened", { reason, open_until: new Date(state.open_until).toISOString(), host: settings.host, remote_port: settings.remote_port });
    deps.log.info({ remote_port: settings.remote_port, open_until: new Date(state.open_until).toISOString(), reason }, "remote access tunnel open");
    scheduleExpiry(state.open_until);
  };

  const closeNow = async (state: TunnelStateRow, userId: number | null, reason: TunnelCloseReason): Promise<boolean> => {
    const wasOpen = state.open_until !== null || state.status === "open" || state.status === "connecting";
    drop();
    const now = deps.now();
    await writeTunnelState(db, { ...OFF_STATE }, now);
    if (!wasOpen) return false;
    await audit(userId, "closed", { reason });
    deps.log.info({ reason }, "remote access tunnel closed");
    await signal();
    return true;
  };

  const tickNow = async (): Promise<void> => {
    const now = deps.now();
    const state = await readTunnelState(db);
    if (held) {
      if (state.owner !== instanceId || state.open_until === null) {
        // Closed or taken over by another instance, which audited it.
        drop();
        return;
      }
      if (state.open_until <= now) {
        await closeNow(state, null, "expired");
        return;
      }
      await updateHeldTunnel(db, instanceId, { owner_seen_at: now }, now);
      return;
    }
    if (state.open_until === null) return;
    const heldElsewhere = state.owner !== null && state.owner !== instanceId && (state.owner_seen_at ?? 0) >= now - staleAfterMs;
    if (heldElsewhere) return;
    if (!tunnelResumes(state.open_until, now)) {
      // Its time ran out while nobody held it (the server was down): closed, recorded as expired.
      await closeNow(state, null, "expired");
      return;
    }
    if (!(await claimTunnel(db, instanceId, now, now - staleAfterMs))) return;
    await updateHeldTunnel(db, instanceId, { status: "connecting", failure: null }, now);
    await connectHeld(null, "resumed");
  };

  const manager: TunnelManager = {
    instanceId,
    holding: () => held !== null,
    open: (userId, openUntil) =>
      serial(async () => {
        if (connecting) return "busy";
        const now = deps.now();
        const state = await readTunnelState(db);
        if (state.status === "open" && state.open_until !== null && state.open_until > now) {
          await writeTunnelState(db, { open_until: openUntil }, now);
          await audit(userId, "extended", { open_until: new Date(openUntil).toISOString() });
          if (held) scheduleExpiry(openUntil);
          await signal();
          return "ok";
        }
        drop();
        await writeTunnelState(
          db,
          { open_until: openUntil, status: "connecting", failure: null, opened_by: userId, opened_at: now, owner: instanceId, owner_seen_at: now },
          now,
        );
        await signal();
        await connectHeld(userId, "user");
        return "ok";
      }),
    close: (userId, reason) => serial(async () => closeNow(await readTunnelState(db), userId, reason)),
    tick: () => serial(tickNow),
    start: () => {
      if (heartbeat) return;
      heartbeat = setInterval(() => void manager.tick().catch((error: unknown) => deps.log.error(error, "remote access tunnel check failed")), heartbeatMs);
      heartbeat.unref();
      const subscription = deps.bus.subscribe(TUNNEL_CHANGED_TOPIC);
      signals = subscription;
      void (async () => {
        for await (const _message of subscription) await manager.tick().catch((error: unknown) => deps.log.error(error, "remote access tunnel check failed"));
      })();
      void manager.tick().catch((error: unknown) => deps.log.error(error, "remote access tunnel check failed"));
    },
    stop: async () => {
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      await signals?.return(undefined);
      signals = null;
      await serial(async () => {
        if (!held) return;
        drop();
        const now = deps.now();
        // The time limit stays: a restart within it opens the tunnel again ("resumed").
        await updateHeldTunnel(db, instanceId, { status: "connecting", owner: null, owner_seen_at: null }, now);
        await audit(null, "closed", { reason: "shutdown" });
      });
    },
  };
  return manager;
}
