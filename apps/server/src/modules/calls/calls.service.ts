import { entityTables } from "../entities/entity-tables.ts";
import { canCloseCallManually, hasPermission } from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";
import { AppError } from "../../errors/app-error.ts";
import { DEVICE_ACTIONS, type DeviceAction } from "@caresuite/protocol";
import { isControllerRefusal, refusalMessage } from "../../callsystem/protocol-client.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { requireVisibleSystem } from "../display/anonymous-systems.ts";
import { requireVisibleNode } from "../systemtree/node-access.ts";
import { queryCallLog, type CallLogAnswer, type CallLogFilter } from "./call-log.service.ts";
import { loadCalls, type CallView } from "./calls.repo.ts";
import type { OpenCallsReader } from "./open-calls-cache.ts";

/**
 * spec §7 "callsChanged(override_system)": another system than the context's, if it exists and
 * the caller may read it (anonymous visitors: docs/decisions/010); else NOT_FOUND
 * system_unavailable. Numbers that name no system never reach the open-calls cache.
 */
export function targetSystem(ctx: RequestContext, overrideSystem: number | null | undefined): Promise<number> {
  return requireVisibleSystem(ctx, overrideSystem ?? ctx.systemId);
}

/** One call, open or closed, of the target system (the call form). */
export async function callById(ctx: RequestContext, overrideSystem: number | null | undefined, id: number): Promise<CallView> {
  const [call] = await loadCalls(ctx.db.kysely, await targetSystem(ctx, overrideSystem), { ids: [id] }, ctx.now(), false);
  if (!call) throw new AppError("NOT_FOUND", `call ${id} not found`);
  return call;
}

/** The call log of the target system (call-log.service.ts queryCallLog). */
export async function callLog(ctx: RequestContext, overrideSystem: number | null | undefined, filter: CallLogFilter): Promise<CallLogAnswer> {
  return queryCallLog(ctx, await targetSystem(ctx, overrideSystem), filter);
}

/**
 * The sections a call log user may filter by (spec route /log needs calllog::use_module only; the
 * admin's sections list needs admin::manage_system): id and name, by name.
 */
export async function callLogSections(ctx: RequestContext, overrideSystem: number | null | undefined): Promise<{ id: number; name: string }[]> {
  const systemId = await targetSystem(ctx, overrideSystem);
  const rows = await entityTables(ctx.db.kysely)
    .selectFrom("sections")
    .select(["id", "name"])
    .where("system_id", "=", systemId)
    .orderBy("name")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name ?? "" }));
}

export function openCalls(ctx: RequestContext, systemId: number, reader: OpenCallsReader = "request"): Promise<CallView[]> {
  return ctx.openCalls.get(systemId, reader);
}

/**
 * The open calls now, then again after every change (ARCHITECTURE «Call path guarantees»: "first payload = the full
 * current list"). Signals that arrive while a list is being built collapse into one rebuild.
 *
 * Not a plain async generator: a generator waiting for the next change would only see the
 * client's unsubscribe (return()) at that change, keeping its listener on a quiet system. Here
 * return() ends the signals first, which wakes the waiting loop so it finishes at once.
 */
export function openCallsChanges(ctx: RequestContext, systemId: number): AsyncGenerator<CallView[]> {
  const signals = ctx.openCalls.changes(systemId);
  const lists = followChanges(ctx, systemId, signals);
  const iterator: AsyncGenerator<CallView[]> = {
    next: () => lists.next(),
    return: async (value) => {
      await signals.return(undefined);
      return lists.return(value);
    },
    throw: async (error: unknown) => {
      await signals.return(undefined);
      return lists.throw(error);
    },
    [Symbol.asyncIterator]: () => iterator,
    [Symbol.asyncDispose]: async () => {
      await iterator.return(undefined);
    },
  };
  return iterator;
}

async function* followChanges(ctx: RequestContext, systemId: number, signals: AsyncGenerator<unknown>): AsyncGenerator<CallView[]> {
  const state: { pending: boolean; done: boolean; wake: (() => void) | null } = { pending: false, done: false, wake: null };
  void (async () => {
    for await (const _signal of signals) {
      state.pending = true;
      state.wake?.();
    }
    state.done = true;
    state.wake?.();
  })();
  try {
    yield await openCalls(ctx, systemId, "subscriber");
    for (;;) {
      if (!state.pending && !state.done) await new Promise<void>((resolve) => (state.wake = resolve));
      state.wake = null;
      if (state.done) return;
      state.pending = false;
      yield await openCalls(ctx, systemId, "subscriber");
    }
  } finally {
    await signals.return(undefined);
  }
}

/**
 * spec §7 "sendDeviceAction(action{action EndCalls, deviceID, sectionID}) returns success": goes
 * down the link to the controller; the call disappears when the controller reports it closed.
 */
export async function sendDeviceAction(
  ctx: RequestContext,
  input: { action: string; deviceID: number; sectionID?: number | null },
): Promise<{ success: boolean }> {
  if (!(DEVICE_ACTIONS as readonly string[]).includes(input.action)) {
    throw new AppError("VALIDATION", "unknown action", { fields: { action: [{ message: "validation.one_option_required", data: { field: "action" } }] } });
  }
  const action = input.action as DeviceAction;
  if (action === "EndCalls") {
    const calls = (await openCalls(ctx, ctx.systemId)).filter((c) => c.number === input.deviceID);
    if (calls.length === 0) throw new AppError("NOT_FOUND", "no open call at this device");
    if (!calls.some((call) => canCloseCallManually(ctx.user, call))) throw new AppError("MISSING_PERMISSION", "Access denied");
  } else if (!hasPermission(ctx.user, "systemtree::trigger_device_actions")) {
    throw new AppError("MISSING_PERMISSION", "Access denied");
  } else {
    await requireVisibleNode(ctx, input.deviceID);
  }
  const link = ctx.links?.get(ctx.systemId);
  if (!link || !link.state().connected) throw new AppError("CONFLICT", "call system not connected", { reason: "not_connected" });
  let success: boolean;
  try {
    success = await link.sendAction(input.deviceID, action, input.sectionID ?? null);
  } catch (error) {
    // An unknown device is the caller's mistake, answered as such (never INTERNAL).
    if (isControllerRefusal(error)) throw new AppError("NOT_FOUND", refusalMessage(error));
    throw error;
  }
  await writeAudit(ctx.db.kysely, {
    systemId: ctx.systemId,
    userId: ctx.user.id || null,
    now: ctx.now(),
    entityType: "systemtree",
    entityId: input.deviceID,
    action: "updated",
    meta: { device_action: action, section_id: input.sectionID ?? null, success },
  });
  return { success };
}

/** spec: the close-call flow ends with "marks it manually closed": records who closed it. */
export async function markCallAsManuallyClosedByUser(ctx: RequestContext, id: number): Promise<CallView> {
  const [call] = await loadCalls(ctx.db.kysely, ctx.systemId, { ids: [id] }, ctx.now());
  if (!call) throw new AppError("NOT_FOUND", `call ${id} not found`);
  if (!canCloseCallManually(ctx.user, call)) throw new AppError("MISSING_PERMISSION", "Access denied");
  if (!call.is_closed) throw new AppError("CONFLICT", "the call is still open in the call system", { reason: "still_open" });
  await ctx.db.kysely.updateTable("calls").set({ manually_closed_by_username: ctx.user.username }).where("id", "=", id).execute();
  return { ...call, manually_closed_by_username: ctx.user.username };
}
