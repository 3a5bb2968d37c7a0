import type { KeyObject } from "node:crypto";
import { UPDATE_PACKAGE_MAX_BYTES, canStartUpdate, updateProgress, type UpdateState } from "@caresuite/domain";
import type { Config } from "../../config.ts";
import type { RequestContext } from "../../context.ts";
import { AppError } from "../../errors/app-error.ts";
import { translate, type MessageKey } from "../../i18n/messages.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { readUpload, type UploadedFile } from "../files/file-store.ts";
import { currentRelease, pruneReleases, readUpdate, runningVersion, stageRelease, switchRelease, writeUpdate, type StoredUpdate } from "./releases.ts";
import { BUNDLED_UPDATE_KEY_FILE, loadUpdateKey, verifyUpdatePackage } from "./update-package.ts";

/**
 * Signed updates of /admin/updates (docs/decisions/043-signed-updates.md): an upload is verified
 * and unpacked into DATA_DIR/releases/<version> (state available); installing switches the release
 * pointer and asks the supervisor for a restart (in progress); the new process marks it done at
 * start-up. The supervisor (supervisor.ts) rolls back to the previous release when the new one
 * does not come up (error) or not within 5 minutes (timeout).
 */

/** What /admin/updates shows. */
export interface UpdateView {
  running_version: string;
  state: UpdateState | null;
  /** spec: "Restart slower than usual". */
  slow: boolean;
  to_version: string | null;
  from_version: string | null;
  started_at: number | null;
  /** `updates.*` message key of a failed update. */
  error: string | null;
  /** A supervisor restarts the server: an update can be installed. */
  supervised: boolean;
}

let restartHandler: (() => void) | null = null;

/** main.ts registers how the process restarts (only when a supervisor runs it); tests register a fake. */
export function setRestartHandler(handler: (() => void) | null): void {
  restartHandler = handler;
}

const loadedKeys = new Map<string, KeyObject>();

/** The key that verifies packages; null when production would have to trust the development key. */
export function trustedUpdateKey(config: Pick<Config, "UPDATE_PUBLIC_KEY_FILE" | "production">): KeyObject | null {
  const file = config.UPDATE_PUBLIC_KEY_FILE ?? BUNDLED_UPDATE_KEY_FILE;
  const id = String(file);
  let key = loadedKeys.get(id);
  if (!key) {
    key = loadUpdateKey(file);
    loadedKeys.set(id, key);
  }
  const development = key.equals(loadUpdateKey(BUNDLED_UPDATE_KEY_FILE));
  return development && config.production ? null : key;
}

function refusal(ctx: RequestContext, key: MessageKey, data: Record<string, unknown> = {}, code: "VALIDATION" | "CONFLICT" = "VALIDATION"): AppError {
  return new AppError(code, translate(key, ctx.locale, data), {
    reason: key,
    fields: code === "VALIDATION" ? { file: [{ message: key, data: { field: "file", ...data } }] } : undefined,
  });
}

export function viewOf(record: StoredUpdate | null, version: string, now: number): UpdateView {
  const progress = record ? updateProgress(record, version, now) : null;
  return {
    running_version: version,
    state: progress?.state ?? null,
    slow: progress?.slow ?? false,
    to_version: record?.to_version ?? null,
    from_version: record?.from_version ?? null,
    started_at: record?.started_at ?? null,
    error: record?.error ?? null,
    supervised: restartHandler !== null,
  };
}

export function updateStatus(ctx: RequestContext): UpdateView {
  return viewOf(readUpdate(ctx.config.DATA_DIR), runningVersion(), ctx.now());
}

/**
 * Verifies and stages a package. Refused before anything is written: too big, not a package,
 * unsigned, a bad signature or manifest, a payload that does not match, the running version, or
 * while an update is in progress.
 */
