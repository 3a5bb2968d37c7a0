/**
 * When a hub's data counts as outdated (spec: app state "outdated_hubs (id, name, last_sync)"; "A
 * warning banner about outdated hub data shows when not in demo mode, the user is logged in and
 * hubs are outdated"). The spec gives no age; hubs sync with the controller at least hourly and
 * battery values may lag 24 h, so a hub silent for longer than a day holds stale data
 * (docs/decisions/020-hubs-and-search.md).
 */
export const HUB_OUTDATED_AFTER_MS = 24 * 60 * 60 * 1000;

/** A configured hub is outdated when it never synced, its sync time is unreadable or older than a day. */
export function isHubOutdated(hub: { last_sync: string | null }, nowMs: number): boolean {
  if (hub.last_sync === null || hub.last_sync === "") return true;
  const synced = Date.parse(hub.last_sync);
  if (!Number.isFinite(synced)) return true;
  return nowMs - synced > HUB_OUTDATED_AFTER_MS;
}
