import type { CataloguePart } from "../../../i18n";

/** The backup screen's texts, loaded with it (not in the /login bundle nor the admin catalogue). */
export const BACKUPS_CATALOGUE: CataloguePart = {
  de: () => import("../../../i18n/locales/backups/de.json"),
  en: () => import("../../../i18n/locales/backups/en.json"),
  fr: () => import("../../../i18n/locales/backups/fr.json"),
  it: () => import("../../../i18n/locales/backups/it.json"),
};
