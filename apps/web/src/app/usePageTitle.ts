import { useEffect } from "react";
import { useMatches } from "react-router";
import { useTranslation } from "react-i18next";
import { PRODUCT_NAME } from "@caresuite/domain";
import { titleKeyOf } from "./route-handle";

/** spec: "The page title is the translated title plus the product name." Deepest titled match wins. */
export function pageTitle(title: string | null): string {
  return title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

export function usePageTitle(): void {
  const matches = useMatches();
  const { t } = useTranslation();
  let key: string | null = null;
  for (const match of matches) key = titleKeyOf(match.handle) ?? key;
  useEffect(() => {
    document.title = pageTitle(key ? t(key) : null);
  }, [key, t]);
}
