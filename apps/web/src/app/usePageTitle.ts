import { useEffect } from "react";
import { useMatches } from "react-router";
import { useTranslation } from "react-i18next";
import { pageTitle } from "./page-title";
import { titleKeyOf } from "./route-handle";

/** The deepest titled route match names the page. */
export function usePageTitle(): void {
  const matches = useMatches();
  // Re-translated when a catalogue part arrives: a lazy screen's title lives in its own texts.
  const { t } = useTranslation(undefined, { bindI18nStore: "added" });
  let key: string | null = null;
  for (const match of matches) key = titleKeyOf(match.handle) ?? key;
  useEffect(() => {
    document.title = pageTitle(key ? t(key) : null);
  }, [key, t]);
}
