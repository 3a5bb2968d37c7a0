/** spec: "The interface is offered in German, English, French and Italian." */
export const LOCALES = ["de", "en", "fr", "it"] as const;

/** A supported interface language. */
export type Locale = (typeof LOCALES)[number];

/** spec: "German is the default and the fallback." */
export const FALLBACK_LOCALE: Locale = "de";

/**
 * The supported locale a value names, or null. Case-insensitive; a region is ignored
 * ("de-CH" and "fr_FR" are German and French).
 */
export function toLocale(value: string | null | undefined): Locale | null {
  if (typeof value !== "string") return null;
  const primary = value.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return (LOCALES as readonly string[]).includes(primary) ? (primary as Locale) : null;
}

/**
 * spec: "The locale comes from a locale query parameter, otherwise from local storage, otherwise
 * from the user's locale." Unsupported values are skipped; German is the fallback.
 */
export function resolveLocale(query: string | null | undefined, stored: string | null | undefined, userLocale: string | null | undefined): Locale {
  return toLocale(query) ?? toLocale(stored) ?? toLocale(userLocale) ?? FALLBACK_LOCALE;
}

/**
 * The server's reading of `Accept-Language`: the supported language the client prefers most
 * (q-values respected, q=0 excluded, ties keep header order); German when none is supported.
 */
export function parseAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return FALLBACK_LOCALE;
  const ranges = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";");
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      return { locale: toLocale(tag), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((r) => r.locale !== null && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranges[0]?.locale ?? FALLBACK_LOCALE;
}
