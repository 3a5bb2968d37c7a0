import type { CataloguePart } from "./index";

/** The texts of the public display board: loaded with it, so /login does not carry them. */
export const DISPLAY_CATALOGUE: CataloguePart = {
  de: () => import("./locales/display/de.json"),
  en: () => import("./locales/display/en.json"),
  fr: () => import("./locales/display/fr.json"),
  it: () => import("./locales/display/it.json"),
};
