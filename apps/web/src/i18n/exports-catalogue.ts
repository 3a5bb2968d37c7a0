import type { CataloguePart } from "./index";

/** The export menu's and job list's texts (ui/exports), loaded with the log and the tree (not with /login). */
export const EXPORTS_CATALOGUE: CataloguePart = {
  de: () => import("./locales/exports/de.json"),
  en: () => import("./locales/exports/en.json"),
  fr: () => import("./locales/exports/fr.json"),
  it: () => import("./locales/exports/it.json"),
};
