import type { CataloguePart } from "../../i18n";

/** The analytics screen's texts, loaded with it (not in the /login bundle). */
export const ANALYTICS_CATALOGUE: CataloguePart = {
  de: () => import("../../i18n/locales/analytics/de.json"),
  en: () => import("../../i18n/locales/analytics/en.json"),
  fr: () => import("../../i18n/locales/analytics/fr.json"),
  it: () => import("../../i18n/locales/analytics/it.json"),
};
