import { randomUUID } from "node:crypto";
import { hasLocalEdits, SEND_STEPS, type DataSyncStatus, type SendStep } from "@caresuite/domain";
import { PublishError, type ConfigChangeLogEntry, type ControllerConfig } from "@caresuite/protocol";
import type { Kysely } from "kysely";
import type { CallSystemLink } from "../../callsystem/link.ts";
import { setImmediate as yieldToLoop } from "node:timers/promises";
import { ControllerError, JsonText } from "../../callsystem/protocol-client.ts";
import type { RequestContext } from "../../context.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import type { PubSub } from "../../realtime/pubsub.ts";
import { SYSTEM_MESSAGES_TOPIC, systemMessage, systemTreeTopic, type SystemTreeSignal } from "../../realtime/topics.ts";
import { readAppState, updateAppState } from "../appdata/app-state.repo.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { readOurConfig, readPublishBody } from "../calls/config-shape.ts";
import { readSnapshot, readSnapshotInfo, storeSnapshot, storeSnapshotText } from "../calls/config-snapshot.repo.ts";
import { checkPublishTextOffThread } from "@caresuite/protocol/validate/off-thread";
import { diffInSlices } from "./diff-in-slices.ts";
import { stringifyInSlices } from "./json-in-slices.ts";
import { theirsSnapshotOffThread } from "./theirs-off-thread.ts";
import { importControllerConfig } from "../calls/import-config.ts";
import { assertConfigEditable } from "./commit-guard.ts";
import { publishRuns, type PublishRun } from "./publish-runs.ts";

/** spec §8 "Sync timeout: configurator did not start in time". */
export const SYNC_TIMEOUT_ERROR = "configurator did not start in time";
export const RESTART_ERROR = "publish interrupted by a server restart";
export const CONTROLLER_LOST_ERROR = "publish interrupted: the call system no longer knows the job";

/** Timings of a publish (tests shorten them; startTimeoutMs is set from PUBLISH_START_TIMEOUT_S at start). */
export const publishTimings = {
  pollMs: 500,
  /** A job still at init without progress after this long never started. */
  startTimeoutMs: 60_000,
  /** spec "Publishing takes up to 10 minutes"; the commit window is 15 (COMMIT_WINDOW_SECONDS). */
  totalTimeoutMs: 14 * 60_000,
  /** Polls that may fail in a row (a controller restarting) before the publish is given up. */
  maxPollFailures: 20,
};

export const GETS_HTTP_ERROR_TOPIC = "gets-http-error";

/** spec "Sync-error message: action, checks, message, payload, url, success"; never a credential. */
export interface GetsHttpError {
  action: string;
  checks: string | null;
  message: string;
  payload: string | null;
  url: string;
  success: boolean;
}

export interface ConfigSyncInfo {
  /** The controller's revision as last fetched (null: never fetched). */
  revision: number | null;
  fetched_at: string | null;
  imported_at: string | null;
  last_commit: string | null;
  last_change: string | null;
}

export interface ConfigChangelogView {
  status: DataSyncStatus;
  error: string | null;
  progress: number;
  step: SendStep | null;
  config: ConfigSyncInfo;
  /** Compared on first use (once). */
  changelog: () => Promise<ConfigChangeLogEntry[]>;
}

const iso = (ms: number | null | undefined): string | null => (ms ? new Date(ms).toISOString() : null);

function statusOf(link: CallSystemLink | undefined, run: PublishRun | undefined, hasTheirs: boolean, differences: number, localEdits: boolean): DataSyncStatus {
  if (run) return "processing";
  if (!link) return "unknown";
  const state = link.state();
  if (!state.connected) return state.last_error?.includes("unauthorized") ? "unauthorized" : "offline";
  if (!hasTheirs) return "loading";
  if (differences === 0) return "in-sync";
  // Local edits wait for a publish; differences of the controller's wait for an import.
  return localEdits ? "needs-commit" : "ready";
}

/**
 * spec "Config changelog result: status, error, progress, config, changelog" of the request's system.
 * While a publish runs, the status is "processing" whatever the differences, so the comparison
 * (ours read and diffed: most of a second at 20,000 nodes, on the event loop the boards share) is
 * made only when the changelog itself is asked for; the commit popup's poll asks for the progress.
 */
