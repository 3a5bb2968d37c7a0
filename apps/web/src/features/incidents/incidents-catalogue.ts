import type { CataloguePart } from "../../i18n";

/**
 * The incident screens' and the header indicator's texts (with the CONFLICT reasons the actions
 * answer), loaded with them: not in the core catalogue /login loads (bench/skeleton.ts).
 */
export const INCIDENTS_CATALOGUE: CataloguePart = {
  de: () => import("../../i18n/locales/incidents/de.json"),
  en: () => import("../../i18n/locales/incidents/en.json"),
  fr: () => import("../../i18n/locales/incidents/fr.json"),
  it: () => import("../../i18n/locales/incidents/it.json"),
};
