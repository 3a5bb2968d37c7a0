import { addCataloguePart } from "../../i18n";
import { SYNC_POPUPS_CATALOGUE } from "../../i18n/sync-popups-catalogue";
import { CommitPopup } from "./CommitPopup";
import { SyncErrorPopup } from "./SyncErrorPopup";

/** The popups and their texts, loaded together when one first opens (not with any page). */
export async function loadCommitPopup(): Promise<typeof CommitPopup> {
  await addCataloguePart(SYNC_POPUPS_CATALOGUE);
  return CommitPopup;
}

export async function loadSyncErrorPopup(): Promise<typeof SyncErrorPopup> {
  await addCataloguePart(SYNC_POPUPS_CATALOGUE);
  return SyncErrorPopup;
}
