import { REACHABILITY_HISTORY_DAYS } from "@caresuite/domain";
import { EVENT_DATA_SCHEMAS, type EventDataMap, type EventEnvelope } from "@caresuite/protocol";
import type { Kysely } from "kysely";
import type { ApplyOutcome } from "../../callsystem/link-handlers.ts";
import type { Database } from "../../db/schema.ts";
import { entityTables } from "../entities/entity-tables.ts";

/**
 * Applies one controller event (docs/protocol.md "Events") idempotently, in ONE transaction with
 * the link's position (ARCHITECTURE «Call path guarantees»): an event whose seq is not above the last applied one is a
 * duplicate and changes nothing; otherwise its effect and the new position commit together, so a
 * crash either keeps both or neither, and the controller's replay from the position fills the gap.
 */

/**
 * The events that change what we store, and hub printer messages, which are not stored but passed
 * on to their subscribers after the commit (modules/hubs). presence.on marks the open calls of its
 * room with the time staff came (the call log's response time); presence.off changes nothing stored.
 */
const APPLIED = [
  "call.opened",
  "call.closed",
  "presence.on",
  "device.battery",
  "device.reachability",
  "checkpoint.defect",
  "config.changed",
  "hub.status",
  "hub.printer",
] as const;
type AppliedType = (typeof APPLIED)[number];
const isApplied = (type: string): type is AppliedType => (APPLIED as readonly string[]).includes(type);

async function openCall(trx: Kysely<Database>, systemId: number, journalId: string, seq: number, data: EventDataMap["call.opened"]): Promise<void> {
  const [node, type, source, section] = await Promise.all([
    trx
      .selectFrom("system_tree_nodes")
      .select(["text_short", "text_long"])
      .where("system_id", "=", systemId)
      .where("id", "=", data.device_id)
      .executeTakeFirst(),
    entityTables(trx).selectFrom("call_types").select(["name"]).where("system_id", "=", systemId).where("id", "=", data.call_type_id).executeTakeFirst(),
    data.call_source_id === null
      ? undefined
      : entityTables(trx)
          .selectFrom("call_sources")
          .select(["char", "number", "text"])
          .where("system_id", "=", systemId)
          .where("id", "=", data.call_source_id)
          .executeTakeFirst(),
    data.section_id === null
      ? undefined
      : entityTables(trx).selectFrom("sections").select(["name"]).where("system_id", "=", systemId).where("id", "=", data.section_id).executeTakeFirst(),
  ]);
  await trx
    .insertInto("calls")
    .values({
      system_id: systemId,
      journal_id: journalId,
      external_id: data.call_id,
      device_id: data.device_id,
      call_type_id: data.call_type_id,
      call_source_id: data.call_source_id,
      section_id: data.section_id,
      opened_at: Date.parse(data.opened_at),
      closed_at: null,
      close_reason: null,
      manually_closed_by_username: null,
      handled_by_app_username: null,
      call_type_text: String(type?.name ?? "").slice(0, 50),
      call_source_text: String(source?.text ?? "").slice(0, 50),
      device_text_short: node?.text_short ?? "",
      device_text_long: node?.text_long ?? "",
      section_name: String(section?.name ?? "").slice(0, 50),
      seq,
    })
    .onConflict((oc) => oc.columns(["system_id", "journal_id", "external_id"]).doNothing())
    .execute();
}

/** The parent chain is at most ten deep (spec §9 "parent chain depth 10"). */
const MAX_DEPTH = 10;

/**
 * Staff presence at a device: every open call of its room (the nearest room above it, as the
 * controller scopes presence; docs/protocol.md "presence") gets presence_at, once.
 */
