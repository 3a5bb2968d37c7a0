import i18next, { type Resource, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import { FALLBACK_LOCALE, LOCALES, type Locale, STORAGE_PREFIX } from "@caresuite/domain";
import { setRequestLocale } from "../api/request-context";
import { readStorage, writeStorage } from "../api/storage";
import de from "./locales/de.json";

/** spec §9: "Storage prefix cs." */
export const LOCALE_STORAGE_KEY = `${STORAGE_PREFIX}locale`;

type Catalogue = { default: ResourceKey };

/** One catalogue in four languages; its keys are merged into the one "translation" namespace. */
export type CataloguePart = Record<Locale, () => Promise<Catalogue>>;

// German ships in the main bundle because it is the fallback for every missing key; the others
// are fetched on demand so /login stays small.
const loaders: CataloguePart = {
  de: () => Promise.resolve({ default: de }),
  en: () => import("./locales/en.json"),
  fr: () => import("./locales/fr.json"),
  it: () => import("./locales/it.json"),
};

/** The main catalogue plus the parts lazily loaded features added (e.g. the admin texts). */
const parts: CataloguePart[] = [loaders];
const loadedParts = new Map<CataloguePart, Set<Locale>>();
/** The language a running changeLocale is switching to. */
let switchingTo: Locale | null = null;

export function isLocale(value: string | null | undefined): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

async function loadPart(part: CataloguePart, locale: Locale): Promise<void> {
  const loaded = loadedParts.get(part) ?? new Set<Locale>();
  loadedParts.set(part, loaded);
  if (loaded.has(locale)) return;
  const catalogue = await part[locale]();
  i18next.addResourceBundle(locale, "translation", catalogue.default, true, true);
  loaded.add(locale);
}

async function ensureLoaded(locale: Locale): Promise<void> {
  await Promise.all(parts.map((part) => loadPart(part, locale)));
}

/**
 * Adds a feature's catalogue (loaded with the feature, not with /login): loads it for the
 * current language now and for every later language switch before the switch happens.
 */
export async function addCataloguePart(part: CataloguePart): Promise<void> {
  if (!parts.includes(part)) parts.push(part);
  // A switch already under way loaded the parts it knew of: load its language too.
  const locales = new Set([currentLocale(), switchingTo ?? currentLocale()]);
  await Promise.all([...locales].map((locale) => loadPart(part, locale)));
}

export async function initI18n(locale: Locale): Promise<void> {
  const resources: Resource = { [FALLBACK_LOCALE]: { translation: de } };
  await i18next.use(initReactI18next).init({
    resources,
    lng: FALLBACK_LOCALE,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: [...LOCALES],
    // React escapes output already.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await changeLocale(locale);
}

/**
 * Switches the UI language and what the server is told (Accept-Language). `persist` stores it
 * for the next visit (spec: locale "otherwise from local storage").
 */
export async function changeLocale(locale: Locale, options: { persist?: boolean } = {}): Promise<void> {
  switchingTo = locale;
  await ensureLoaded(locale);
  await i18next.changeLanguage(locale);
  setRequestLocale(locale);
  document.documentElement.lang = locale;
  if (options.persist) writeStorage(LOCALE_STORAGE_KEY, locale);
}

export function storedLocale(): string | null {
  return readStorage(LOCALE_STORAGE_KEY);
}

export function currentLocale(): Locale {
  const language = i18next.language;
  return isLocale(language) ? language : FALLBACK_LOCALE;
}

export { i18next as i18n };
