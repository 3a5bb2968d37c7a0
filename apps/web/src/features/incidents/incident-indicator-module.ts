import type { ComponentType } from "react";
import { addCataloguePart } from "../../i18n";
import { INCIDENTS_CATALOGUE } from "./incidents-catalogue";
import { HeaderBarOpenIncidents } from "./HeaderBarOpenIncidents";

/**
 * The header's incident indicator with its texts: loaded by the shell only for a signed-in user
 * who may see it (the /login bundle has no room for it, bench/skeleton.ts).
 */
export async function loadIncidentIndicator(): Promise<{ HeaderBarOpenIncidents: ComponentType }> {
  await addCataloguePart(INCIDENTS_CATALOGUE);
  return { HeaderBarOpenIncidents };
}