async function recordPresence(trx: Kysely<Database>, systemId: number, deviceId: number, at: number): Promise<void> {
  let scope = deviceId;
  let current: number | null = deviceId;
  for (let depth = 0; current !== null && depth <= MAX_DEPTH; depth++) {
    const node = await trx
      .selectFrom("system_tree_nodes")
      .select(["id", "kind", "parent_id"])
      .where("system_id", "=", systemId)
      .where("id", "=", current)
      .executeTakeFirst();
    if (!node) break;
    if (node.kind === "room") {
      scope = node.id;
      break;
    }
    current = node.parent_id;
  }
  await trx
    .withRecursive("scope(id)", (qb) =>
      qb
        .selectFrom("system_tree_nodes")
        .select("id")
        .where("system_id", "=", systemId)
        .where("id", "=", scope)
        .unionAll((u) =>
          u.selectFrom("system_tree_nodes as n").innerJoin("scope", "scope.id", "n.parent_id").select("n.id").where("n.system_id", "=", systemId),
        ),
    )
    .updateTable("calls")
    .set({ presence_at: at })
    .where("system_id", "=", systemId)
    .where("closed_at", "is", null)
    .where("presence_at", "is", null)
    .where((eb) => eb.or([eb("device_id", "=", deviceId), eb("device_id", "in", eb.selectFrom("scope").select("scope.id"))]))
    .execute();
}

/** spec §9 "Reachability shown for 14 days": periods that ended before are not kept. */
const REACHABILITY_KEPT_MS = REACHABILITY_HISTORY_DAYS * 86_400_000;

/**
 * A device's reachability history: a change of state closes the open period and opens the next;
 * a report of the state it is in changes nothing. Periods that ended more than 14 days ago go.
 */
async function recordReachability(trx: Kysely<Database>, systemId: number, deviceId: number, reachable: boolean, at: number): Promise<void> {
  const open = await trx
    .selectFrom("device_reachability_history")
    .select(["id", "reachable"])
    .where("system_id", "=", systemId)
    .where("node_id", "=", deviceId)
    .where("to_at", "is", null)
    .orderBy("from_at", "desc")
    .executeTakeFirst();
  if (open && (open.reachable === 1) === reachable) return;
  if (open) await trx.updateTable("device_reachability_history").set({ to_at: at }).where("id", "=", open.id).execute();
  await trx
    .insertInto("device_reachability_history")
    .values({ system_id: systemId, node_id: deviceId, from_at: at, to_at: null, reachable: reachable ? 1 : 0 })
    .execute();
  await trx
    .deleteFrom("device_reachability_history")
    .where("system_id", "=", systemId)
    .where("to_at", "<", at - REACHABILITY_KEPT_MS)
    .execute();
}

/** The link's row as the batch found it: journal, position, the revision of the last import. */
interface LinkRow {
  journalId: string;
  position: number;
  configRevision: number | null;
}

