import type { CataloguePart } from "../../../i18n";

/** The incident notification screen's texts, loaded with it (not in the /login bundle). */
export const NOTIFICATION_CATALOGUE: CataloguePart = {
  de: () => import("../../../i18n/locales/incident-notifications/de.json"),
  en: () => import("../../../i18n/locales/incident-notifications/en.json"),
  fr: () => import("../../../i18n/locales/incident-notifications/fr.json"),
  it: () => import("../../../i18n/locales/incident-notifications/it.json"),
};
