import type { ComponentType } from "react";
import { addCataloguePart } from "../../i18n";
import { DISPLAY_CATALOGUE } from "../../i18n/display-catalogue";
import { CallFormPage } from "./CallFormPage";

/** The call form and its texts (they live with the display board's call form) load together. */
export async function loadCallFormPage(): Promise<{ CallFormPage: ComponentType }> {
  await addCataloguePart(DISPLAY_CATALOGUE);
  return { CallFormPage };
}