/** One event inside the batch's transaction. */
async function applyOne(trx: Kysely<Database>, systemId: number, link: LinkRow, event: EventEnvelope): Promise<ApplyOutcome> {
  const { journalId, position } = link;
  if (event.seq <= position) return "duplicate";
  if (!isApplied(event.type)) return "ignored";
  const parsed = EVENT_DATA_SCHEMAS[event.type].safeParse(event.data);
  if (!parsed.success) return "malformed";
  if (event.type === "call.opened") {
    await openCall(trx, systemId, journalId, event.seq, parsed.data as EventDataMap["call.opened"]);
  } else if (event.type === "call.closed") {
    const data = parsed.data as EventDataMap["call.closed"];
    await trx
      .updateTable("calls")
      .set({ closed_at: Date.parse(data.closed_at), close_reason: data.reason })
      .where("system_id", "=", systemId)
      .where("journal_id", "=", journalId)
      .where("external_id", "=", data.call_id)
      .where("closed_at", "is", null)
      .execute();
  } else if (event.type === "presence.on") {
    const data = parsed.data as EventDataMap["presence.on"];
    await recordPresence(trx, systemId, data.device_id, Date.parse(event.at));
  } else if (event.type === "device.battery") {
    const data = parsed.data as EventDataMap["device.battery"];
    await trx
      .updateTable("system_tree_nodes")
      .set({ battery: data.battery, battery_reported_at: Date.parse(event.at) })
      .where("system_id", "=", systemId)
      .where("id", "=", data.device_id)
      .execute();
  } else if (event.type === "device.reachability") {
    const data = parsed.data as EventDataMap["device.reachability"];
    await trx
      .updateTable("system_tree_nodes")
      .set({ reachable: data.reachable ? 1 : 0, ...(data.reachable ? { last_reachable_at: Date.parse(event.at) } : {}) })
      .where("system_id", "=", systemId)
      .where("id", "=", data.device_id)
      .execute();
    await recordReachability(trx, systemId, data.device_id, data.reachable, Date.parse(event.at));
  } else if (event.type === "checkpoint.defect") {
    // The flag as a level (the incident engine's Defect source): a row while it is set, since its
    // first report; a replayed "set" keeps that time, a "cleared" removes the row.
    const data = parsed.data as EventDataMap["checkpoint.defect"];
    if (data.defect)
      await trx
        .insertInto("checkpoint_defects")
        .values({ system_id: systemId, number: data.checkpoint, since: Date.parse(event.at) })
        .onConflict((oc) => oc.columns(["system_id", "number"]).doNothing())
        .execute();
    else await trx.deleteFrom("checkpoint_defects").where("system_id", "=", systemId).where("number", "=", data.checkpoint).execute();
  } else if (event.type === "hub.status") {
    // spec "Hub: ... status, last_sync": reported by the hub through the controller.
    const data = parsed.data as EventDataMap["hub.status"];
    await entityTables(trx)
      .updateTable("hubs")
      .set({ status: data.status, last_sync: data.last_sync === null ? null : new Date(Date.parse(data.last_sync)).toISOString() })
      .where("system_id", "=", systemId)
      .where("id", "=", data.hub_id)
      .execute();
  } else if (event.type === "config.changed") {
    // docs/protocol.md: "On config.changed: GET /api/config to import the new revision". Marked
    // due with the position (imported_at null), so a failed or cut-short import after the commit
    // is done on the next connection instead of being lost with the event. The revision imported
    // already is no change: a fresh controller announces revision 1, which the first import brought.
    const data = parsed.data as EventDataMap["config.changed"];
    if (data.revision !== link.configRevision) await trx.updateTable("callsystem_links").set({ imported_at: null }).where("system_id", "=", systemId).execute();
  }
  return "applied";
}

/**
 * Applies events in order in ONE transaction together with the link's new position. Events that
 * arrive together (a replay after a reconnect) share one commit, which keeps catching up fast;
 * live events arrive one by one and commit one by one. A malformed or unknown event can never
 * become valid on replay: the position moves past it (the caller logs and counts it).
 */
export async function applyControllerEvents(db: Kysely<Database>, systemId: number, events: readonly EventEnvelope[], now: number): Promise<ApplyOutcome[]> {
  return db.transaction().execute(async (trx) => {
    const link = await trx
      .selectFrom("callsystem_links")
      .select(["last_seq", "journal_id", "config_revision"])
      .where("system_id", "=", systemId)
      .executeTakeFirst();
    const journalId = link?.journal_id ?? "";
    let position = link?.last_seq ?? 0;
    const outcomes: ApplyOutcome[] = [];
    for (const event of events) {
      const outcome = await applyOne(trx, systemId, { journalId, position, configRevision: link?.config_revision ?? null }, event);
      outcomes.push(outcome);
      if (outcome !== "duplicate") position = event.seq;
    }
    if (position !== (link?.last_seq ?? 0) || !link) {
      await trx
        .insertInto("callsystem_links")
        .values({ system_id: systemId, last_seq: position, last_event_at: now, config_revision: null, imported_at: null, updated_at: now })
        .onConflict((oc) => oc.column("system_id").doUpdateSet({ last_seq: position, last_event_at: now, updated_at: now }))
        .execute();
    }
    return outcomes;
  });
}

/** Applies one event (a batch of one); the caller acknowledges it only after this resolves. */
export async function applyControllerEvent(db: Kysely<Database>, systemId: number, event: EventEnvelope, now: number): Promise<ApplyOutcome> {
  const [outcome] = await applyControllerEvents(db, systemId, [event], now);
  return outcome ?? "duplicate";
}
