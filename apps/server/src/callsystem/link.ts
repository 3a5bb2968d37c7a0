import { CALL_EVENT_TYPES, eventEnvelopeSchema, type ControllerConfig, type DeviceAction, type EventEnvelope, type PressKind } from "@caresuite/protocol";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/database.ts";
import { openEventStream, type EventStream } from "./event-stream.ts";
import type { LinkHandlers } from "./link-handlers.ts";
import {
  ControllerError,
  baseUrl,
  fetchControllerPublishJob,
  startControllerPublish,
  type ControllerPublishJob,
  FAILURE_TEXT,
  fetchControllerConfig,
  fetchControllerConfigText,
  fetchFirmwareVersion,
  fetchJournalState,
  pressControllerDevice,
  sendControllerAction,
  type ControllerAddress,
} from "./protocol-client.ts";

/** How old a call.opened event may be and still start a video stream on the boards. */
const VIDEO_TRIGGER_MAX_AGE_MS = 60_000;

export interface LinkState {
  system_id: number;
  connected: boolean;
  last_event_at: string | null;
  last_seq: number;
  firmware: string | null;
  last_error: string | null;
}

export interface LinkCounters {
  applied: number;
  duplicates: number;
  ignored: number;
  malformed: number;
  reconnects: number;
}

export interface CallSystemLink {
  readonly systemId: number;
  start(): void;
  stop(): Promise<void>;
  state(): LinkState;
  counters(): LinkCounters;
  sendAction(deviceId: number, action: DeviceAction, sectionId: number | null): Promise<boolean>;
  /** Demo input (virtual call system only). */
  press(deviceId: number, kind: PressKind, callTypeId?: number): Promise<void>;
  /** The configuration the controller runs now (GET /api/config). */
  fetchConfig(): Promise<ControllerConfig>;
  /** GET /api/config as text, unparsed (a 20,000-node configuration is parsed off the event loop). */
  fetchConfigText(): Promise<string>;
  /** Starts a publish (POST /api/config/publish): the job id. */
  publish(body: unknown): Promise<string>;
  publishJob(jobId: string): Promise<ControllerPublishJob>;
  /** The controller's address without its credentials (for error reports). */
  url(): string;
}

export interface LinkDeps {
  db: Db;
  log: FastifyBaseLogger;
  now: () => number;
  /** What the events do (the calls module's, given at wiring time). */
  handlers: LinkHandlers;
}

/**
 * One link per configured system (ARCHITECTURE «Call path guarantees»): connects, imports the controller's
 * configuration on the first connection, subscribes from the last applied sequence, applies each
 * event in one transaction, acknowledges after commit, and reconnects with backoff forever.
 */
