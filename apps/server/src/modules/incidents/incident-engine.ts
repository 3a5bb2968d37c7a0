import {
  batteryIncident,
  criterionCode,
  defectIncident,
  engineStep,
  monitoredKind,
  probableDefectIncident,
  reachabilityIncident,
  type EngineStep,
  type IncidentEpisode,
  type IncidentSeverity,
  type IncidentStatus,
  type IncidentSubject,
} from "@caresuite/domain";
import type { Kysely, Selectable } from "kysely";
import type { Database, IncidentsTable } from "../../db/schema.ts";
import type { PubSub } from "../../realtime/pubsub.ts";
import { SYSTEM_MESSAGES_TOPIC, systemMessage } from "../../realtime/topics.ts";
import { readGlobalSettings } from "../appdata/global-settings.repo.ts";
import { writeAudits, type AuditEntry } from "../audit/audit.repo.ts";
import { entityTables } from "../entities/entity-tables.ts";

/**
 * The incident engine (docs/decisions/033-incident-engine.md): it compares what the call system
 * reported (stored by the call path: battery, reachability, calls) with the incidents, device by
 * device and subject by subject, and lets the domain's `engineStep` say what changes. It reads
 * state, not events: evaluating the same state twice (a replayed event, a pass right after an
 * event) finds the open incident and changes nothing, and the unique guard of migration 0017
 * refuses a second open incident should two evaluations race anyway.
 *
 * It runs after the call path's commit for the devices an event named, and as a periodic pass over
 * every device (timeouts run out without any event). Evaluations of one system run one at a time.
 */

type IncidentRow = Selectable<IncidentsTable>;

/** What one evaluation changed. */
export interface EvaluationResult {
  devices: number;
  opened: number;
  changed: number;
  resolved: number;
}

interface Condition {
  node_id: number;
  subject: IncidentSubject;
  source_id: number;
  severity: IncidentSeverity;
  /** A Defect's call: the latest open defect call of the device (migration 0025); null for the other subjects. */
  call_id: number | null;
}

/** The node of a checkpoint's Defect: checkpoints are not system tree nodes; the source is the checkpoint's number. */
export const CHECKPOINT_NODE = 0;

const keyOf = (node: number, subject: string, source: number): string => `${node}|${subject}|${source}`;

/** Ids in IN lists stay below the databases' parameter limits. */
const CHUNK = 900;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Lets timers and I/O run: SQLite's driver is synchronous under its promises, so a pass of several
 * queries would otherwise hold the event loop (and the call path) from its first query to its last.
 */
const breathe = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Runs `query` over all ids (one query) or over the given ones (chunked), breathing after each. */
async function byIds<T>(ids: readonly number[] | null, query: (ids: readonly number[] | null) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (const part of ids === null ? [null] : chunks(ids)) {
    out.push(...(await query(part)));
    await breathe();
  }
  return out;
}

