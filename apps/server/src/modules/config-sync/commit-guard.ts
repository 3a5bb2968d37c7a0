import { isCommitting } from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";
import { AppError } from "../../errors/app-error.ts";
import { SYSTEM_MESSAGES_TOPIC, systemMessage } from "../../realtime/topics.ts";
import { readAppState, updateAppState } from "../appdata/app-state.repo.ts";

/** spec: "Publishing takes up to 10 minutes and blocks other changes." The answer's reason (api-contract CONFIG_SYNC_REASONS). */
export const COMMITTING_MESSAGE = "the configuration is being published; changes are possible again when it is done";

/**
 * The one check every configuration change passes first (system tree, registry entities,
 * display group overrides): refused while a publish runs (spec "Committing: the commit-start time
 * is less than 15 minutes old").
 */
export async function assertConfigEditable(ctx: RequestContext): Promise<void> {
  const state = await readAppState(ctx.db.kysely);
  if (isCommitting(state.commit_started_at === null ? null : new Date(state.commit_started_at), new Date(ctx.now()))) {
    throw new AppError("CONFLICT", COMMITTING_MESSAGE, { reason: "config_committing" });
  }
}

const changeListeners = new Set<(ctx: RequestContext) => void>();

/** Called after every saved configuration change (auto-commit.ts schedules its publish). */
export function onConfigChanged(listener: (ctx: RequestContext) => void): void {
  changeListeners.add(listener);
}

/** After a configuration change: it differs from the controller's until the next commit (spec "Every saved change writes last_gets_change"). */
export async function markConfigChanged(ctx: RequestContext): Promise<void> {
  const now = ctx.now();
  await updateAppState(ctx.db.kysely, { last_gets_change: now }, now);
  // Every open browser's sync indicator, not only the saving one's (docs/decisions/026).
  const pushed = systemMessage("getsconfig.changed", { system_id: ctx.systemId, changed_at: new Date(now).toISOString() });
  await ctx.bus.publish(SYSTEM_MESSAGES_TOPIC, pushed).catch(() => undefined);
  for (const listener of changeListeners) listener(ctx);
}
