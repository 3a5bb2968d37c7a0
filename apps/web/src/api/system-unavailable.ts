import { SYSTEM_STORAGE_KEY } from "@caresuite/domain";
import { log } from "./log";
import { navigateTo } from "./navigation";
import { writeStorage } from "./storage";

export const SYSTEM_REDIRECT_PARAM = "systemRedirect";
export const SYSTEM_UNAVAILABLE_PATH = "/tree/overview";
export const SYSTEM_UNAVAILABLE_TARGET = `${SYSTEM_UNAVAILABLE_PATH}?${SYSTEM_REDIRECT_PARAM}=1`;

export type SystemUnavailableAction = { kind: "reload"; to: string } | { kind: "navigate"; to: string } | { kind: "none" };

/**
 * spec §8: "Network status 424: system unavailable; logged, stored system reset to 1, page
 * reloaded once unless systemRedirect is present, go to /tree/overview with systemRedirect=1."
 * The marker in the URL is what makes the reload happen only once.
 */
export function systemUnavailableAction(location: { pathname: string; search: string }): SystemUnavailableAction {
  const alreadyRedirected = new URLSearchParams(location.search).has(SYSTEM_REDIRECT_PARAM);
  if (!alreadyRedirected) return { kind: "reload", to: SYSTEM_UNAVAILABLE_TARGET };
  if (location.pathname === SYSTEM_UNAVAILABLE_PATH) return { kind: "none" };
  return { kind: "navigate", to: SYSTEM_UNAVAILABLE_TARGET };
}

let reloading = false;
let onSystemReset: (() => void) | null = null;

/** The system context registers how to fall back to system 1 without a reload. */
export function registerSystemReset(handler: () => void): void {
  onSystemReset = handler;
}

export function handleSystemUnavailable(): void {
  // Several requests may fail at once; only the first one acts.
  if (reloading) return;
  log.warn("system unavailable (HTTP 424), falling back to system 1");
  writeStorage(SYSTEM_STORAGE_KEY, "1");
  const action = systemUnavailableAction(window.location);
  if (action.kind === "reload") {
    reloading = true;
    window.location.assign(action.to);
    return;
  }
  onSystemReset?.();
  if (action.kind === "navigate") navigateTo(action.to, { replace: true });
}
