import {
  CLOSE_CALL_POLL_ATTEMPTS,
  CLOSE_CALL_POLL_INTERVAL_MS,
  DISPLAY_RELOAD_INTERVAL_MS,
  FULLSCREEN_AUTOSTART_WINDOW_MS,
  PRESENCE_OVERFLOW_RESET_MS,
  VIDEO_STREAM_APPEAR_DELAY_MS,
  VIDEO_STREAM_AUTO_CLOSE_MS,
} from "../constants.ts";

/** Rules of the board's side parts: presence column, video windows, reload, fullscreen, closing. */

/** spec: "presence tiles in a side column (one column in portrait, two in landscape, row gap 10 px, fallback capacity 20 tiles)". */
export const PRESENCE_ROW_GAP_PX = 10;
export const PRESENCE_FALLBACK_CAPACITY = 20;

/** spec: "one column in portrait, two in landscape". */
export function presenceColumns(landscape: boolean): 1 | 2 {
  return landscape ? 2 : 1;
}

/**
 * How many tiles fit in the column: whole rows of `tileHeight` with the 10 px gap in
 * `availableHeight`, times the columns. Unmeasured or non-finite sizes give the spec's fallback
 * of 20; at least one row always shows.
 */
export function presenceCapacity(input: { availableHeight: number | null; tileHeight: number | null; columns: number }): number {
  const { availableHeight, tileHeight, columns } = input;
  if (availableHeight === null || tileHeight === null || !Number.isFinite(availableHeight) || !Number.isFinite(tileHeight) || tileHeight <= 0) {
    return PRESENCE_FALLBACK_CAPACITY;
  }
  const rows = Math.max(1, Math.floor((availableHeight + PRESENCE_ROW_GAP_PX) / (tileHeight + PRESENCE_ROW_GAP_PX)));
  return rows * Math.max(1, columns);
}

/**
 * spec: "An overflow tile says how many more exist; clicking expands all for 60 seconds." When
 * the tiles do not fit, the last place holds the overflow tile: capacity − 1 tiles and "+N".
 */
export function visiblePresences(count: number, capacity: number, expanded: boolean): { shown: number; hidden: number } {
  if (expanded || count <= capacity) return { shown: count, hidden: 0 };
  const shown = Math.max(0, capacity - 1);
  return { shown, hidden: count - shown };
}

/** spec §9: "Presence overflow expansion resets after 60 s." */
export function presenceExpansionActive(expandedAt: number | null, now: number): boolean {
  return expandedAt !== null && now - expandedAt < PRESENCE_OVERFLOW_RESET_MS;
}

/** A floating video window of the board. */
export interface VideoStreamWindow {
  url: string;
  /** When the `videostream` start message arrived (ms). */
  addedAt: number;
}

/**
 * spec: "videostream (action start adds the url, otherwise removes it)". The payload is
 * `{ action, url }`; a payload without a http(s) url changes nothing. A url that is already open
 * restarts its five minutes.
 */
export function applyVideoStreamMessage(
  windows: readonly VideoStreamWindow[],
  payload: unknown,
  now: number,
  /** The systems the board shows: a stream of another system's door stays off this board. */
  systemIds?: readonly number[],
): VideoStreamWindow[] {
  if (typeof payload !== "object" || payload === null) return [...windows];
  const { action, url, system_id: systemId } = payload as { action?: unknown; url?: unknown; system_id?: unknown };
  if (typeof url !== "string" || !/^https?:\/\//i.test(url)) return [...windows];
  if (systemIds && typeof systemId === "number" && !systemIds.includes(systemId)) return [...windows];
  const others = windows.filter((w) => w.url !== url);
  return action === "start" ? [...others, { url, addedAt: now }] : others;
}

/** spec: "auto-removed after 5 minutes, appear after 1 second". */
export function videoStreamPhase(window: VideoStreamWindow, now: number): "pending" | "open" | "expired" {
  const age = now - window.addedAt;
  if (age >= VIDEO_STREAM_AUTO_CLOSE_MS) return "expired";
  return age < VIDEO_STREAM_APPEAR_DELAY_MS ? "pending" : "open";
}

/** spec: "Width 1000 px single or 615 px multiple, gap 16 px, min height 600 single or 400 multiple." */
export function videoStreamLayout(count: number): { width: number; minHeight: number; gap: number } {
  return count > 1 ? { width: 615, minHeight: 400, gap: 16 } : { width: 1000, minHeight: 600, gap: 16 };
}

/**
 * spec: "The page reloads every 4 hours when the backend is connected." A board that is due
 * while disconnected reloads as soon as the socket is back (a reload offline would show an error
 * page on the wall).
 */
export function displayReloadDue(loadedAt: number, now: number, connected: boolean): boolean {
  return connected && now - loadedAt >= DISPLAY_RELOAD_INTERVAL_MS;
}

/**
 * spec: "Fullscreen starts automatically if configured and the page is opened within 5 seconds
 * while not logged in." Measured from the page load to the moment the profile is known, so a
 * profile switched to later does not take the screen away from someone working on it.
 */
export function autoFullscreen(input: { configured: boolean; loggedIn: boolean; pageOpenedAt: number; now: number }): boolean {
  return input.configured && !input.loggedIn && input.now - input.pageOpenedAt <= FULLSCREEN_AUTOSTART_WINDOW_MS;
}

/** The outcome of the close-call flow. */
export type CloseCallResult = { ok: true } | { ok: false; reason: "action_failed" | "still_open" | "mark_failed" };

/**
 * spec: "Close-call flow: confirm sends device action EndCalls, polls up to 15 times every 500 ms
 * until the call vanishes from open calls, then marks it manually closed and shows success;
 * otherwise an error." The I/O is passed in; `sleep` lets tests run without waiting.
 */
export async function runCloseCallFlow(steps: {
  sendEndCalls: () => Promise<boolean>;
  isStillOpen: () => Promise<boolean>;
  markClosed: () => Promise<boolean>;
  sleep?: (ms: number) => Promise<void>;
}): Promise<CloseCallResult> {
  const sleep = steps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  if (!(await steps.sendEndCalls().catch(() => false))) return { ok: false, reason: "action_failed" };
  let vanished = false;
  for (let attempt = 0; attempt < CLOSE_CALL_POLL_ATTEMPTS && !vanished; attempt++) {
    await sleep(CLOSE_CALL_POLL_INTERVAL_MS);
    vanished = !(await steps.isStillOpen().catch(() => true));
  }
  if (!vanished) return { ok: false, reason: "still_open" };
  return (await steps.markClosed().catch(() => false)) ? { ok: true } : { ok: false, reason: "mark_failed" };
}
