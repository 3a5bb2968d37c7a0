import type { ComponentType } from "react";
import { addCataloguePart } from "../../i18n";
import { MainLayout } from "./MainLayout";
import { SHELL_CATALOGUE } from "./shell-catalogue";

/** The main layout with the shell's own texts (app/router.tsx loads it lazily). */
export async function loadMainLayout(): Promise<{ MainLayout: ComponentType }> {
  await addCataloguePart(SHELL_CATALOGUE);
  return { MainLayout };
}