export function createLink(systemId: number, address: ControllerAddress, deps: LinkDeps): CallSystemLink {
  const state: LinkState = { system_id: systemId, connected: false, last_event_at: null, last_seq: 0, firmware: null, last_error: null };
  const counters: LinkCounters = { applied: 0, duplicates: 0, ignored: 0, malformed: 0, reconnects: 0 };
  let stream: EventStream | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  let attempt = 0;
  const db = deps.db.kysely;
  const { handlers } = deps;

  /**
   * No import yet, or the controller announced a revision other than the imported one (applying
   * its `config.changed` cleared imported_at in the same transaction as the position).
   */
  const importDue = async (): Promise<boolean> =>
    !(await db.selectFrom("callsystem_links").select("imported_at").where("system_id", "=", systemId).executeTakeFirst())?.imported_at;

  const importConfig = async (why: string): Promise<void> => {
    const counts = await handlers.importConfig(systemId, await fetchControllerConfig(address), deps.now());
    deps.log.info({ systemId, counts }, `callsystem: configuration imported (${why})`);
  };

  const schedule = (): void => {
    if (stopped) return;
    // 250 ms doubling to 5 s: a restarted controller is back within seconds.
    const wait = Math.min(5000, 250 * 2 ** Math.min(attempt, 5));
    attempt += 1;
    timer = setTimeout(() => void connect(), wait);
    timer.unref();
  };

  const onMessages = async (raws: unknown[]): Promise<number | null> => {
    const events: EventEnvelope[] = [];
    for (const raw of raws) {
      const parsed = eventEnvelopeSchema.safeParse(raw);
      if (parsed.success) events.push(parsed.data);
      else {
        counters.malformed += 1;
        deps.log.warn({ systemId, raw }, "callsystem: malformed event envelope ignored");
      }
    }
    if (events.length === 0) return null;
    const outcomes = await handlers.apply(systemId, events, deps.now());
    let callsChanged = false;
    let configChanged = false;
    const openedCallTypes: number[] = [];
    for (const [index, outcome] of outcomes.entries()) {
      const event = events[index];
      if (!event) continue;
      if (outcome === "duplicate") counters.duplicates += 1;
      else if (outcome === "ignored") counters.ignored += 1;
      else if (outcome === "malformed") {
        counters.malformed += 1;
        deps.log.warn({ systemId, seq: event.seq, type: event.type }, "callsystem: malformed event skipped");
      } else {
        counters.applied += 1;
        callsChanged ||= CALL_EVENT_TYPES.has(event.type);
        // Live calls only: a backlog replayed after a restart must not pop up old door cameras.
        if (event.type === "call.opened" && deps.now() - Date.parse(event.at) < VIDEO_TRIGGER_MAX_AGE_MS) {
          openedCallTypes.push(Number((event.data as { call_type_id?: unknown }).call_type_id));
        }
        configChanged ||= event.type === "config.changed";
      }
    }
    const last = events[events.length - 1]?.seq ?? null;
    if (last !== null) state.last_seq = Math.max(state.last_seq, last);
    state.last_event_at = new Date(deps.now()).toISOString();
    if (callsChanged) await handlers.callsChanged(systemId, { seq: last });
    // After the calls: a board shows the call first, its door camera a moment later.
    if (openedCallTypes.length > 0) {
      await handlers
        .callsOpened(systemId, openedCallTypes)
        .catch((error: unknown) =>
          deps.log.warn({ systemId, error: error instanceof Error ? error.message : String(error) }, "callsystem: video stream announcement failed"),
        );
    }
    // docs/protocol.md: "On config.changed: GET /api/config to import the new revision". Should it
    // fail, the stream closes and the next connection imports (the import stays due).
    if (configChanged && (await importDue())) await importConfig("config.changed");
    return last;
  };

  /**
   * docs/protocol.md "Journal identity": a controller whose journal id changed, or whose last seq
   * is below ours, was reset. We start again at 0; our open calls of the old journal can never be
   * closed by it any more, so they are closed as "controller_reset" (and logged).
   */
  const followJournal = async (systemId: number, journal: { journal_id: string | null; last_seq: number }): Promise<void> => {
    const link = await db.selectFrom("callsystem_links").select(["journal_id", "last_seq"]).where("system_id", "=", systemId).executeTakeFirst();
    if (!link) return;
    const reset = (link.journal_id !== null && journal.journal_id !== null && link.journal_id !== journal.journal_id) || journal.last_seq < link.last_seq;
    if (!reset && link.journal_id === journal.journal_id) return;
    await db.transaction().execute(async (trx) => {
      if (reset) {
        const closed = await trx
          .updateTable("calls")
          .set({ closed_at: deps.now(), close_reason: "controller_reset" })
          .where("system_id", "=", systemId)
          .where("closed_at", "is", null)
          .executeTakeFirst();
        deps.log.warn({ systemId, closed: Number(closed.numUpdatedRows) }, "callsystem: controller journal was reset; starting again at 0");
      }
      await trx
        .updateTable("callsystem_links")
        .set({ journal_id: journal.journal_id, ...(reset ? { last_seq: 0 } : {}), updated_at: deps.now() })
        .where("system_id", "=", systemId)
        .execute();
    });
    if (reset) await handlers.callsChanged(systemId, { reset: true });
  };

  const connect = async (): Promise<void> => {
    if (stopped) return;
    try {
      state.firmware = await fetchFirmwareVersion(address);
      if (await importDue()) await importConfig("on connect");
      await followJournal(systemId, await fetchJournalState(address));
      const from = (await db.selectFrom("callsystem_links").select("last_seq").where("system_id", "=", systemId).executeTakeFirst())?.last_seq ?? 0;
      state.last_seq = from;
      stream = openEventStream({
        address,
        from,
        onMessages,
        onOpen: () => {
          attempt = 0;
          state.connected = true;
          state.last_error = null;
          deps.log.info({ systemId, from }, "callsystem: connected");
        },
        onClose: (reason) => {
          const wasConnected = state.connected;
          state.connected = false;
          state.last_error = reason;
          stream = null;
          if (wasConnected) counters.reconnects += 1;
          deps.log.warn({ systemId, reason }, "callsystem: disconnected");
          schedule();
        },
      });
    } catch (error) {
      state.connected = false;
      // A controller's failure by its class only (ARCHITECTURE «Security rules»): never what the host answered.
      state.last_error = error instanceof ControllerError ? FAILURE_TEXT[error.failure] : error instanceof Error ? error.message : String(error);
      deps.log.warn({ systemId, error: state.last_error }, "callsystem: connection failed");
      schedule();
    }
  };

  return {
    systemId,
    start: () => {
      if (!stopped) return;
      stopped = false;
      void connect();
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.close();
      stream = null;
      state.connected = false;
    },
    state: () => ({ ...state }),
    counters: () => ({ ...counters }),
    sendAction: (deviceId, action, sectionId) => sendControllerAction(address, deviceId, action, sectionId),
    press: (deviceId, kind, callTypeId) => pressControllerDevice(address, deviceId, kind, callTypeId),
    fetchConfig: () => fetchControllerConfig(address),
    fetchConfigText: () => fetchControllerConfigText(address),
    publish: (body) => startControllerPublish(address, body),
    publishJob: (jobId) => fetchControllerPublishJob(address, jobId),
    url: () => baseUrl(address),
  };
}
