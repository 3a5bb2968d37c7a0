import type { CataloguePart } from "./index";

/** The commit and sync-error popups' texts, loaded with them when one first opens (not with /login). */
export const SYNC_POPUPS_CATALOGUE: CataloguePart = {
  de: () => import("./locales/sync-popups/de.json"),
  en: () => import("./locales/sync-popups/en.json"),
  fr: () => import("./locales/sync-popups/fr.json"),
  it: () => import("./locales/sync-popups/it.json"),
};
