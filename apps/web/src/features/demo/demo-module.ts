import type { ComponentType } from "react";
import { addCataloguePart } from "../../i18n";
import { DEMO_CATALOGUE } from "../../i18n/demo-catalogue";
import { DemoPage } from "./DemoPage";

/** The lazily loaded /demo route: the page and its texts arrive together (not with /login). */
export async function loadDemoPage(): Promise<{ DemoPage: ComponentType }> {
  await addCataloguePart(DEMO_CATALOGUE);
  return { DemoPage };
}
