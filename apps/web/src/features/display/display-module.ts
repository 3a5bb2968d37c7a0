import type { ComponentType } from "react";
import { addCataloguePart } from "../../i18n";
import { DISPLAY_CATALOGUE } from "../../i18n/display-catalogue";
import { DisplayPage } from "./DisplayPage";

/**
 * The lazily loaded board: the page and its texts arrive together. The notification view is not
 * preloaded (/display's 150 KB budget): ui/NotificationsHost.tsx survives a failed late load.
 */
export async function loadDisplayPage(): Promise<{ DisplayPage: ComponentType }> {
  await addCataloguePart(DISPLAY_CATALOGUE);
  return { DisplayPage };
}
