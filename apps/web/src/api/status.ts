import { isUpdateAvailable } from "@caresuite/domain";
import { createStore } from "./store";

/** Server version that differs from ours, once seen (spec: "If it differs, an update is flagged"). */
export const availableUpdate = createStore<string | null>(null);

/** spec §4: "Backend connection flag true when the live socket connects, false when it closes." */
export const backendConnected = createStore(false);

/** Server clock minus local clock in ms; set by the `time` system message. */
export const clockOffsetMs = createStore(0);

export type HttpFailure = { kind: "network" } | { kind: "server"; status: number };

/** Last network/5xx failure, rendered by the HTTP error popup until dismissed. */
export const httpFailure = createStore<HttpFailure | null>(null);

export function noteServerVersion(version: string | null): void {
  if (version && isUpdateAvailable(version)) availableUpdate.set(version);
}

/** Current time as the server sees it. */
export function serverNow(): number {
  return Date.now() + clockOffsetMs.get();
}
