import { pushSyncError, type SyncErrorQueue } from "@caresuite/domain";
import { createStore } from "../../api/store";
import type { GetsHttpError } from "./sync-popups.graphql";

/** The pushed sync errors not yet dismissed: the latest, and how many arrived (docs/decisions/036). */
export const syncErrors = createStore<SyncErrorQueue<GetsHttpError> | null>(null);

export function receiveSyncError(error: GetsHttpError): void {
  // Only failures open the popup; a success (the field exists for the spec's message) says nothing.
  if (error.success) return;
  syncErrors.set((queue) => pushSyncError(queue, error));
}

export function dismissSyncErrors(): void {
  syncErrors.set(null);
}