/** Every condition of the system's devices now (or of the given devices). */
async function conditionsNow(
  db: Kysely<Database>,
  systemId: number,
  deviceIds: readonly number[] | null,
  now: number,
): Promise<{ conditions: Condition[]; devices: number }> {
  const settings = await readGlobalSettings(db);
  await breathe();
  const nodes = await byIds(deviceIds, (ids) => {
    let q = db.selectFrom("system_tree_nodes").select(["id", "battery", "reachable", "is_tech", "radio"]).where("system_id", "=", systemId);
    if (ids) q = q.where("id", "in", ids);
    return q.execute();
  });
  const since = await byIds(deviceIds, (ids) => {
    let q = db
      .selectFrom("device_reachability_history")
      .select(["node_id", "from_at"])
      .where("system_id", "=", systemId)
      .where("to_at", "is", null)
      .where("reachable", "=", 0);
    if (ids) q = q.where("node_id", "in", ids);
    return q.execute();
  });
  const unreachableSince = new Map(since.map((row) => [row.node_id, Number(row.from_at)]));
  const conditions: Condition[] = [];
  for (const node of nodes) {
    const battery = batteryIncident(node.battery, settings);
    if (battery) conditions.push({ node_id: node.id, subject: "Battery", source_id: 0, severity: battery, call_id: null });
    const reach = reachabilityIncident(
      {
        reachable: node.reachable === 1,
        unreachable_since: unreachableSince.get(node.id) ?? null,
        kind: monitoredKind({ is_tech: node.is_tech === 1, radio: node.radio === 1 }),
      },
      settings,
      now,
    );
    if (reach) conditions.push({ node_id: node.id, subject: "Reachability", source_id: 0, severity: reach, call_id: null });
  }

  // Defects: open calls of call types flagged Defect (spec §2 "call type flag: Defect").
  const defectTypes = (
    await entityTables(db).selectFrom("call_types").select("id").where("system_id", "=", systemId).where("flag", "=", "Defect").execute()
  ).map((r) => Number(r.id));
  if (defectTypes.length > 0) {
    const open = await byIds(deviceIds, (ids) => {
      let q = db
        .selectFrom("calls")
        .select((eb) => ["device_id", eb.fn.min<number>("opened_at").as("since"), eb.fn.max<number>("id").as("call_id")])
        .where("system_id", "=", systemId)
        .where("closed_at", "is", null)
        .where("call_type_id", "in", defectTypes)
        .groupBy("device_id");
      if (ids) q = q.where("device_id", "in", ids);
      return q.execute();
    });
    for (const row of open) {
      const severity = defectIncident(Number(row.since), settings.defects_timeout, now);
      if (severity) conditions.push({ node_id: row.device_id, subject: "Defect", source_id: 0, severity, call_id: Number(row.call_id) });
    }
  }

  // Checkpoints whose defect flag is set (`checkpoint.defect`): a Defect of the checkpoint, keyed
  // by node 0 and the checkpoint's number as its source. Only in the pass over every device: the
  // flag raises nothing before defects_timeout, which the pass finds running out.
  if (deviceIds === null) {
    const flagged = await db.selectFrom("checkpoint_defects").select(["number", "since"]).where("system_id", "=", systemId).execute();
    for (const row of flagged) {
      const severity = defectIncident(Number(row.since), settings.defects_timeout, now);
      if (severity) conditions.push({ node_id: CHECKPOINT_NODE, subject: "Defect", source_id: row.number, severity, call_id: null });
    }
  }

  // Probable defects: each monitor counts a device's calls of the call type its criterion names.
  const monitors = await db.selectFrom("incident_monitors").selectAll().where("system_id", "=", systemId).execute();
  for (const monitor of monitors) {
    const counts = await byIds(deviceIds, (ids) => {
      let q = db
        .selectFrom("calls")
        .select((eb) => ["device_id", eb.fn.countAll<number>().as("n")])
        .where("system_id", "=", systemId)
        .where("call_type_id", "=", criterionCode(monitor.criterion))
        .where("opened_at", ">=", now - monitor.timeframe * 3_600_000)
        .groupBy("device_id");
      if (ids) q = q.where("device_id", "in", ids);
      return q.execute();
    });
    for (const row of counts) {
      const severity = probableDefectIncident(Number(row.n), monitor.threshold);
      if (severity) conditions.push({ node_id: row.device_id, subject: "ProbableDefect", source_id: monitor.id, severity, call_id: null });
    }
  }
  return { conditions, devices: deviceIds?.length ?? nodes.length };
}

/** The incidents the engine compares with: open ones, and closed ones whose condition was not seen ending. */
async function relevantIncidents(db: Kysely<Database>, systemId: number, deviceIds: readonly number[] | null): Promise<IncidentRow[]> {
  return byIds(deviceIds, (ids) => {
    let q = db
      .selectFrom("incidents")
      .selectAll()
      .where("system_id", "=", systemId)
      .where((eb) => eb.or([eb("open_guard", "=", 1), eb.and([eb("status", "=", "Closed"), eb("condition_ended_at", "is", null)])]));
    if (ids) q = q.where("node_id", "in", ids);
    return q.execute();
  });
}

