import type { CataloguePart } from "./index";

/**
 * The texts of the admin area and the entity registry (entity, field and option labels, units):
 * a catalogue of their own, loaded with the admin code, so /login and /display do not carry them.
 */
export const ADMIN_CATALOGUE: CataloguePart = {
  de: () => import("./locales/admin/de.json"),
  en: () => import("./locales/admin/en.json"),
  fr: () => import("./locales/admin/fr.json"),
  it: () => import("./locales/admin/it.json"),
};
