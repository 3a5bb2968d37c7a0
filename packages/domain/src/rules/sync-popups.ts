import { CONFIG_SYNC_ERROR_KEYS } from "../config-sync-error-keys.ts";
import type { DataSyncStatus } from "./commit.ts";

/** Where a popup is: the names of the matched route chain (empty when no route matched) and the user. */
export interface PopupPlace {
  /** Route names from the top-level route down, e.g. ["display", "displayCallForm"]. */
  routeNames: readonly (string | undefined)[];
  userId: number;
}

const DISPLAY_ROUTES = new Set(["display", "displayCallForm"]);
const SYNC_ROUTES = new Set(["sync", "pwaSync"]);

const onAny = (place: PopupPlace, names: ReadonlySet<string>): boolean => place.routeNames.some((name) => name !== undefined && names.has(name));

/**
 * spec "The commit popup opens when a configuration commit is underway (not on display or sync,
 * not for user id 0)."
 */
export function showCommitPopup(place: PopupPlace & { committing: boolean }): boolean {
  return place.committing && place.userId !== 0 && !onAny(place, DISPLAY_ROUTES) && !onAny(place, SYNC_ROUTES);
}

/** spec "The sync-error popup opens on a pushed error (not on display, not for user id 0)." */
export function showSyncErrorPopup(place: PopupPlace & { hasError: boolean }): boolean {
  return place.hasError && place.userId !== 0 && !onAny(place, DISPLAY_ROUTES);
}

/**
 * spec "It polls the changelog and shows the progress percentage while status is not Ready and
 * progress is above 0." The percentage to show (0..100, whole), or null for none.
 */
export function commitProgressShown(view: { status: DataSyncStatus | string | null; progress: number | null }): number | null {
  if (view.status === "ready" || view.progress === null || !Number.isFinite(view.progress) || view.progress <= 0) return null;
  return Math.min(100, Math.round(view.progress));
}

/**
 * Why a publish failed, as the server says it (the changelog's `error`, `getsconfig.commit_done`'s
 * `error`): the controller's "<code>: <detail>" or one of the server's own sentences. The i18n key
 * of the known texts (under `configSyncErrors` for the spec §8 ones, `syncPopups.failure` for the
 * server's own), and the detail that names the records (the controller's words, not translated).
 */
export function publishFailureText(error: string | null): { key: string | null; detail: string | null } {
  const text = (error ?? "").trim();
  if (text === "") return { key: null, detail: null };
  const own = SERVER_FAILURE_KEYS[text];
  if (own) return { key: `syncPopups.failure.${own}`, detail: null };
  const whole = CONFIG_SYNC_ERROR_KEYS[text];
  if (whole) return { key: `configSyncErrors.${whole}`, detail: null };
  const colon = text.indexOf(":");
  if (colon > 0) {
    const code = CONFIG_SYNC_ERROR_KEYS[text.slice(0, colon).trim()];
    const detail = text.slice(colon + 1).trim();
    if (code) return { key: `configSyncErrors.${code}`, detail: detail === "" ? null : detail };
  }
  // Unknown wording: shown as it is.
  return { key: null, detail: text };
}

/** The server's own failure sentences (apps/server config-sync.service.ts) and their keys. */
const SERVER_FAILURE_KEYS: Readonly<Record<string, string>> = {
  "publish interrupted: the call system no longer knows the job": "jobLost",
  "the call system stopped answering during the publish": "stoppedAnswering",
  "a publish is already running at the call system": "busy",
  "the call system refused the publish": "refused",
  "publish failed": "failed",
};

/** How the sync-error popup handles errors that arrive in a row (docs/decisions/036). */
export interface SyncErrorQueue<E> {
  /** The error shown: the latest. */
  latest: E;
  /** Errors received since the popup last closed, the shown one included. */
  count: number;
}

/** A pushed error replaces the shown one and is counted (the latest is the one to act on). */
export function pushSyncError<E>(queue: SyncErrorQueue<E> | null, error: E): SyncErrorQueue<E> {
  return { latest: error, count: (queue?.count ?? 0) + 1 };
}

const CREDENTIAL_KEY = /pass|secret|token|auth|credential|api_?key/i;
const REDACTED = "•••";

/**
 * The sync-error popup's details never show credentials (the server sends none; this holds if a
 * controller's answer or a future payload carried some): a URL loses its user and password, and
 * JSON values under credential-like keys are masked. Text that is not JSON is shown as it is.
 */
export function withoutCredentials(detail: { url: string; payload: string | null }): { url: string; payload: string | null } {
  return { url: urlWithoutUserInfo(detail.url), payload: detail.payload === null ? null : payloadWithoutSecrets(detail.payload) };
}

function urlWithoutUserInfo(url: string): string {
  // Not parsed with URL: it would normalise the text the technician compares with the configurator.
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, "$1");
}

function payloadWithoutSecrets(payload: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return payload;
  }
  const mask = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(mask);
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, CREDENTIAL_KEY.test(key) ? REDACTED : mask(inner)]));
    }
    return value;
  };
  return JSON.stringify(mask(parsed));
}

/** spec "configChangelog ... polled every 4000 ms with no cache while the commit popup is open". */
export const COMMIT_POPUP_POLL_MS = 4000;
/** A successful publish's result stays this long in the commit popup; a failure stays until closed (docs/decisions/036). */
export const COMMIT_DONE_VISIBLE_MS = 6000;
