import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { modalRoute } from "../../app/ModalRoute";
import type { RouteHandle } from "../../app/route-handle";
import { addCataloguePart } from "../../i18n";
import { INCIDENTS_CATALOGUE } from "./incidents-catalogue";
import { IncidentDetail } from "./IncidentDetail";
import { IncidentsPage } from "./IncidentsPage";

const handle: RouteHandle = { titleKey: "incidents.title" };

/**
 * /analytics/incidents (spec route table: "analytics::manage_incidents and analytics licence |
 * children: /:id, systemtree/:id?, call/:id?, notifications, notifications/user/:id?"): the list,
 * the incident as a modal over it, and the node form and call form (composed in by the router,
 * since one feature does not import another) as modals too. The notification settings are their
 * own screens (features/incidents/notifications), wired in beside these.
 */
export function incidentsRoutes(CallForm: ComponentType, NodeForm: ComponentType, extraChildren: RouteObject[] = []): RouteObject[] {
  return [
    {
      id: "incidents",
      path: "analytics/incidents",
      element: <IncidentsPage />,
      handle,
      children: [
        modalRoute({
          id: "incidents.node",
          path: "systemtree/:id",
          titleKey: "nodeFormRoutes.form",
          size: "80rem",
          phoneFullScreen: true,
          Component: NodeForm,
        }),
        modalRoute({ id: "incidents.call", path: "call/:id", titleKey: "display.callForm.title", size: "lg", Component: CallForm }),
        ...extraChildren,
        modalRoute({ id: "incidents.detail", path: ":id", titleKey: "incidents.detail.title", size: "lg", Component: IncidentDetail }),
      ],
    },
  ];
}

/** Loads the incident texts, then gives the routes (patched in with the /analytics section). */
export async function loadIncidentsRoutes(CallForm: ComponentType, NodeForm: ComponentType): Promise<RouteObject[]> {
  await addCataloguePart(INCIDENTS_CATALOGUE);
  return incidentsRoutes(CallForm, NodeForm);
}
