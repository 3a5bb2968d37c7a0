import type { CataloguePart } from "./index";

/** The texts of the public demo screen: loaded with it, so /login and /display do not carry them. */
export const DEMO_CATALOGUE: CataloguePart = {
  de: () => import("./locales/demo/de.json"),
  en: () => import("./locales/demo/en.json"),
  fr: () => import("./locales/demo/fr.json"),
  it: () => import("./locales/demo/it.json"),
};
