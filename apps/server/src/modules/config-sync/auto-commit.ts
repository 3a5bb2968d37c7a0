import { AUTO_COMMIT_QUIET_MS, AUTO_COMMIT_RETRY_MS, isCommitting, nextAutoCommit } from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";
import { AppError } from "../../errors/app-error.ts";
import { readAppState } from "../appdata/app-state.repo.ts";
import { readSnapshotInfo } from "../calls/config-snapshot.repo.ts";
import { onConfigChanged } from "./commit-guard.ts";
import { publishConfig } from "./config-sync.service.ts";
import { onPublishEnded, publishRuns } from "./publish-runs.ts";

/** Timings of auto-commit (tests shorten them); the rule is nextAutoCommit (packages/domain). */
export const autoCommitTimings = { quietMs: AUTO_COMMIT_QUIET_MS, retryMs: AUTO_COMMIT_RETRY_MS };

/**
 * Per system with a change not yet auto-published: the context of its last change (database, bus,
 * links: what a publish needs), when it was saved, when an auto publish last failed, the timer.
 * In memory: after a restart a pending change waits for the next change or a publish by hand.
 */
interface Pending {
  ctx: RequestContext;
  lastChange: number;
  lastFailure: number | null;
  timer: NodeJS.Timeout | null;
}
const pending = new Map<number, Pending>();

function arm(systemId: number, entry: Pending, delayMs: number): void {
  if (entry.timer) clearTimeout(entry.timer);
  entry.timer = setTimeout(() => void decide(systemId), Math.max(0, delayMs));
  entry.timer.unref();
}

async function autoCommitOn(ctx: RequestContext, systemId: number): Promise<boolean> {
  const row = await ctx.db.kysely.selectFrom("systems").select("auto_commit").where("id", "=", systemId).executeTakeFirst();
  return row?.auto_commit === 1;
}

/** Applies the rule for one system now: publish, wait (timer), or forget the change. */
async function decide(systemId: number): Promise<void> {
  const entry = pending.get(systemId);
  if (!entry) return;
  entry.timer = null;
  const { ctx } = entry;
  try {
    const db = ctx.db.kysely;
    const [state, snapshot, on] = await Promise.all([readAppState(db), readSnapshotInfo(db, systemId), autoCommitOn(ctx, systemId)]);
    const now = ctx.now();
    const step = nextAutoCommit({
      autoCommit: on,
      lastChange: entry.lastChange,
      lastCommit: state.last_gets_commit,
      lastImport: snapshot?.imported_at ?? null,
      // The commit state is one for all systems: a publish of any system holds the changes of all.
      publishing:
        publishRuns.get(systemId) !== undefined || isCommitting(state.commit_started_at === null ? null : new Date(state.commit_started_at), new Date(now)),
      connected: ctx.links?.get(systemId)?.state().connected === true,
      lastFailure: entry.lastFailure,
      now,
      quietMs: autoCommitTimings.quietMs,
      retryMs: autoCommitTimings.retryMs,
    });
    if (step.action === "none") {
      // A failed one stays known, so that the same configuration is not tried again by itself.
      if (step.why !== "failed_unchanged") pending.delete(systemId);
      return;
    }
    if (step.action === "wait") return arm(systemId, entry, step.until - now);
    await publishConfig({ ...ctx, systemId, sessionHash: null, ip: "auto-commit" }, { auto: true });
  } catch (error) {
    // Refused before it started: a configuration the controller would refuse is not sent again
    // until the next change; a publish that began meanwhile, or a link that went, is asked again.
    const reason = error instanceof AppError ? error.reason : undefined;
    if (reason === "publish_running" || reason === "not_connected") arm(systemId, entry, autoCommitTimings.retryMs);
    else entry.lastFailure = ctx.now();
  }
}

onConfigChanged((ctx) => {
  const now = ctx.now();
  const entry = pending.get(ctx.systemId) ?? { ctx, lastChange: now, lastFailure: null, timer: null };
  entry.ctx = ctx;
  entry.lastChange = now;
  pending.set(ctx.systemId, entry);
  // Coalesced: every change moves the one timer; the rule reads auto_commit when it fires.
  arm(ctx.systemId, entry, autoCommitTimings.quietMs);
});

onPublishEnded((run, error) => {
  const entry = pending.get(run.system_id);
  if (entry) {
    // Changes are refused while a publish runs: a successful one took every change along.
    if (error === null) pending.delete(run.system_id);
    else if (run.auto) entry.lastFailure = entry.ctx.now();
  }
  // Changes of other systems may have waited for it (the commit state is one for all): asked again.
  for (const [systemId, other] of pending) if (systemId !== run.system_id) arm(systemId, other, 0);
});

/** Forgets every pending auto-commit (tests; a server closing). */
export function clearAutoCommits(): void {
  for (const entry of pending.values()) if (entry.timer) clearTimeout(entry.timer);
  pending.clear();
}
