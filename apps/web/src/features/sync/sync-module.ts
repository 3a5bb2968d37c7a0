import type { ComponentType } from "react";
import { addCataloguePart } from "../../i18n";
import { ADMIN_CATALOGUE } from "../../i18n/admin-catalogue";
import { NODE_FORM_CATALOGUE } from "../../i18n/node-form-catalogue";
import { SYNC_CATALOGUE } from "./sync-catalogue";
import { SyncPage } from "./SyncPage";

/**
 * The lazily loaded /sync route: the page with its texts, and the admin and node form catalogues
 * whose field labels the changelog's diffs are shown with.
 */
export async function loadSyncPage(): Promise<{ SyncPage: ComponentType }> {
  await Promise.all([addCataloguePart(SYNC_CATALOGUE), addCataloguePart(ADMIN_CATALOGUE), addCataloguePart(NODE_FORM_CATALOGUE)]);
  return { SyncPage };
}
