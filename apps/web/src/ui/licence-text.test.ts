import { describe, expect, it } from "vitest";
import { createInstance } from "i18next";
import { DEMO_LICENCE, UNLICENSED } from "@caresuite/domain";
import { buildLicence } from "@caresuite/domain/test-builders";
import adminDe from "../i18n/locales/admin/de.json";
import adminEn from "../i18n/locales/admin/en.json";
import adminFr from "../i18n/locales/admin/fr.json";
import adminIt from "../i18n/locales/admin/it.json";
import de from "../i18n/locales/de.json";
import en from "../i18n/locales/en.json";
import fr from "../i18n/locales/fr.json";
import it_ from "../i18n/locales/it.json";
import shellDe from "../i18n/locales/shell/de.json";
import shellEn from "../i18n/locales/shell/en.json";
import shellFr from "../i18n/locales/shell/fr.json";
import shellIt from "../i18n/locales/shell/it.json";
import { footerLicenceText, systemsLimitText, type LicenceText } from "./licence-text";

// The footer's texts load with the signed-in shell, the configurator's with the admin area.
const CATALOGUES = { de: [de, adminDe, shellDe], en: [en, adminEn, shellEn], fr: [fr, adminFr, shellFr], it: [it_, adminIt, shellIt] } as const;

async function translator(locale: keyof typeof CATALOGUES): Promise<(text: LicenceText) => string> {
  const i18n = createInstance();
  const [main, admin, shell] = CATALOGUES[locale];
  await i18n.init({ lng: locale, resources: { [locale]: { translation: { ...main, ...admin, ...shell } } }, interpolation: { escapeValue: false } });
  return (text) => {
    expect(i18n.exists(text.key), `${locale}: ${text.key}`).toBe(true);
    return i18n.t(text.key, text.values);
  };
}

describe("the licence texts", () => {
  // 'The footer says "not licensed" in red, while system parameters say "licence exhausted
  // (systems: 1)". Say one consistent thing: running unlicensed with the default limits.'
  it("say the same about running unlicensed in the footer and in the configurator list", async () => {
    const say = await translator("de");
    expect(say(footerLicenceText(UNLICENSED))).toBe("Ohne Lizenz – Standardumfang (1 System)");
    expect(say(systemsLimitText(UNLICENSED))).toMatch(/^Ohne Lizenz gilt der Standardumfang: 1 System\./);
    expect(say(systemsLimitText(UNLICENSED))).not.toMatch(/ausgeschöpft/);
  });

  it("name an activated licence, and mark the demo licence", async () => {
    const say = await translator("de");
    expect(say(footerLicenceText(buildLicence({ name: "Klinik Nord" })))).toBe("Lizenz: Klinik Nord");
    expect(say(footerLicenceText(DEMO_LICENCE))).toMatch(/Demo/);
  });

  it.each(Object.keys(CATALOGUES).map((locale) => [locale as keyof typeof CATALOGUES]))("exist in %s for every licence", async (locale) => {
    const say = await translator(locale);
    for (const licence of [UNLICENSED, DEMO_LICENCE, buildLicence()]) {
      expect(say(footerLicenceText(licence))).not.toMatch(/\{\{/);
      expect(say(systemsLimitText(licence))).not.toMatch(/\{\{/);
    }
  });
});
