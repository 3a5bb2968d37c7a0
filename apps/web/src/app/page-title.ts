import { PRODUCT_NAME } from "@caresuite/domain";

/** spec: "The page title is the translated title plus the product name." */
export function pageTitle(title: string | null): string {
  return title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}
