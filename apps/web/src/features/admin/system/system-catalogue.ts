import type { CataloguePart } from "../../../i18n";

/** The texts of /admin/maintenance, /admin/logs and /admin/license, loaded with those screens. */
export const SYSTEM_OPS_CATALOGUE: CataloguePart = {
  de: () => import("../../../i18n/locales/system-ops/de.json"),
  en: () => import("../../../i18n/locales/system-ops/en.json"),
  fr: () => import("../../../i18n/locales/system-ops/fr.json"),
  it: () => import("../../../i18n/locales/system-ops/it.json"),
};