const episode = (row: IncidentRow): IncidentEpisode => ({
  status: row.status as IncidentStatus,
  severity: row.severity as IncidentSeverity,
  condition_ended_at: row.condition_ended_at,
  held: row.held === 1,
});

interface Plan {
  row: IncidentRow | null;
  condition: Condition | null;
  step: EngineStep;
  /** The open incident's call moves to a newer defect call of the device (not a status change). */
  call?: number;
}

/** Changes per transaction. */
const BATCH = 200;

/** One batch of changes: a few statements whatever its size (bulk insert, updates by id lists, audits). */
async function applyPlans(trx: Kysely<Database>, systemId: number, now: number, plans: readonly Plan[], result: EvaluationResult): Promise<void> {
  const nodeIds = [...new Set(plans.map((p) => p.row?.node_id ?? p.condition?.node_id ?? 0))];
  const names = new Map(
    (await trx.selectFrom("system_tree_nodes").select(["id", "name", "text_long"]).where("system_id", "=", systemId).where("id", "in", nodeIds).execute()).map(
      (n) => [n.id, n.text_long || n.name],
    ),
  );
  const display = (subject: string, nodeId: number, sourceId: number): string =>
    `${subject}: ${nodeId === CHECKPOINT_NODE ? `checkpoint ${sourceId}` : (names.get(nodeId) ?? `#${nodeId}`)}`;
  const audits: (AuditEntry & { entityId: number })[] = [];
  const audit = (entityId: number, row: { subject: string; node_id: number; source_id: number }, action: string, changes: AuditEntry["changes"]): void => {
    audits.push({
      systemId,
      userId: null,
      now,
      entityType: "incident",
      entityId,
      entityDisplayName: display(row.subject, row.node_id, row.source_id),
      action,
      changes,
    });
  };

  const opens = plans.filter(
    (p): p is Plan & { condition: Condition; step: { kind: "open"; severity: IncidentSeverity } } => p.step.kind === "open" && p.condition !== null,
  );
  if (opens.length > 0) {
    const inserted = await trx
      .insertInto("incidents")
      .values(
        opens.map((p) => ({
          system_id: systemId,
          node_id: p.condition.node_id,
          subject: p.condition.subject,
          source_id: p.condition.source_id,
          severity: p.step.severity,
          status: "New",
          open_guard: 1,
          user_id: null,
          closed_by_user_id: null,
          created_at: now,
          assigned_at: null,
          closed_at: null,
          condition_ended_at: null,
          updated_at: now,
          call_id: p.condition.call_id,
        })),
      )
      // A concurrent evaluation opened it already: nothing doubles.
      .onConflict((oc) => oc.columns(["system_id", "node_id", "subject", "source_id", "open_guard"]).doNothing())
      .returning(["id", "node_id", "subject", "source_id", "severity"])
      .execute();
    const opened = new Set(inserted.map((r) => keyOf(r.node_id, r.subject, r.source_id)));
    for (const r of inserted) {
      audit(r.id, r, "created", [
        { field: "subject", value_old: null, value_new: r.subject },
        { field: "severity", value_old: null, value_new: r.severity },
        { field: "status", value_old: null, value_new: "New" },
      ]);
    }
    // The closed one before a recurrence is history now: its condition ended where the new one began.
    const before = opens.filter((p) => p.row && opened.has(keyOf(p.condition.node_id, p.condition.subject, p.condition.source_id))).map((p) => p.row?.id ?? 0);
    if (before.length > 0) {
      await trx
        .updateTable("incidents")
        .set({ condition_ended_at: now, updated_at: now })
        .where("id", "in", before)
        .where("condition_ended_at", "is", null)
        .execute();
    }
    result.opened += inserted.length;
  }

  for (const severity of new Set(plans.flatMap((p) => (p.step.kind === "severity" ? [p.step.severity] : [])))) {
    const rows = plans.filter((p) => p.step.kind === "severity" && p.step.severity === severity).flatMap((p) => (p.row ? [p.row] : []));
    const updated = await trx
      .updateTable("incidents")
      .set({ severity, updated_at: now })
      .where(
        "id",
        "in",
        rows.map((r) => r.id),
      )
      .where("open_guard", "=", 1)
      .returning("id")
      .execute();
    const done = new Set(updated.map((u) => u.id));
    for (const row of rows.filter((r) => done.has(r.id))) audit(row.id, row, "updated", [{ field: "severity", value_old: row.severity, value_new: severity }]);
    result.changed += updated.length;
  }

  const resolving = plans.filter((p) => p.step.kind === "resolve").flatMap((p) => (p.row ? [p.row] : []));
  if (resolving.length > 0) {
    const updated = await trx
      .updateTable("incidents")
      .set({ status: "Closed", open_guard: null, closed_at: now, condition_ended_at: now, updated_at: now })
      .where(
        "id",
        "in",
        resolving.map((r) => r.id),
      )
      .where("open_guard", "=", 1)
      .where("held", "=", 0)
      .returning("id")
      .execute();
    const done = new Set(updated.map((u) => u.id));
    for (const row of resolving.filter((r) => done.has(r.id)))
      audit(row.id, row, "resolved", [{ field: "status", value_old: row.status, value_new: "Closed" }]);
    result.resolved += updated.length;
  }

  // A newer defect call of the device while the incident is open: the link follows it.
  for (const p of plans) {
    if (p.call === undefined || !p.row) continue;
    const updated = await trx
      .updateTable("incidents")
      .set({ call_id: p.call, updated_at: now })
      .where("id", "=", p.row.id)
      .where("open_guard", "=", 1)
      .returning("id")
      .execute();
    if (updated.length > 0) audit(p.row.id, p.row, "updated", [{ field: "call", value_old: p.row.call_id, value_new: p.call }]);
  }

  // Not a change anyone sees: the next occurrence will be a recurrence.
  const ended = plans.filter((p) => p.step.kind === "condition_ended").flatMap((p) => (p.row ? [p.row.id] : []));
  if (ended.length > 0)
    await trx.updateTable("incidents").set({ condition_ended_at: now }).where("id", "in", ended).where("condition_ended_at", "is", null).execute();

  await writeAudits(trx, audits);
}

