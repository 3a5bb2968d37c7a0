import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { modalRoute } from "../../app/ModalRoute";
import type { RouteHandle } from "../../app/route-handle";
import { addCataloguePart } from "../../i18n";
import { ANALYTICS_CATALOGUE } from "./analytics-catalogue";
import { AnalyticsPage } from "./AnalyticsPage";

const handle: RouteHandle = { titleKey: "analytics.title" };

/**
 * /analytics and its drill-downs (spec route table: "/analytics | analytics::use_module and
 * analytics licence | children: systemtree/edit/:id?, call/edit/:id?"). The call form (the
 * display feature's) and the node form (features/node-form) are composed in by the router, since
 * one feature does not import another; both render as modals over the charts.
 */
export function analyticsRoutes(CallForm: ComponentType, NodeForm: ComponentType): RouteObject[] {
  return [
    {
      id: "analytics",
      path: "analytics",
      element: <AnalyticsPage />,
      handle,
      children: [
        modalRoute({ id: "analytics.call", path: "call/edit/:id", titleKey: "display.callForm.title", size: "lg", Component: CallForm }),
        modalRoute({
          id: "analytics.node",
          path: "systemtree/edit/:id",
          titleKey: "nodeFormRoutes.form",
          size: "80rem",
          phoneFullScreen: true,
          Component: NodeForm,
        }),
      ],
    },
  ];
}

/** Loads the analytics texts, then gives the routes (the router patches them in on the first visit). */
export async function loadAnalyticsRoutes(CallForm: ComponentType, NodeForm: ComponentType): Promise<RouteObject[]> {
  await addCataloguePart(ANALYTICS_CATALOGUE);
  return analyticsRoutes(CallForm, NodeForm);
}
