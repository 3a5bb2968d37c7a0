import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { MantineProvider } from "@mantine/core";
import { createInstance } from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { LOCALES } from "@caresuite/domain";
import de from "../i18n/locales/de.json";
import en from "../i18n/locales/en.json";
import fr from "../i18n/locales/fr.json";
import it_ from "../i18n/locales/it.json";
import { PasswordField } from "./PasswordField";

const CATALOGUES = { de, en, fr, it: it_ };

async function markupIn(locale: (typeof LOCALES)[number]): Promise<string> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng: locale, resources: { [locale]: { translation: CATALOGUES[locale] } } });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <PasswordField label="Passwort" />
      </MantineProvider>
    </I18nextProvider>,
  );
}

// 'The "Toggle password visibility" aria-label is English in every locale.'
describe("PasswordField", () => {
  it.each(LOCALES.map((locale) => [locale]))("labels the visibility toggle in %s", async (locale) => {
    const markup = await markupIn(locale);
    expect(markup).toContain(`aria-label="${CATALOGUES[locale].common.showPassword}"`);
    expect(markup).not.toContain("Toggle password visibility");
  });
});
