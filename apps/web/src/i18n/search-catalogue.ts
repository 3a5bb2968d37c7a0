import type { CataloguePart } from "./index";

/** The global search popup's texts, loaded with it on first use (not with /login). */
export const SEARCH_CATALOGUE: CataloguePart = {
  de: () => import("./locales/search/de.json"),
  en: () => import("./locales/search/en.json"),
  fr: () => import("./locales/search/fr.json"),
  it: () => import("./locales/search/it.json"),
};