export async function configChangelog(ctx: RequestContext): Promise<ConfigChangelogView> {
  const db = ctx.db.kysely;
  const systemId = ctx.systemId;
  // Theirs itself (megabytes at 20,000 nodes) is read only for the comparison.
  const [state, snapshot] = await Promise.all([readAppState(db), readSnapshotInfo(db, systemId)]);
  const run = publishRuns.get(systemId);
  const localEdits = hasLocalEdits({ lastChange: state.last_gets_change, lastCommit: state.last_gets_commit, lastImport: snapshot?.imported_at ?? null });
  const publishing = run ? (SEND_STEPS.indexOf(run.step) >= SEND_STEPS.indexOf("sending") ? "sent" : "submitting") : null;
  let diff: Promise<ConfigChangeLogEntry[]> | null = null;
  const changelog = (): Promise<ConfigChangeLogEntry[]> =>
    (diff ??= (async () => {
      const ours = await readOurConfig(db, systemId, snapshot?.revision ?? 0);
      await yieldToLoop();
      const theirs = snapshot ? ((await readSnapshot(db, systemId))?.theirs ?? null) : null;
      await yieldToLoop();
      return diffInSlices(ours, theirs, { localEdits, publishing });
    })());
  const differences = run ? 0 : (await changelog()).length;
  return {
    status: statusOf(ctx.links?.get(systemId), run, snapshot !== null, differences, localEdits),
    error: run ? null : state.last_commit_error,
    progress: run?.progress ?? 0,
    step: run?.step ?? null,
    config: {
      revision: snapshot?.revision ?? null,
      fetched_at: iso(snapshot?.fetched_at),
      imported_at: iso(snapshot?.imported_at),
      last_commit: iso(state.last_gets_commit),
      last_change: iso(state.last_gets_change),
    },
    changelog,
  };
}

const pushMessage = (bus: PubSub, message: ReturnType<typeof systemMessage>): Promise<void> =>
  bus.publish(SYSTEM_MESSAGES_TOPIC, message).catch(() => undefined);

/**
 * A request to the call system as a sync job (spec "getshttp.start adds a sync job,
 * getshttp.finished and getshttp.failed remove it": the sync indicator's "submitting changes").
 */
async function asSyncJob<T>(bus: PubSub, systemId: number, action: "publish" | "import", request: () => Promise<T>): Promise<T> {
  const job = { system_id: systemId, id: randomUUID(), action };
  // A publish commits itself; an import leaves ours equal to theirs: neither leaves a change behind.
  await pushMessage(bus, systemMessage("getshttp.start", { ...job, auto_commit: true }));
  try {
    const result = await request();
    await pushMessage(bus, systemMessage("getshttp.finished", job));
    return result;
  } catch (error) {
    await pushMessage(bus, systemMessage("getshttp.failed", job));
    throw error;
  }
}

function connectedLink(ctx: RequestContext): CallSystemLink {
  const link = ctx.links?.get(ctx.systemId);
  if (!link || !link.state().connected) throw new AppError("CONFLICT", "call system not connected", { reason: "not_connected" });
  return link;
}

async function pushHttpError(bus: PubSub, link: CallSystemLink, action: string, error: unknown, payload: Record<string, unknown> | null): Promise<void> {
  const message: GetsHttpError = {
    action,
    checks: error instanceof ControllerError && error.failure ? error.failure : null,
    // ControllerError messages are the failure class or the controller's refusal, never credentials.
    message: error instanceof Error ? error.message.slice(0, 300) : "unknown error",
    payload: payload === null ? null : JSON.stringify(payload),
    url: link.url(),
    success: false,
  };
  await bus.publish(GETS_HTTP_ERROR_TOPIC, message).catch(() => undefined);
}

/**
 * Import changes (theirs → ours): the controller's configuration as it runs now replaces ours,
 * audited gets_imported with the number of changed records. Returns that number.
 */