/** One evaluation: conditions against incidents, the changes in one transaction, audited; pushes incidents.updated when something changed. */
export async function evaluateIncidents(
  db: Kysely<Database>,
  bus: PubSub | null,
  systemId: number,
  now: number,
  deviceIds: readonly number[] | null = null,
): Promise<EvaluationResult> {
  const ids = deviceIds === null ? null : [...new Set(deviceIds)];
  const { conditions, devices } = await conditionsNow(db, systemId, ids, now);
  const incidents = await relevantIncidents(db, systemId, ids);
  const latest = new Map<string, IncidentRow>();
  for (const row of incidents) {
    const key = keyOf(row.node_id, row.subject, row.source_id);
    const known = latest.get(key);
    // An open one wins over a closed one; otherwise the newest.
    if (!known || (row.open_guard === 1 && known.open_guard !== 1) || (Boolean(row.open_guard) === Boolean(known.open_guard) && row.id > known.id))
      latest.set(key, row);
  }
  const wanted = new Map(conditions.map((c) => [keyOf(c.node_id, c.subject, c.source_id), c]));
  const keys = new Set([...latest.keys(), ...wanted.keys()]);
  const result: EvaluationResult = { devices, opened: 0, changed: 0, resolved: 0 };
  const plans: Plan[] = [];
  for (const key of keys) {
    const row = latest.get(key) ?? null;
    const condition = wanted.get(key) ?? null;
    const step = engineStep(row ? episode(row) : null, condition?.severity ?? null);
    const call =
      row?.open_guard === 1 && step.kind !== "resolve" && condition && condition.call_id !== null && row.call_id !== condition.call_id
        ? condition.call_id
        : undefined;
    if (step.kind !== "none" || call !== undefined) plans.push({ row, condition, step, ...(call === undefined ? {} : { call }) });
  }
  // Short transactions of at most BATCH changes, the event loop free between them: the call path
  // (one SQLite connection) never waits for more than one batch.
  for (let i = 0; i < plans.length; i += BATCH) {
    const part = plans.slice(i, i + BATCH);
    await db.transaction().execute((trx) => applyPlans(trx, systemId, now, part, result));
    await breathe();
  }
  if (bus && result.opened + result.changed + result.resolved > 0) {
    await bus.publish(SYSTEM_MESSAGES_TOPIC, systemMessage("incidents.updated", { system_id: systemId })).catch(() => undefined);
  }
  return result;
}

