import type { CataloguePart } from "./index";

/** The texts of the system tree node form (/tree/edit/...): loaded with it, so /login does not carry them. */
export const NODE_FORM_CATALOGUE: CataloguePart = {
  de: () => import("./locales/node-form/de.json"),
  en: () => import("./locales/node-form/en.json"),
  fr: () => import("./locales/node-form/fr.json"),
  it: () => import("./locales/node-form/it.json"),
};