export async function importConfigChanges(ctx: RequestContext): Promise<number> {
  await assertConfigEditable(ctx);
  if (publishRuns.get(ctx.systemId)) throw new AppError("CONFLICT", "a publish of this system is running", { reason: "publish_running" });
  const link = connectedLink(ctx);
  let theirs: ControllerConfig;
  try {
    theirs = await asSyncJob(ctx.bus, ctx.systemId, "import", () => link.fetchConfig());
  } catch (error) {
    await pushHttpError(ctx.bus, link, "import", error, null);
    throw new AppError("CONFLICT", "the call system did not answer", { reason: "not_connected" });
  }
  const db = ctx.db.kysely;
  const now = ctx.now();
  await storeSnapshot(db, ctx.systemId, theirs, now, null);
  const changes = (await (await configChangelog(ctx)).changelog()).length;
  await importControllerConfig(db, ctx.systemId, theirs, now, { userId: ctx.user.id, changes });
  // Every node was replaced: open trees refetch.
  const signal: SystemTreeSignal = { system_id: ctx.systemId, ids: [] };
  await ctx.bus.publish(systemTreeTopic(ctx.systemId), signal).catch(() => undefined);
  return changes;
}

/**
 * Publish: our whole configuration of the request's system, checked first with the controller's
 * own validation, sent, then followed in the background until done or failed (system messages
 * getsconfig.*). One per system at a time; configuration changes wait (commit-guard.ts).
 */
export async function publishConfig(ctx: RequestContext, options: { auto?: boolean } = {}): Promise<boolean> {
  const systemId = ctx.systemId;
  const db = ctx.db.kysely;
  const link = connectedLink(ctx);
  const now = ctx.now();
  const run = publishRuns.claim(systemId, now, options.auto ?? false);
  if (!run) throw new AppError("CONFLICT", "a publish of this system is running", { reason: "publish_running" });
  let jobId: string;
  try {
    const snapshot = await readSnapshotInfo(db, systemId);
    // With the hub passwords entered here (docs/decisions/032): for the controller only.
    const { revision: _revision, ...body } = await readPublishBody(db, systemId, snapshot?.revision ?? 0);
    // 20,000 nodes: serialised once (between turns of the event loop), validated in a worker
    // thread, so that calls keep reaching the boards meanwhile (bench/publish.ts).
    await yieldToLoop();
    const text = new JsonText(await stringifyInSlices(body));
    const checked = await checkPublishTextOffThread({ body: text.text, now: new Date(now).toISOString(), content: false });
    if (!checked.ok) {
      // Our own body not matching the protocol is our defect, not the administrator's.
      if ("malformed" in checked) throw new Error(`the publish body does not match the protocol: ${JSON.stringify(checked.malformed.slice(0, 3))}`);
      const error = new PublishError(checked.code, checked.detail);
      await updateAppState(db, { last_commit_error: error.message }, now);
      throw new AppError("VALIDATION", error.message, {
        reason: "config_invalid",
        fields: { config: [{ message: error.code, data: { detail: error.detail } }] },
      });
    }
    await updateAppState(db, { commit_started_at: now, last_commit_error: null }, now);
    await pushMessage(ctx.bus, systemMessage("getsconfig.commit", { system_id: systemId }));
    try {
      jobId = await asSyncJob(ctx.bus, systemId, "publish", () => link.publish(text));
    } catch (error) {
      await pushHttpError(ctx.bus, link, "publish", error, { system_id: systemId });
      const busy = error instanceof ControllerError && error.status === 409;
      await endPublish(ctx, run, busy ? "a publish is already running at the call system" : "the call system refused the publish");
      throw new AppError("CONFLICT", busy ? "a publish is already running at the call system" : "the call system refused the publish", {
        reason: busy ? "publish_running" : "publish_refused",
      });
    }
  } catch (error) {
    if (publishRuns.get(systemId) === run) publishRuns.release(systemId);
    throw error;
  }
  run.job_id = jobId;
  void followPublish(ctx, link, run);
  return true;
}

