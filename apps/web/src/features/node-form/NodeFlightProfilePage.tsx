import type { ReactNode } from "react";
import { flightProfile } from "@caresuite/domain";
import { EntityProvider } from "../../entity-admin/EntityContext";
import { EntityFormPage } from "../../entity-admin/EntityFormPage";

/**
 * The modal route /tree/edit/:nodeid/flightprofiles/:id? (admin::manage_flightprofiles, route
 * name flightProfileForm): the node's flight profile in the same generic form as
 * /admin/flightprofiles, which the registry builds from the one entity definition.
 */
export function NodeFlightProfilePage(): ReactNode {
  return (
    <EntityProvider entity={flightProfile}>
      <EntityFormPage />
    </EntityProvider>
  );
}