/** One evaluation at a time per system: a pass and an event's evaluation never interleave. */
const queues = new Map<number, Promise<unknown>>();

export function exclusive<T>(systemId: number, run: () => Promise<T>): Promise<T> {
  const before = queues.get(systemId) ?? Promise.resolve();
  const next = before.then(run, run);
  const settled = next.catch(() => undefined);
  queues.set(systemId, settled);
  void settled.then(() => {
    if (queues.get(systemId) === settled) queues.delete(systemId);
  });
  return next;
}

export interface IncidentEngine {
  /** Devices the call system just reported on (after the call path's commit): evaluated soon, off the call path. */
  devicesReported(systemId: number, deviceIds: readonly number[]): void;
  /** One pass over every device of every system. */
  pass(): Promise<void>;
  /** Resolves when every queued evaluation has run (tests, shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** How often the pass runs: timeouts are minutes (spec §9), so a minute is soon enough. */
export const INCIDENT_PASS_INTERVAL_MS = 60_000;

export function startIncidentEngine(deps: {
  db: Kysely<Database>;
  bus: PubSub;
  now: () => number;
  log: { error(obj: unknown, msg: string): void };
  intervalMs?: number;
  /**
   * After each evaluation of a system (the e-mail notifier, docs/decisions/039): called, never
   * awaited, so nothing it does holds the engine.
   */
  onEvaluated?: (systemId: number) => void;
}): IncidentEngine {
  const evaluated = (systemId: number): void => {
    try {
      deps.onEvaluated?.(systemId);
    } catch (error) {
      deps.log.error(error, "incident follow-up failed");
    }
  };
  const pending = new Set<Promise<unknown>>();
  /** Per system, the devices reported since its queued evaluation was asked for. */
  const reported = new Map<number, Set<number>>();
  const track = (p: Promise<unknown>): void => {
    const done = p.catch((error: unknown) => deps.log.error(error, "incident evaluation failed"));
    pending.add(done);
    void done.then(() => pending.delete(done));
  };
  const pass = async (): Promise<void> => {
    const systems = await deps.db.selectFrom("systems").select("id").execute();
    for (const system of systems) {
      await exclusive(system.id, () => evaluateIncidents(deps.db, deps.bus, system.id, deps.now()));
      evaluated(system.id);
    }
  };
  let running = true;
  // A pass slower than the interval is not joined by the next one: they would only pile up.
  let passing: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (!running || passing) return;
    passing = pass().finally(() => {
      passing = null;
    });
    track(passing);
  }, deps.intervalMs ?? INCIDENT_PASS_INTERVAL_MS);
  timer.unref();
  const idle = async (): Promise<void> => {
    while (pending.size > 0) await Promise.all([...pending]);
  };
  return {
    devicesReported: (systemId, deviceIds) => {
      if (!running || deviceIds.length === 0) return;
      // Reports that arrive while an evaluation waits join it (a replayed backlog is a few evaluations, not one per batch).
      const waiting = reported.get(systemId);
      if (waiting) {
        for (const id of deviceIds) waiting.add(id);
        return;
      }
      const ids = new Set(deviceIds);
      reported.set(systemId, ids);
      track(
        exclusive(systemId, () => {
          reported.delete(systemId);
          return evaluateIncidents(deps.db, deps.bus, systemId, deps.now(), [...ids]);
        }).then(() => evaluated(systemId)),
      );
    },
    pass: async () => {
      const run = pass();
      track(run);
      await run;
    },
    idle,
    stop: async () => {
      running = false;
      clearInterval(timer);
      await idle();
    },
  };
}
