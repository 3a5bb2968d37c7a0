import type { CataloguePart } from "../../i18n";

/**
 * Texts only the main layout and its pages show (navigation, top bar, call-system badge, sync
 * indicator, footer, outdated-hub banner, sync and not-found pages): loaded with the main layout,
 * not with /login (bench/skeleton.ts budget). The display board's sign-out and the header's
 * login/logout stay in the core catalogue.
 */
export const SHELL_CATALOGUE: CataloguePart = {
  de: () => import("../../i18n/locales/shell/de.json"),
  en: () => import("../../i18n/locales/shell/en.json"),
  fr: () => import("../../i18n/locales/shell/fr.json"),
  it: () => import("../../i18n/locales/shell/it.json"),
};
