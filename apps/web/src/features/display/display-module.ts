import type { ComponentType } from "react";
import { addCataloguePart } from "../../i18n";
import { DISPLAY_CATALOGUE } from "../../i18n/display-catalogue";
import { DisplayPage } from "./DisplayPage";

/** The lazily loaded /display route: the page and its texts arrive together (not with /login). */
export async function loadDisplayPage(): Promise<{ DisplayPage: ComponentType }> {
  await addCataloguePart(DISPLAY_CATALOGUE);
  return { DisplayPage };
}
