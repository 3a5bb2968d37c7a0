import type { CataloguePart } from "./index";

/**
 * The texts of the audit log modal: loaded when it first opens, together with the admin
 * catalogue, whose entity, field and permission labels the log's entries are shown with.
 */
export const AUDIT_CATALOGUE: CataloguePart = {
  de: () => import("./locales/audit/de.json"),
  en: () => import("./locales/audit/en.json"),
  fr: () => import("./locales/audit/fr.json"),
  it: () => import("./locales/audit/it.json"),
};
