import type { CataloguePart } from "../../i18n";

/** The call log's texts, loaded with it (not in the /login bundle). */
export const LOG_CATALOGUE: CataloguePart = {
  de: () => import("../../i18n/locales/log/de.json"),
  en: () => import("../../i18n/locales/log/en.json"),
  fr: () => import("../../i18n/locales/log/fr.json"),
  it: () => import("../../i18n/locales/log/it.json"),
};