/** Ends a publish: commit state cleared, the result pushed; a success becomes the last commit. */
async function endPublish(ctx: RequestContext, run: PublishRun, error: string | null, revision?: number): Promise<void> {
  const db = ctx.db.kysely;
  const now = ctx.now();
  try {
    if (error === null) {
      await updateAppState(db, { commit_started_at: null, last_gets_commit: now, last_commit_error: null }, now);
      await writeAudit(db, {
        systemId: run.system_id,
        // An auto-commit is nobody's: the change it publishes is audited with its author.
        userId: run.auto ? null : ctx.user.id,
        now,
        entityType: "systemparams",
        entityId: run.system_id,
        action: "gets_committed",
        meta: { revision: revision ?? null, job_id: run.job_id, auto_commit: run.auto },
      });
    } else {
      await updateAppState(db, { commit_started_at: null, last_commit_error: error }, now);
    }
  } finally {
    publishRuns.release(run.system_id);
    publishRuns.ended(run, error);
    await pushMessage(ctx.bus, systemMessage("getsconfig.commit_done", { system_id: run.system_id, result: error === null ? "done" : "failed", error }));
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** Follows a started job to its end (exported for the timeout test). */
export async function followPublish(ctx: RequestContext, link: CallSystemLink, run: PublishRun): Promise<void> {
  const jobId = run.job_id ?? "";
  const started = Date.now();
  let failures = 0;
  try {
    for (;;) {
      await sleep(publishTimings.pollMs);
      let job;
      try {
        job = await link.publishJob(jobId);
        failures = 0;
      } catch (error) {
        if (error instanceof ControllerError && error.status === 404) return await endPublish(ctx, run, CONTROLLER_LOST_ERROR);
        failures += 1;
        if (failures >= publishTimings.maxPollFailures) {
          await pushHttpError(ctx.bus, link, "publish_status", error, { job_id: jobId });
          return await endPublish(ctx, run, "the call system stopped answering during the publish");
        }
        continue;
      }
      const step = (SEND_STEPS as readonly string[]).includes(job.step) ? (job.step as SendStep) : run.step;
      if (step !== run.step || job.progress !== run.progress) {
        run.step = step;
        run.progress = Math.max(0, Math.min(100, Math.round(job.progress)));
        await pushMessage(ctx.bus, systemMessage("getsconfig.progress", { system_id: run.system_id, step, progress: run.progress }));
      }
      if (step === "done") {
        // Theirs is now ours: kept at once, so the changelog is in sync before config.changed arrives.
        // Changes were refused while it ran, so ours is what the controller now runs: theirs
        // counts as imported, and the re-import config.changed asks for finds nothing to do.
        // Parsed and normalised off the event loop: 20,000 nodes would hold the boards (bench/publish.ts).
        const theirs = await link
          .fetchConfigText()
          .then((text) => theirsSnapshotOffThread({ text, systemId: run.system_id }))
          .catch(() => null);
        if (theirs) {
          const at = ctx.now();
          await storeSnapshotText(ctx.db.kysely, run.system_id, theirs, at, at);
          // The import config.changed asked for (left while the publish ran) is done with it.
          await ctx.db.kysely
            .updateTable("callsystem_links")
            .set({ config_revision: theirs.revision, imported_at: at, updated_at: at })
            .where("system_id", "=", run.system_id)
            .execute();
        }
        return await endPublish(ctx, run, null, job.revision);
      }
      if (step === "failed") return await endPublish(ctx, run, job.detail ? `${job.error ?? "failed"}: ${job.detail}` : (job.error ?? "failed"));
      const elapsed = Date.now() - started;
      if (step === "init" && run.progress === 0 && elapsed > publishTimings.startTimeoutMs) return await endPublish(ctx, run, SYNC_TIMEOUT_ERROR);
      if (elapsed > publishTimings.totalTimeoutMs) return await endPublish(ctx, run, SYNC_TIMEOUT_ERROR);
    }
  } catch {
    if (publishRuns.get(run.system_id) === run) await endPublish(ctx, run, "publish failed").catch(() => undefined);
  }
}

/**
 * At start-up, before listening: a commit start stored without a live job is a publish a restart
 * interrupted. The controller swaps a configuration in whole at its last step, so it still runs
 * the previous one; the commit state is cleared and the error kept for the changelog.
 */
export async function markInterruptedPublish(db: Kysely<Database>, now: number): Promise<boolean> {
  const state = await readAppState(db);
  if (state.commit_started_at === null || publishRuns.any()) return false;
  await updateAppState(db, { commit_started_at: null, last_commit_error: RESTART_ERROR }, now);
  return true;
}
