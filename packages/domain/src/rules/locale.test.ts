import { describe, expect, it } from "vitest";
import { FALLBACK_LOCALE, LOCALES, parseAcceptLanguage, resolveLocale } from "./locale.ts";

describe("resolveLocale", () => {
  // spec: "The locale comes from a locale query parameter, otherwise from local storage, otherwise
  // from the user's locale." and "German is the default and the fallback."
  it.each<[string | null, string | null, string | null, string]>([
    ["fr", "it", "en", "fr"],
    [null, "it", "en", "it"],
    [null, null, "en", "en"],
    [null, null, null, "de"],
    ["es", "it", "en", "it"], // unsupported query skipped
    ["xx", "yy", "zz", "de"],
    ["EN", null, null, "en"],
    [null, null, "fr-CH", "fr"],
  ])("query %j, stored %j, user %j → %s", (query, stored, user, expected) => {
    expect(resolveLocale(query, stored, user)).toBe(expected);
  });

  it('spec: "German, English, French and Italian"', () => {
    expect(LOCALES).toEqual(["de", "en", "fr", "it"]);
    expect(FALLBACK_LOCALE).toBe("de");
  });
});

describe("parseAcceptLanguage", () => {
  // spec: "Accept-Language (user locale lowercase, default de)"
  it.each<[string | undefined, string]>([
    [undefined, "de"],
    ["", "de"],
    ["en", "en"],
    ["it", "it"],
    ["es-ES,fr;q=0.8,en;q=0.5", "fr"],
    ["en;q=0.3,fr;q=0.9", "fr"],
    ["fr-FR, en", "fr"],
    ["es, pt", "de"],
    ["en;q=0, it", "it"],
    ["*", "de"],
  ])("%j → %s", (header, expected) => {
    expect(parseAcceptLanguage(header)).toBe(expected);
  });
});
