import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { modalRoute } from "../../app/ModalRoute";
import type { RouteHandle } from "../../app/route-handle";
import { addCataloguePart } from "../../i18n";
import { LOG_CATALOGUE } from "./log-catalogue";
import { LogPage } from "./LogPage";

const handle: RouteHandle = { titleKey: "log.title" };

/**
 * /log and its call form (spec route table: "/log | calllog::use_module | children: ...
 * /log/edit/:id?"; route name callForm). The form (`CallForm`, the display feature's call page)
 * is composed in by the router, since one feature does not import another; it renders as a
 * modal over the list, also when /log/edit/:id is opened directly (a multi-system board opens it
 * in a new tab). /log/filters (saved filters) has no screen yet: no route, so nothing links to it.
 */
export function logRoutes(CallForm: ComponentType): RouteObject[] {
  return [
    {
      id: "log",
      path: "log",
      element: <LogPage />,
      handle,
      children: [modalRoute({ id: "callForm", path: "edit/:id", titleKey: "display.callForm.title", size: "lg", Component: CallForm })],
    },
  ];
}

/** Loads the log texts, then gives the routes (the router patches them in on the first visit). */
export async function loadLogRoutes(CallForm: ComponentType): Promise<RouteObject[]> {
  await addCataloguePart(LOG_CATALOGUE);
  return logRoutes(CallForm);
}
