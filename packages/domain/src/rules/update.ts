import { PRODUCT_VERSION } from "../version.ts";

/** spec: "It counts down from 30 seconds, then reloads." */
export const UPDATE_COUNTDOWN_SECONDS = 30;

/**
 * spec: "Response header X-CS-Version is read; if different from 5.441 an update is flagged."
 * A missing or blank header flags nothing.
 */
export function isUpdateAvailable(serverVersion: string | null | undefined): boolean {
  if (typeof serverVersion !== "string") return false;
  const version = serverVersion.trim();
  return version !== "" && version !== PRODUCT_VERSION;
}
