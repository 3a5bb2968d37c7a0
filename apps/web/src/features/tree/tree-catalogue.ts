import type { CataloguePart } from "../../i18n";

/** The texts of the tree screens, loaded with them (not in the /login bundle). */
export const TREE_CATALOGUE: CataloguePart = {
  de: () => import("../../i18n/locales/tree/de.json"),
  en: () => import("../../i18n/locales/tree/en.json"),
  fr: () => import("../../i18n/locales/tree/fr.json"),
  it: () => import("../../i18n/locales/tree/it.json"),
};
