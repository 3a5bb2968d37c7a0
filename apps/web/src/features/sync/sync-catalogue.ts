import type { CataloguePart } from "../../i18n";

/** The sync route's texts, loaded with it (not in the /login bundle). */
export const SYNC_CATALOGUE: CataloguePart = {
  de: () => import("../../i18n/locales/sync/de.json"),
  en: () => import("../../i18n/locales/sync/en.json"),
  fr: () => import("../../i18n/locales/sync/fr.json"),
  it: () => import("../../i18n/locales/sync/it.json"),
};
