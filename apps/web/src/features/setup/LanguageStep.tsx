import type { ReactNode } from "react";
import { Select, Text } from "@mantine/core";
import { IconLanguage } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { LOCALES } from "@caresuite/domain";
import { changeLocale, isLocale } from "../../i18n";
import * as TESTIDS from "../../testids";

/** Step 1: the interface language; switching applies at once and is remembered. */
export function LanguageStep(): ReactNode {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        {t("setup.language.text")}
      </Text>
      <Select
        label={t("setup.language.label")}
        leftSection={<IconLanguage size={16} aria-hidden="true" />}
        // Each language is named in its own language, so anyone can find theirs.
        data={LOCALES.map((locale) => ({ value: locale, label: t(`languages.${locale}`) }))}
        value={i18n.language}
        onChange={(value) => {
          if (isLocale(value)) void changeLocale(value, { persist: true });
        }}
        allowDeselect={false}
        data-testid={TESTIDS.setup.language}
      />
    </>
  );
}
