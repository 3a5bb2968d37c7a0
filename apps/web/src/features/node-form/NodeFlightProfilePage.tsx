import type { ReactNode } from "react";
import { useParams } from "react-router";
import { NEW_RECORD_ID, flightProfile } from "@caresuite/domain";
import { EntityProvider } from "../../entity-admin/EntityContext";
import { EntityFormPage } from "../../entity-admin/EntityFormPage";
import { nodeFlightProfilePath } from "./node-paths";

/**
 * The modal route /tree/edit/:nodeid/flightprofiles/:id? (admin::manage_flightprofiles, route
 * name flightProfileForm): the node's flight profile in the same generic form as
 * /admin/flightprofiles, which the registry builds from the one entity definition. Its copy
 * opens this route with id -1 (spec data §4 "id -1 creates, copying resets id to -1"), not the
 * admin list's `edit/-1`, which does not exist below a node.
 */
export function NodeFlightProfilePage(): ReactNode {
  const nodeId = Number(useParams()["nodeid"]);
  return (
    <EntityProvider entity={flightProfile}>
      <EntityFormPage newRecordPath={Number.isInteger(nodeId) ? nodeFlightProfilePath(nodeId, NEW_RECORD_ID) : undefined} />
    </EntityProvider>
  );
}