export async function uploadUpdatePackage(ctx: RequestContext, upload: Promise<UploadedFile>): Promise<UpdateView> {
  // Read first, whatever comes next: an unread file part would hold the request open.
  const read = await readUpload(upload, UPDATE_PACKAGE_MAX_BYTES);
  const dataDir = ctx.config.DATA_DIR;
  const version = runningVersion();
  const previous = readUpdate(dataDir);
  if (!canStartUpdate(previous ? updateProgress(previous, version, ctx.now()) : null)) throw refusal(ctx, "updates.in_progress", {}, "CONFLICT");
  if (!read.ok) {
    throw read.reason === "too_big"
      ? refusal(ctx, "updates.too_big", { max: `${UPDATE_PACKAGE_MAX_BYTES / (1024 * 1024)} MB` })
      : refusal(ctx, "updates.not_a_package");
  }
  const key = trustedUpdateKey(ctx.config);
  if (!key) throw refusal(ctx, "updates.untrusted_key", {}, "CONFLICT");
  const verified = verifyUpdatePackage(read.content, key);
  if (!verified.ok) throw refusal(ctx, `updates.${verified.reason}`);
  const { manifest } = verified;
  if (manifest.version === version) throw refusal(ctx, "updates.same_version", { version });
  try {
    stageRelease(dataDir, manifest.version, verified.payload, manifest.created_at);
  } catch {
    throw refusal(ctx, "updates.unpack_failed");
  }
  const record: StoredUpdate = {
    state: "available",
    to_version: manifest.version,
    from_version: version,
    from_release: currentRelease(dataDir),
    started_at: null,
    error: null,
    failed_starts: 0,
  };
  writeUpdate(dataDir, record);
  await writeAudit(ctx.db.kysely, {
    systemId: null,
    userId: ctx.user.id,
    now: ctx.now(),
    entityType: "update",
    entityId: null,
    action: "uploaded",
    meta: { version: manifest.version, created_at: manifest.created_at, payload_sha256: manifest.payload_sha256 },
  });
  return viewOf(record, version, ctx.now());
}

/**
 * Installs the available update: the record goes to in progress (its start is the timeout's
 * origin), the pointer to the new release, and the supervisor restarts the server into it.
 */
export async function installUpdate(ctx: RequestContext): Promise<UpdateView> {
  const dataDir = ctx.config.DATA_DIR;
  const version = runningVersion();
  const record = readUpdate(dataDir);
  if (!record || record.state !== "available") throw refusal(ctx, "updates.nothing_available", {}, "CONFLICT");
  const restart = restartHandler;
  if (!restart) throw refusal(ctx, "updates.no_supervisor", {}, "CONFLICT");
  const now = ctx.now();
  const next: StoredUpdate = {
    ...record,
    state: "in_progress",
    started_at: now,
    from_version: version,
    from_release: currentRelease(dataDir),
    failed_starts: 0,
  };
  await writeAudit(ctx.db.kysely, {
    systemId: null,
    userId: ctx.user.id,
    now,
    entityType: "update",
    entityId: null,
    action: "installed",
    meta: { from_version: version, to_version: record.to_version },
  });
  writeUpdate(dataDir, next);
  switchRelease(dataDir, record.to_version);
  // After the answer has left: the browser shows "in progress" before its socket closes.
  setTimeout(restart, 200).unref();
  return viewOf(next, version, now);
}

/**
 * Once the server listens: an update in progress whose version this process runs is done. Then
 * the release folders beyond this one and its rollback target go (pruneReleases; recorded in
 * `removed_releases`). Returns the finished record (main.ts then announces the restart with the
 * new version).
 */
export function settleUpdateAtStart(dataDir: string, version: string, appRoot?: string): StoredUpdate | null {
  const record = readUpdate(dataDir);
  if (!record || record.state !== "in_progress" || record.to_version !== version) return null;
  const done: StoredUpdate = { ...record, state: "done", error: null };
  writeUpdate(dataDir, done);
  // Done first: a prune that fails or is cut short never turns a good update into a failed one.
  const removed = pruneReleases(dataDir, [version, done.from_release], appRoot === undefined ? {} : { appRoot });
  if (removed.length === 0) return done;
  const recorded: StoredUpdate = { ...done, removed_releases: removed };
  writeUpdate(dataDir, recorded);
  return recorded;
}
